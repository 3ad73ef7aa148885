import { and, eq, isNull, type SQL, sql } from 'drizzle-orm'
import { orderItems, users } from '../../../db/schema.ts'
import { publicOrigin } from '../../config.ts'
import type { AppContext } from '../../context.ts'
import type { Gift } from '../../contract/checkout.ts'
import { INSTITUTE } from '../../domain/institute.ts'
import type { Env } from '../../env.ts'
import { NOBODY_HOLDS_IT } from '../auth/holders.ts'
import { hashToken, newToken } from '../auth/tokens.ts'
import { brl, firstName, message } from '../email/templates.ts'
import { giftOf } from './gifts.ts'
import type { OrderRow } from './orders.ts'

// The buyer's e-mails about an order, in pt-BR, built with the outbox's template (hono/html:
// every value is escaped, so a payer named '<svg/onload=…>' stays text).

/** A first-password link: the token in the fragment, never in a log or a Referer. */
const firstPasswordHref = (env: Env, token: string) =>
  `${publicOrigin(env)}/senha/redefinir#token=${token}&primeira=1`

/** How long the first-password link of a new buyer's confirmation lasts (used once). */
export const FIRST_PASSWORD_TTL_MS = 7 * 86_400_000

/**
 * A purchase that created the buyer's account (no password yet): a single-use link to set it,
 * written in the settlement's own transaction (`thisStep`), so a replayed payment makes no second.
 * A guest's purchase waiting for the proof of its e-mail (`claimEmail`, decision 010): the same
 * link, for the account of that e-mail: following it proves the address and claims the purchase.
 * The token travels in the fragment, as the reset links do (never in a log or a Referer).
 */
export async function firstPasswordLink(ctx: AppContext, order: OrderRow, thisStep: SQL) {
  const claim = order.userId === null
  const [owner] = claim
    ? order.claimEmail
      ? await ctx.db
          .select({ id: users.id, passwordHash: users.passwordHash, deletedAt: users.deletedAt })
          .from(users)
          .where(and(eq(users.email, order.claimEmail), isNull(users.emailVerifiedAt)))
      : []
    : await ctx.db
        .select({ id: users.id, passwordHash: users.passwordHash, deletedAt: users.deletedAt })
        .from(users)
        .where(eq(users.id, order.userId!))
  if (!owner || owner.deletedAt || (!claim && owner.passwordHash)) return null
  const token = newToken()
  const expiresAt = new Date(ctx.now.getTime() + FIRST_PASSWORD_TTL_MS)
  const stillSo = claim
    ? sql`email_verified_at IS NULL AND email = ${order.claimEmail}`
    : sql`password_hash IS NULL`
  return {
    link: firstPasswordHref(ctx.env, token),
    claim,
    statement: sql`INSERT INTO password_resets (token_hash, user_id, expires_at)
      SELECT ${await hashToken(token)}, ${owner.id}, ${expiresAt.getTime()}
      WHERE ${thisStep} AND EXISTS (SELECT 1 FROM users WHERE id = ${owner.id} AND ${stillSo})`,
  }
}

/**
 * The payment confirmation; with a first-password link it is secret (blanked once sent).
 * `giftWaits`: the gift's recipient must first confirm the address (decision 010).
 */
export function confirmationEmail(
  env: Env,
  order: OrderRow,
  firstPassword?: string,
  claim = false,
  giftWaits = false,
) {
  const gift = giftOf(order)
  return message(
    order.payer.email,
    `Pagamento confirmado — pedido ${order.id}`,
    [
      `Olá, ${firstName(order.payer.name)}!`,
      gift
        ? giftWaits
          ? `Recebemos o pagamento do seu pedido ${order.id} (${brl(order.totalCents)}). ${gift.name} (${gift.email}) recebeu por e-mail o presente, com o seu nome; o acesso aparece na conta desse e-mail assim que ele for confirmado.`
          : `Recebemos o pagamento do seu pedido ${order.id} (${brl(order.totalCents)}). O presente foi entregue: ${gift.name} (${gift.email}) recebeu por e-mail o acesso, com o seu nome.`
        : `Recebemos o pagamento do seu pedido ${order.id} (${brl(order.totalCents)}). Sua matrícula está confirmada.`,
      ...(firstPassword && claim
        ? [
            'Este e-mail já tem uma conta, ainda não confirmada. Para ver esta compra na área do aluno, confirme o e-mail criando uma senha pelo link abaixo: ele vale por 7 dias e pode ser usado uma única vez. A nova senha substitui qualquer outra e encerra as sessões abertas na conta.',
          ]
        : firstPassword
          ? [
              'Criamos uma conta para você com este e-mail. Para entrar na área do aluno, crie sua senha pelo link abaixo: ele vale por 7 dias e pode ser usado uma única vez.',
            ]
          : []),
    ],
    [
      ...(firstPassword ? [{ href: firstPassword, label: 'Criar minha senha' }] : []),
      gift
        ? { href: `${publicOrigin(env)}/usuario/compras`, label: 'Minhas compras' }
        : { href: `${publicOrigin(env)}/usuario/cursos`, label: 'Meus cursos' },
    ],
    { secret: Boolean(firstPassword) },
  )
}

/**
 * To a gift's recipient, when it is paid: who sent it and what it gives. When the account of that
 * e-mail has no password (made for the gift, or never given one), a single-use link to set it; when
 * someone holds the account without having proved the address, the gift waits for the proof
 * (decision 010; `recipientStatements`), and the link (a new password, which ends the sessions
 * there) or the account's own confirmation claims it. Following the link proves the address.
 * The link is written in the settlement's transaction.
 */
export async function giftEmail(ctx: AppContext, order: OrderRow, gift: Gift, thisStep: SQL) {
  const [account] = await ctx.db
    .select({
      passwordHash: users.passwordHash,
      deletedAt: users.deletedAt,
      emailVerifiedAt: users.emailVerifiedAt,
      held: sql<number>`NOT ${NOBODY_HOLDS_IT}`,
    })
    .from(users)
    .where(eq(users.email, gift.email))
  const waits = Boolean(account && !account.deletedAt && !account.emailVerifiedAt && account.held)
  const needsPassword = !account || (!account.deletedAt && (!account.passwordHash || waits))
  const token = needsPassword ? newToken() : null
  const items = await ctx.db
    .select({ name: orderItems.name })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(orderItems.id)
  const link = token ? firstPasswordHref(ctx.env, token) : null
  const mail = await message(
    gift.email,
    `${order.payer.name} enviou um presente para você — ${INSTITUTE.name}`,
    [
      `Olá, ${firstName(gift.name)}!`,
      `${order.payer.name} (${order.payer.email}) presenteou você com: ${items.map((item) => item.name).join('; ')}.`,
      waits
        ? `Este e-mail já tem uma conta no ${INSTITUTE.name}, ainda não confirmada, e o presente fica guardado até a confirmação. Para recebê-lo, crie uma nova senha pelo link abaixo (vale por 7 dias, uma única vez; a nova senha substitui qualquer outra e encerra as sessões abertas na conta) ou, se a conta é sua, entre nela e confirme o e-mail pelo link de confirmação (em Meu perfil, "Reenviar link de confirmação"). Confirmado o e-mail, o acesso aparece em "Meus cursos".`
        : link
          ? 'Criamos uma conta para você com este e-mail. Para entrar na área do aluno, crie sua senha pelo link abaixo: ele vale por 7 dias e pode ser usado uma única vez.'
          : 'O acesso já está na sua conta, em "Meus cursos".',
    ],
    [
      ...(link
        ? [{ href: link, label: waits ? 'Confirmar o e-mail com uma nova senha' : 'Criar minha senha' }]
        : []),
      { href: `${publicOrigin(ctx.env)}/usuario/cursos`, label: 'Meus cursos' },
    ],
    { secret: Boolean(link) },
  )
  const expiresAt = new Date(ctx.now.getTime() + FIRST_PASSWORD_TTL_MS)
  return {
    mail,
    waits,
    statement: token
      ? sql`INSERT INTO password_resets (token_hash, user_id, expires_at)
          SELECT ${await hashToken(token)}, id, ${expiresAt.getTime()} FROM users
          WHERE email = ${gift.email} AND deleted_at IS NULL
            AND (password_hash IS NULL OR email_verified_at IS NULL) AND ${thisStep}`
      : null,
  }
}

export function refundEmail(env: Env, order: OrderRow, refundedCents: number, total: boolean) {
  return message(
    order.payer.email,
    `${total ? 'Estorno' : 'Estorno parcial'} do pedido ${order.id}`,
    [
      `Olá, ${firstName(order.payer.name)}!`,
      total
        ? `O pagamento do seu pedido ${order.id} foi estornado (${brl(refundedCents)}). As inscrições e o acesso que ele dava foram encerrados.`
        : `Estornamos ${brl(refundedCents)} do seu pedido ${order.id} (total de ${brl(order.totalCents)}). Suas inscrições continuam ativas.`,
      'No cartão, o valor volta na fatura conforme o prazo do banco emissor; no PIX, à conta que pagou.',
    ],
    { href: `${publicOrigin(env)}/pedido/${order.id}`, label: 'Ver o pedido' },
  )
}

/**
 * A boleto paid short (issue 40, item 5): what arrived, what is missing, and how to pay it; the
 * enrollment waits for it (or for the institute's decision).
 */
export function underpaidEmail(env: Env, order: OrderRow, receivedCents: number, missing: number) {
  return message(
    order.payer.email,
    `Boleto pago a menor — pedido ${order.id}`,
    [
      `Olá, ${firstName(order.payer.name)}!`,
      `Recebemos ${brl(receivedCents)} pelo boleto do pedido ${order.id}, de ${brl(order.totalCents)}: faltam ${brl(missing)}.`,
      'Para confirmar a inscrição, pague a diferença por PIX ou boleto em Minhas compras. A inscrição é confirmada assim que ela chegar.',
      `Em caso de dúvida, fale com o Centro de Ensino: ${INSTITUTE.emails.education}.`,
    ],
    { href: `${publicOrigin(env)}/usuario/compras`, label: 'Minhas compras' },
  )
}

/** An order paid short whose difference went back in full (decision 028): its access ends until the rest is paid. */
export function differenceWentBackEmail(env: Env, order: OrderRow, missing: number) {
  return message(
    order.payer.email,
    `Diferença devolvida — pedido ${order.id}`,
    [
      `Olá, ${firstName(order.payer.name)}!`,
      `A diferença que completava o pagamento do pedido ${order.id} foi estornada ou contestada: faltam ${brl(missing)} para completá-lo. Por isso, as inscrições e o acesso que ele dava foram encerrados.`,
      'Quando a diferença for paga de novo (em Minhas compras), a inscrição volta a ser confirmada.',
      `Em caso de dúvida, fale com o Centro de Ensino: ${INSTITUTE.emails.education}.`,
    ],
    { href: `${publicOrigin(env)}/usuario/compras`, label: 'Minhas compras' },
  )
}

export function chargebackEmail(env: Env, order: OrderRow) {
  return message(
    order.payer.email,
    `Pagamento contestado — pedido ${order.id}`,
    [
      `Olá, ${firstName(order.payer.name)}!`,
      `O pagamento do pedido ${order.id} (${brl(order.totalCents)}) foi contestado junto à operadora do cartão e o valor foi devolvido. Por isso, as inscrições e o acesso que ele dava foram encerrados.`,
      `Se você não reconhece a contestação, fale com o Centro de Ensino: ${INSTITUTE.emails.education}.`,
    ],
    { href: `${publicOrigin(env)}/pedido/${order.id}`, label: 'Ver o pedido' },
  )
}

/** A chargeback the institute won (decision 023): the order counts again, and what it gave is back. */
export function disputeWonEmail(env: Env, order: OrderRow) {
  return message(
    order.payer.email,
    `Contestação encerrada — pedido ${order.id}`,
    [
      `Olá, ${firstName(order.payer.name)}!`,
      `A contestação do pagamento do pedido ${order.id} (${brl(order.totalCents)}) junto à operadora do cartão terminou a favor do instituto: o pagamento vale de novo, e as inscrições e o acesso que ele dava foram restabelecidos.`,
      `Em caso de dúvida, fale com o Centro de Ensino: ${INSTITUTE.emails.education}.`,
    ],
    { href: `${publicOrigin(env)}/pedido/${order.id}`, label: 'Ver o pedido' },
  )
}

/**
 * To the owner of an account whose e-mail a visitor used at the checkout (SPEC: the purchase goes
 * to that account): the owner hears of it; the visitor sees nothing of the account.
 */
export function purchaseWithYourEmail(env: Env, to: string, orderId: string, waitsForProof = false) {
  return message(
    to,
    `Um pedido foi feito com o seu e-mail — ${INSTITUTE.name}`,
    [
      'Olá!',
      waitsForProof
        ? `Alguém fez o pedido ${orderId} informando este e-mail, sem entrar na conta. Quando ele for pago, enviaremos o link que confirma este e-mail; depois disso, as inscrições aparecem em "Meus cursos" na conta.`
        : `Alguém fez o pedido ${orderId} informando este e-mail, sem entrar na sua conta. Quando ele for pago, as inscrições aparecerão em "Meus cursos" na sua conta.`,
      `Se não foi você, nada muda na sua conta e ninguém vê os seus dados; se quiser, avise o Centro de Ensino: ${INSTITUTE.emails.education}.`,
    ],
    { href: `${publicOrigin(env)}/usuario/compras`, label: 'Minhas compras' },
  )
}
