import { z } from '@hono/zod-openapi'
import { html } from 'hono/html'
import { CourseUrl } from '../contract/catalog.ts'
import { HeldCertificate } from '../contract/certificates.ts'
import { OrderId } from '../contract/checkout.ts'
import { curitibaDateTime } from '../domain/time-zone.ts'
import { LOCAL_VIDEO_PATH } from '../domain/video.ts'
import { localOnly } from '../middleware/local-only.ts'
import { defineRoute, jsonBody, jsonContent, NoQuery, newApp } from '../openapi.ts'
import { issueCertificateFor } from '../services/certificates/student.ts'
import { orderLedger } from '../services/checkout/order-ledger.ts'
import { listOutbox } from '../services/email/outbox.ts'
import { simulateSandboxPayment } from '../services/payments/sandbox.ts'
import { demoLessonVideo } from '../services/student/downloads.ts'

const OutboxMessage = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  status: z.string(),
  created_at: z.string(),
  /** Extra headers (a reminder's List-Unsubscribe and List-Unsubscribe-Post). */
  headers: z.record(z.string(), z.string()),
})

/** The local seed's certificate: whose (e-mail), of which course, with which name. */
const DevCertificateInput = z
  .object({
    email: z.email({ error: 'E-mail inválido.' }).max(200),
    course_url: CourseUrl,
    nome: z.string().max(500),
  })
  .strict()

const app = newApp()
app.use('/dev/*', localOnly)
app.use('/api/dev/*', localOnly)
// 'Simular pagamento' of the Pagar.me sandbox.
app.use('/api/sandbox/*', localOnly)

export const devRoutes = app
  .openapi(
    defineRoute(
      'none',
      {
        operationId: 'simulateSandboxPayment',
        method: 'post',
        path: '/api/sandbox/pedidos/{id}/pagar',
        tags: ['Sandbox de pagamento'],
        summary: 'Simular o pagamento de um boleto ou PIX pendente no sandbox do Pagar.me (somente local)',
        description: 'Paga a cobrança no sandbox e relê o pedido lá, como o webhook faria.',
        request: { params: z.object({ id: OrderId }) },
        responses: {
          200: jsonContent(z.object({ status: z.string() }), 'A nova situação do pedido.'),
        },
      },
      { errors: ['notFound'], limit: 'checkout' },
    ),
    async (c) =>
      c.json(
        await simulateSandboxPayment({
          ctx: c.var.ctx,
          ledger: orderLedger(c.var.ctx),
          id: c.req.valid('param').id,
        }),
        200,
      ),
  )
  .openapi(
    defineRoute(
      'none',
      {
        operationId: 'getDemoLessonVideo',
        method: 'get',
        path: LOCAL_VIDEO_PATH,
        tags: ['Desenvolvimento'],
        summary: 'O vídeo que o player local das aulas reproduz (somente local)',
        description:
          'Em produção as aulas tocam no player do YouTube; localmente e nos testes, este vídeo curto (WebM) faz as vezes de todos.',
        request: { query: NoQuery },
        responses: {
          200: {
            description: 'O vídeo (WebM).',
            content: { 'video/webm': { schema: z.string().openapi({ format: 'binary' }) } },
          },
        },
      },
      { errors: ['notFound'], offline: true },
    ),
    async (c) => {
      const body = await demoLessonVideo(c.var.ctx, new URL(c.req.url).origin)
      if (!body) return c.json({ msg: 'O vídeo de demonstração não está no build (npm run build).' }, 404)
      return new Response(body, {
        status: 200,
        headers: { 'Content-Type': 'video/webm', 'Cache-Control': 'private, max-age=3600' },
      })
    },
  )
  .openapi(
    defineRoute(
      'none',
      {
        operationId: 'issueDevCourseCertificate',
        method: 'post',
        path: '/api/dev/certificados',
        tags: ['Desenvolvimento'],
        summary: 'Emitir o certificado de curso de um aluno pelo serviço de emissão (somente local)',
        description:
          'O que o aluno faria em Meus cursos, feito pelo seed local: as evidências de estudo decidem (409 com o que falta), e o certificado é assinado com a chave desta instância. Já emitido: o mesmo (200).',
        request: jsonBody(DevCertificateInput),
        responses: {
          200: jsonContent(HeldCertificate, 'Já estava emitido.'),
          201: jsonContent(HeldCertificate, 'Emitido agora.'),
        },
      },
      { limit: 'devTools', errors: ['notFound', 'conflict'] },
    ),
    async (c) => {
      const { email, course_url, nome } = c.req.valid('json')
      const { certificate, created } = await issueCertificateFor({
        ctx: c.var.ctx,
        email,
        courseUrl: course_url,
        name: nome,
      })
      return c.json(certificate, created ? 201 : 200)
    },
  )
  .openapi(
    defineRoute(
      'none',
      {
        operationId: 'listDevMailbox',
        method: 'get',
        path: '/api/dev/mailbox',
        tags: ['Desenvolvimento'],
        summary: 'Caixa de saída de e-mails (somente local)',
        responses: {
          200: {
            description: 'Mensagens, mais novas primeiro.',
            content: { 'application/json': { schema: z.array(OutboxMessage) } },
          },
        },
      },
      { errors: ['notFound'] },
    ),
    async (c) => {
      const rows = await listOutbox(c.var.ctx)
      return c.json(
        rows.map((row) => ({
          id: row.id,
          to: row.to,
          subject: row.subject,
          text: row.text,
          html: row.html,
          status: row.status,
          created_at: row.createdAt.toISOString(),
          headers: row.headers ?? {},
        })),
        200,
      )
    },
  )
  .openapi(
    defineRoute(
      'none',
      {
        operationId: 'showDevMailbox',
        method: 'get',
        path: '/dev/mailbox',
        tags: ['Desenvolvimento'],
        summary: 'Página da caixa de saída de e-mails (somente local)',
        responses: { 200: { description: 'HTML.', content: { 'text/html': { schema: z.string() } } } },
      },
      { errors: ['notFound'] },
    ),
    async (c) => {
      const rows = await listOutbox(c.var.ctx)
      // Each message in a sandboxed frame: whatever a message holds cannot run on this origin.
      const items = rows.map(
        (row) => html`<article>
  <h2>${row.subject}</h2>
  <p class="meta">Para <strong>${row.to}</strong> · ${curitibaDateTime(row.createdAt)} · ${row.status}</p>
  ${Object.entries(row.headers ?? {}).map(([name, value]) => html`<p class="meta"><code>${name}: ${value}</code></p>`)}
  <iframe sandbox="" title="${`Conteúdo do e-mail: ${row.subject}`}" srcdoc="${row.html}"></iframe>
</article>`,
      )
      return c.html(html`<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Caixa de saída (desenvolvimento)</title>
<style>body{font-family:system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;color:#1f2937}article{border:1px solid #d1d5db;border-radius:8px;padding:1rem;margin:1rem 0}.meta{color:#4b5563;font-size:.9rem}iframe{width:100%;min-height:16rem;border:1px solid #e5e7eb;border-radius:6px}</style>
</head><body><h1>Caixa de saída (somente no ambiente local)</h1>
<p>Os e-mails que o site enviaria aparecem aqui, mais novos primeiro.</p>
${items.length ? items : html`<p>Nenhum e-mail ainda.</p>`}
</body></html>`)
    },
  )
