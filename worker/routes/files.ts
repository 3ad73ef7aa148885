import { z } from '@hono/zod-openapi'
import { User } from '../contract/auth.ts'
import { MULTIPART_OVERHEAD_BYTES, PHOTO_MAX_BYTES } from '../domain/uploads.ts'
import { changePhoto } from '../services/auth/accounts.ts'
import { PUBLIC_FILE_TYPES, readPublicFile } from '../services/files/files.ts'
import { json, operation, response, routesOf } from './operation.ts'

// Checked by the service (type, size, magic number), so a missing file gets its own message.
const PhotoForm = z.object({ photo: z.unknown().optional().openapi({ type: 'string', format: 'binary' }) })

export const fileRoutes = routesOf(
  operation({
    operationId: 'uploadProfilePhoto',
    route: 'POST /api/usuario/foto',
    role: 'N',
    tags: ['Conta'],
    summary: 'Enviar a foto do perfil (JPG, PNG ou WebP, até 2 MB)',
    form: PhotoForm,
    answers: json(200, z.object({ data: User }), 'O usuário com a nova foto.'),
    maxBodyBytes: PHOTO_MAX_BYTES + MULTIPART_OVERHEAD_BYTES,
    run: async ({ ctx, user, form }) => ({
      data: await changePhoto({ ctx, user, file: form.photo }),
    }),
  }),
  operation({
    operationId: 'downloadFile',
    route: 'GET /files/{key}',
    role: 'none',
    tags: ['Arquivos'],
    summary: 'Arquivos públicos (fotos de perfil, anais) guardados no R2',
    description: 'A chave vai codificada num só segmento: `/files/users%2F1%2Ffoto.jpg`.',
    params: z.object({ key: z.string().max(300) }),
    answers: response({
      200: {
        description: 'O arquivo: foto de perfil (JPG, PNG, WebP) ou anais (PDF).',
        content: Object.fromEntries(
          PUBLIC_FILE_TYPES.map((type) => [type, { schema: z.string().openapi({ format: 'binary' }) }]),
        ),
      },
    }),
    errors: ['notFound'],
    run: async ({ c, ctx, params }) => {
      const file = await readPublicFile({ ctx, key: params.key, origin: new URL(c.req.url).origin })
      file.headers.set('X-Content-Type-Options', 'nosniff')
      return new Response(file.body, { status: 200, headers: file.headers })
    },
  }),
)
