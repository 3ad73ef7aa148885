import { html } from 'hono/html'
import { publicOrigin } from '../../config.ts'
import type { AppContext } from '../../context.ts'
import { curitibaDateTime } from '../../domain/time-zone.ts'
import { brl, emailMessage, type OutboxMessage } from '../email/templates.ts'
import { unsubscribeHeaders, unsubscribeUrl } from './unsubscribe.ts'

type Link = { href: string; label: string }

/**
 * A reminder: its paragraphs, the items it is about (if any), its links, and at the foot the signed
 * unsubscribe link; the message carries RFC 8058's List-Unsubscribe headers too.
 */
async function reminder(
  ctx: AppContext,
  {
    to,
    subject,
    paragraphs,
    items = [],
    total,
    links,
  }: {
    to: string
    subject: string
    paragraphs: string[]
    items?: { name: string; cents: number }[]
    total?: number
    links: Link[]
  },
): Promise<OutboxMessage> {
  const stop = await unsubscribeUrl(ctx, to)
  const why = 'Você recebe este lembrete porque pediu lembretes sobre esta compra.'
  const stopLabel = 'Não quero mais receber lembretes'
  const lines = items.map((item) => `- ${item.name}: ${brl(item.cents)}`)
  const message = await emailMessage({
    to,
    subject,
    text: [
      ...paragraphs,
      ...(lines.length ? [lines.join('\n')] : []),
      ...(total === undefined ? [] : [`Total: ${brl(total)}`]),
      ...links.map((link) => `${link.label}: ${link.href}`),
      `${why} ${stopLabel}: ${stop}`,
    ].join('\n\n'),
    body: html`${paragraphs.map((paragraph) => html`<p>${paragraph}</p>`)}
${items.length ? html`<ul>${items.map((item) => html`<li>${item.name}: ${brl(item.cents)}</li>`)}</ul>` : ''}
${total === undefined ? '' : html`<p><strong>Total: ${brl(total)}</strong></p>`}
${links.map((link) => html`<p><a href="${link.href}">${link.label}</a></p>`)}
<p style="font-size:12px;color:#55606a">${why} <a href="${stop}">${stopLabel}</a></p>`,
  })
  return { ...message, headers: await unsubscribeHeaders(ctx, to) }
}

const site = (ctx: AppContext, path: string) => `${publicOrigin(ctx.env)}${path}`

/** The link back to an abandoned checkout, which restores its cart in the browser. */
export const resumePath = (checkoutId: string) => `/checkout?retomar=${checkoutId}`

export function abandonedCheckoutEmail(
  ctx: AppContext,
  checkout: { id: string; email: string; items: { name: string; cents: number }[]; totalCents: number },
  second: boolean,
) {
  return reminder(ctx, {
    to: checkout.email,
    subject: second ? 'Sua compra ainda está esperando por você' : 'Você esqueceu algo no carrinho',
    paragraphs: [
      second
        ? 'Seu carrinho no Instituto Renalis continua guardado. Se ainda quiser garantir sua vaga, é só voltar:'
        : 'Você começou uma compra no Instituto Renalis e não chegou a finalizá-la. Guardamos o seu carrinho:',
    ],
    items: checkout.items,
    total: checkout.totalCents,
    links: [{ href: site(ctx, resumePath(checkout.id)), label: 'Voltar para a finalização da compra' }],
  })
}

export function boletoDueEmail(
  ctx: AppContext,
  order: {
    id: string
    email: string
    totalCents: number
    boletoLine: string | null
    boletoUrl: string | null
    dueAt: Date
  },
) {
  return reminder(ctx, {
    to: order.email,
    subject: `Seu boleto vence amanhã — pedido ${order.id}`,
    paragraphs: [
      `O boleto do seu pedido ${order.id}, de ${brl(order.totalCents)}, vence amanhã (${curitibaDateTime(order.dueAt).slice(0, 10)}) e ainda não consta como pago.`,
      ...(order.boletoLine ? [`Linha digitável: ${order.boletoLine}`] : []),
      'Se você já pagou, desconsidere este e-mail: a compensação pode levar até 3 dias úteis.',
    ],
    links: [
      ...(order.boletoUrl ? [{ href: order.boletoUrl, label: 'Abrir o boleto (PDF)' }] : []),
      { href: site(ctx, `/pedido/${order.id}`), label: 'Ver o pedido' },
    ],
  })
}

export function paymentExpiredEmail(
  ctx: AppContext,
  order: { id: string; email: string; totalCents: number },
  what: 'boleto' | 'PIX',
) {
  return reminder(ctx, {
    to: order.email,
    subject: `Seu ${what} expirou — pedido ${order.id}`,
    paragraphs: [
      `O ${what} do seu pedido ${order.id}, de ${brl(order.totalCents)}, expirou sem pagamento.`,
      `Ainda dá tempo: em Minhas compras você gera um novo ${what} para o mesmo pedido, sem refazer a compra.`,
    ],
    links: [{ href: site(ctx, `/usuario/compras/${order.id}`), label: `Gerar um novo ${what}` }],
  })
}

export function feeEmail(
  ctx: AppContext,
  fee: {
    email: string
    planId: number
    applicationId: number
    name: string
    editalTitle: string
    amountCents: number
    dueOn: string
  },
  overdue: boolean,
) {
  const day = `${fee.dueOn.slice(8, 10)}/${fee.dueOn.slice(5, 7)}/${fee.dueOn.slice(0, 4)}`
  return reminder(ctx, {
    to: fee.email,
    subject: overdue
      ? `Mensalidade em atraso — ${fee.editalTitle}`
      : `Mensalidade a vencer — ${fee.editalTitle}`,
    paragraphs: [
      overdue
        ? `A mensalidade "${fee.name}" (${brl(fee.amountCents)}) de ${fee.editalTitle} venceu em ${day} e ainda não foi paga.`
        : `A mensalidade "${fee.name}" (${brl(fee.amountCents)}) de ${fee.editalTitle} vence em ${day}.`,
    ],
    links: [
      {
        href: site(ctx, `/usuario/editais/mensalidade/${fee.planId}?inscricao=${fee.applicationId}`),
        label: 'Pagar a mensalidade',
      },
    ],
  })
}
