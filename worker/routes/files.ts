import { z } from '@hono/zod-openapi'
import { PUBLIC_FILE_TYPES, readPublicFile } from '../services/files/files.ts'
import { operation, response, routesOf } from './operation.ts'

export const fileRoutes = routesOf(
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
