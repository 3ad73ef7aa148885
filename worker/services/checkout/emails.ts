import { html } from 'hono/html'
import type { orders } from '../../../db/schema.ts'
import type { EmailMessage } from '../../adapters/email.ts'
import { publicOrigin } from '../../config.ts'
import { INSTITUTE } from '../../contract/institute.ts'
import type { Env } from '../../env.ts'

// The buyer's e-mails about an order, in pt-BR. Their HTML goes through hono/html's `html`
// template, which escapes every value (a payer named '<svg/onload=…>' stays text).

type OrderRow = typeof orders.$inferSelect

const brl = (cents: number) => (cents / 100).toLocaleString('pt-BR', { style: 'currency', currency: 'BRL' })
const firstName = (order: OrderRow) => order.payer.name.trim().split(/\s+/)[0] ?? ''

function signature() {
  const phone = `${INSTITUTE.phones.education.label}: ${INSTITUTE.phones.education.number}`
  return {
    text: `${INSTITUTE.fullName}\n${phone} · ${INSTITUTE.emails.education}`,
    html: html`<p>${INSTITUTE.fullName}<br>${phone} · ${INSTITUTE.emails.education}</p>`,
  }
}

function message(to: string, subject: string, paragraphs: string[], link?: { href: string; label: string }) {
  const sign = signature()
  const text = [...paragraphs, ...(link ? [`${link.label}: ${link.href}`] : []), sign.text].join('\n\n')
  const body = html`${paragraphs.map((paragraph) => html`<p>${paragraph}</p>`)}${
    link ? html`<p><a href="${link.href}">${link.label}</a></p>` : ''
  }${sign.html}`
  return { to, subject, text, html: body.toString() } satisfies EmailMessage
}

export function confirmationEmail(env: Env, order: OrderRow): EmailMessage {
  return message(
    order.payer.email,
    `Pagamento confirmado — pedido ${order.id}`,
    [
      `Olá, ${firstName(order)}!`,
      `Recebemos o pagamento do seu pedido ${order.id} (${brl(order.totalCents)}). Sua matrícula está confirmada.`,
      'Se esta é sua primeira compra, use "Esqueceu sua senha?" com este e-mail para criar sua senha.',
    ],
    { href: `${publicOrigin(env)}/usuario/cursos`, label: 'Meus cursos' },
  )
}

export function refundEmail(env: Env, order: OrderRow, refundedCents: number, total: boolean): EmailMessage {
  return message(
    order.payer.email,
    `${total ? 'Estorno' : 'Estorno parcial'} do pedido ${order.id}`,
    [
      `Olá, ${firstName(order)}!`,
      total
        ? `O pagamento do seu pedido ${order.id} foi estornado (${brl(refundedCents)}). As inscrições e o acesso que ele dava foram encerrados.`
        : `Estornamos ${brl(refundedCents)} do seu pedido ${order.id} (total de ${brl(order.totalCents)}). Suas inscrições continuam ativas.`,
      'No cartão, o valor volta na fatura conforme o prazo do banco emissor; no PIX, à conta que pagou.',
    ],
    { href: `${publicOrigin(env)}/pedido/${order.id}`, label: 'Ver o pedido' },
  )
}

export function chargebackEmail(env: Env, order: OrderRow): EmailMessage {
  return message(
    order.payer.email,
    `Pagamento contestado — pedido ${order.id}`,
    [
      `Olá, ${firstName(order)}!`,
      `O pagamento do pedido ${order.id} (${brl(order.totalCents)}) foi contestado junto à operadora do cartão e o valor foi devolvido. Por isso, as inscrições e o acesso que ele dava foram encerrados.`,
      `Se você não reconhece a contestação, fale com o Centro de Ensino: ${INSTITUTE.emails.education}.`,
    ],
    { href: `${publicOrigin(env)}/pedido/${order.id}`, label: 'Ver o pedido' },
  )
}

/**
 * To the owner of an account whose e-mail a visitor used at the checkout (SPEC: the purchase goes
 * to that account): the owner hears of it; the visitor sees nothing of the account.
 */
export function purchaseWithYourEmail(env: Env, to: string, orderId: string): EmailMessage {
  return message(
    to,
    `Um pedido foi feito com o seu e-mail — ${INSTITUTE.name}`,
    [
      'Olá!',
      `Alguém fez o pedido ${orderId} informando este e-mail, sem entrar na sua conta. Quando ele for pago, as inscrições aparecerão em "Meus cursos" na sua conta.`,
      `Se não foi você, nada muda na sua conta e ninguém vê os seus dados; se quiser, avise o Centro de Ensino: ${INSTITUTE.emails.education}.`,
    ],
    { href: `${publicOrigin(env)}/usuario/compras`, label: 'Minhas compras' },
  )
}
