import { z } from '@hono/zod-openapi'
import { html } from 'hono/html'
import { CourseUrl } from '../contract/catalog.ts'
import { HeldCertificate } from '../contract/certificates.ts'
import { OrderId } from '../contract/checkout.ts'
import { curitibaDateTime } from '../domain/time-zone.ts'
import { LOCAL_VIDEO_PATH } from '../domain/video.ts'
import { NoQuery } from '../openapi.ts'
import { issueCertificateFor } from '../services/certificates/student.ts'
import { orderLedger } from '../services/checkout/order-ledger.ts'
import { listOutbox } from '../services/email/outbox.ts'
import { simulateSandboxPayment } from '../services/payments/sandbox.ts'
import { demoLessonVideo } from '../services/student/downloads.ts'
import { conferenceDevOperations } from './dev-conference.ts'
import { createdOrExisting, htmlContent, json, operation, response, routesOf } from './operation.ts'

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

const TAGS = ['Desenvolvimento']

// Refused outside the local stack before this area is even built (LOCAL_TOOLS, worker/app.ts).
export const devRoutes = routesOf(
  operation({
    operationId: 'simulateSandboxPayment',
    route: 'POST /api/sandbox/pedidos/{id}/pagar',
    role: 'none',
    tags: ['Sandbox de pagamento'],
    summary: 'Simular o pagamento de um boleto ou PIX pendente no sandbox do Pagar.me (somente local)',
    description: 'Paga a cobrança no sandbox e relê o pedido lá, como o webhook faria.',
    params: z.object({ id: OrderId }),
    answers: json(200, z.object({ status: z.string() }), 'A nova situação do pedido.'),
    errors: ['notFound'],
    limit: 'checkout',
    run: ({ ctx, params }) => simulateSandboxPayment({ ctx, ledger: orderLedger(ctx), id: params.id }),
  }),
  operation({
    operationId: 'getDemoLessonVideo',
    route: `GET ${LOCAL_VIDEO_PATH}`,
    role: 'none',
    tags: TAGS,
    summary: 'O vídeo que o player local das aulas reproduz (somente local)',
    description:
      'Em produção as aulas tocam no player do YouTube; localmente e nos testes, este vídeo curto (WebM) faz as vezes de todos.',
    query: NoQuery,
    answers: response({
      200: {
        description: 'O vídeo (WebM).',
        content: { 'video/webm': { schema: z.string().openapi({ format: 'binary' }) } },
      },
    }),
    errors: ['notFound'],
    offline: true,
    run: async ({ c, ctx }) => {
      const body = await demoLessonVideo(ctx, new URL(c.req.url).origin)
      if (!body) return c.json({ msg: 'O vídeo de demonstração não está no build (npm run build).' }, 404)
      return new Response(body, {
        status: 200,
        headers: { 'Content-Type': 'video/webm', 'Cache-Control': 'private, max-age=3600' },
      })
    },
  }),
  operation({
    operationId: 'issueDevCourseCertificate',
    route: 'POST /api/dev/certificados',
    role: 'none',
    tags: TAGS,
    summary: 'Emitir o certificado de curso de um aluno pelo serviço de emissão (somente local)',
    description:
      'O que o aluno faria em Meus cursos, feito pelo seed local: as evidências de estudo decidem (409 com o que falta), e o certificado é assinado com a chave desta instância. Já emitido: o mesmo (200).',
    body: DevCertificateInput,
    answers: createdOrExisting(HeldCertificate, {
      existing: 'Já estava emitido.',
      created: 'Emitido agora.',
    }),
    limit: 'devTools',
    errors: ['notFound', 'conflict'],
    run: async ({ ctx, input: { email, course_url, nome } }) => {
      const { certificate, created } = await issueCertificateFor({
        ctx,
        email,
        courseUrl: course_url,
        name: nome,
      })
      return { value: certificate, created }
    },
  }),
  operation({
    operationId: 'listDevMailbox',
    route: 'GET /api/dev/mailbox',
    role: 'none',
    tags: TAGS,
    summary: 'Caixa de saída de e-mails (somente local)',
    answers: json(200, z.array(OutboxMessage), 'Mensagens, mais novas primeiro.'),
    errors: ['notFound'],
    run: async ({ ctx }) =>
      (await listOutbox(ctx)).map((row) => ({
        id: row.id,
        to: row.to,
        subject: row.subject,
        text: row.text,
        html: row.html,
        status: row.status,
        created_at: row.createdAt.toISOString(),
        headers: row.headers ?? {},
      })),
  }),
  operation({
    operationId: 'showDevMailbox',
    route: 'GET /dev/mailbox',
    role: 'none',
    tags: TAGS,
    summary: 'Página da caixa de saída de e-mails (somente local)',
    answers: response({ 200: htmlContent('HTML.') }),
    errors: ['notFound'],
    run: async ({ c, ctx }) => {
      const rows = await listOutbox(ctx)
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
  }),
  ...conferenceDevOperations,
)
