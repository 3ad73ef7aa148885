import { eq } from 'drizzle-orm'
import { orders } from '../../../db/schema.ts'
import type { AppContext } from '../../context.ts'
import { INSTITUTE } from '../../contract/institute.ts'
import { formatBoletoLine } from '../../domain/boleto.ts'
import { AppError, notFound } from '../../errors.ts'
import { handleGatewayEvent } from './settle.ts'

const sandboxOnly = (ctx: AppContext) => {
  if (ctx.env.PAYMENT_GATEWAY !== 'sandbox') throw notFound('Endereço não encontrado.')
}
const sandbox = (ctx: AppContext) =>
  ctx.env.SANDBOX_GATEWAY.get(ctx.env.SANDBOX_GATEWAY.idFromName('sandbox'))

/** GET /api/payments/config: the live public key only on the production origins (SPEC section 7). */
export function paymentsConfig({ ctx, requestUrl }: { ctx: AppContext; requestUrl: string }) {
  if (ctx.env.PAYMENT_GATEWAY === 'sandbox') {
    return {
      gateway: 'sandbox' as const,
      public_key: 'pk_test_sandbox',
      tokenize_url: '/api/sandbox/core/v5/tokens',
    }
  }
  const host = new URL(requestUrl).hostname
  const production = new URL(INSTITUTE.origin).hostname.replace(/^www\./, '')
  const live = host === production || host === `www.${production}`
  return {
    gateway: 'pagarme' as const,
    public_key: (live ? ctx.env.PAGARME_PUBLIC_KEY_LIVE : ctx.env.PAGARME_PUBLIC_KEY_TEST) ?? '',
    tokenize_url: 'https://api.pagar.me/core/v5/tokens',
  }
}

export async function tokenizeSandboxCard({
  ctx,
  card,
}: {
  ctx: AppContext
  card: { number: string; holder_name: string; exp_month: number; exp_year: number; cvv: string }
}) {
  sandboxOnly(ctx)
  return sandbox(ctx).tokenize(card, Date.now())
}

/** The boleto page's one script (its print button); the page's policy allows it by hash. */
export const BOLETO_PRINT_SCRIPT =
  "document.getElementById('imprimir').addEventListener('click',function(){window.print()})"

/** The sandbox's printable boleto. */
export async function boletoPage({ ctx, gatewayOrderId }: { ctx: AppContext; gatewayOrderId: string }) {
  sandboxOnly(ctx)
  const order = await sandbox(ctx).getOrder(gatewayOrderId)
  if (!order?.boleto) throw notFound('Boleto não encontrado.')
  const due = new Date(order.boleto.dueAt).toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' })
  const amount = (order.amountCents / 100).toLocaleString('pt-BR', { style: 'currency', currency: 'BRL' })
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Boleto ${order.gatewayOrderId}</title>
<style>body{font-family:system-ui,sans-serif;max-width:720px;margin:2rem auto;padding:0 1rem;color:#111}table{width:100%;border-collapse:collapse}td{border:1px solid #444;padding:.5rem;vertical-align:top}small{display:block;color:#444}code{font-size:1.05rem;letter-spacing:.03em}@media print{button{display:none}}</style></head>
<body><h1>Boleto bancário (sandbox — não pagável)</h1>
<p><code>${formatBoletoLine(order.boleto.line)}</code></p>
<table><tr><td><small>Beneficiário</small>${INSTITUTE.fullName}</td><td><small>Vencimento</small>${due}</td></tr>
<tr><td><small>Pedido</small>${order.code}</td><td><small>Valor</small>${amount}</td></tr></table>
<p>Ambiente de testes: use "Simular pagamento" na tela do pedido para confirmar.</p>
<button type="button" id="imprimir">Imprimir</button><script>${BOLETO_PRINT_SCRIPT}</script></body></html>`
}

/** Plays the buyer paying a pending boleto or PIX; the result reaches the order as a webhook would. */
export async function simulateSandboxPayment({ ctx, orderId }: { ctx: AppContext; orderId: string }) {
  sandboxOnly(ctx)
  if (ctx.env.APP_ENV === 'production') throw notFound('Endereço não encontrado.')
  const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId))
  if (!order?.gatewayOrderId) throw notFound('Pedido não encontrado.')
  await sandbox(ctx).pay(order.gatewayOrderId, Date.now())
  const { order: settled } = await handleGatewayEvent(ctx, order.gatewayOrderId)
  return { status: settled?.status ?? order.status }
}

/** POST /webhooks/pagarme: authenticated when credentials are configured; the event names an order to re-read. */
export async function receiveWebhook({
  ctx,
  authorization,
  event,
}: {
  ctx: AppContext
  authorization: string | undefined
  event: { type: string; data: { id: string } }
}) {
  const expected = ctx.env.PAGARME_WEBHOOK_AUTH
  if (expected && authorization !== `Basic ${btoa(expected)}`) {
    throw new AppError('UNAUTHENTICATED', 'Credencial do webhook inválida.')
  }
  if (!event.type.startsWith('order.') && !event.type.startsWith('charge.')) return
  // Charge events carry the charge; order events the order. Either way the order is re-read.
  const id = event.type.startsWith('charge.')
    ? String((event.data as { order?: { id?: string } }).order?.id ?? '')
    : event.data.id
  if (!id) return
  try {
    await handleGatewayEvent(ctx, id)
  } catch (error) {
    // An order the provider does not know (a forged id) changes nothing and is not retried.
    console.warn(
      JSON.stringify({
        level: 'warn',
        requestId: ctx.requestId,
        kind: 'webhook_ignored',
        id,
        error: String(error),
      }),
    )
  }
}
