import { z } from '@hono/zod-openapi'
import { User } from '../contract/auth.ts'
import { MULTIPART_OVERHEAD_BYTES, PHOTO_MAX_BYTES } from '../domain/uploads.ts'
import { requireUser } from '../middleware/auth.ts'
import { defineRoute, newApp } from '../openapi.ts'
import { changePhoto } from '../services/auth/accounts.ts'
import { PUBLIC_FILE_TYPES, readPublicFile } from '../services/files/files.ts'

// Checked by the service (type, size, magic number), so a missing file gets its own message.
const PhotoForm = z.object({ photo: z.unknown().optional().openapi({ type: 'string', format: 'binary' }) })

export const fileRoutes = newApp()
  .openapi(
    defineRoute(
      'N',
      {
        operationId: 'uploadProfilePhoto',
        method: 'post',
        path: '/api/usuario/foto',
        tags: ['Conta'],
        summary: 'Enviar a foto do perfil (JPG, PNG ou WebP, até 2 MB)',
        request: { body: { content: { 'multipart/form-data': { schema: PhotoForm } }, required: true } },
        responses: {
          200: {
            description: 'O usuário com a nova foto.',
            content: { 'application/json': { schema: z.object({ data: User }) } },
          },
        },
      },
      { maxBodyBytes: PHOTO_MAX_BYTES + MULTIPART_OVERHEAD_BYTES },
    ),
    async (c) => {
      const user = await requireUser(c)
      return c.json(
        { data: await changePhoto({ ctx: c.var.ctx, user, file: c.req.valid('form').photo }) },
        200,
      )
    },
  )
  .openapi(
    defineRoute(
      'none',
      {
        operationId: 'downloadFile',
        method: 'get',
        path: '/files/{key}',
        tags: ['Arquivos'],
        summary: 'Arquivos públicos (fotos de perfil, anais) guardados no R2',
        description: 'A chave vai codificada num só segmento: `/files/users%2F1%2Ffoto.jpg`.',
        request: { params: z.object({ key: z.string().max(300) }) },
        responses: {
          200: {
            description: 'O arquivo: foto de perfil (JPG, PNG, WebP) ou anais (PDF).',
            content: Object.fromEntries(
              PUBLIC_FILE_TYPES.map((type) => [type, { schema: z.string().openapi({ format: 'binary' }) }]),
            ),
          },
        },
      },
      { errors: ['notFound'] },
    ),
    async (c) => {
      const file = await readPublicFile({
        ctx: c.var.ctx,
        key: c.req.valid('param').key,
        origin: new URL(c.req.url).origin,
      })
      file.headers.set('X-Content-Type-Options', 'nosniff')
      return new Response(file.body, { status: 200, headers: file.headers })
    },
  )
