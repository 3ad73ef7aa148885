import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { PlanPaymentResult, TdsToken } from '../../worker/contract/plans.ts'
import worker from '../../worker/index.ts'
import { checkExchange } from '../support/worker/http.ts'
import { DEBIT, outage, providerRequests } from '../support/worker/pagarme.ts'
import {
  applicant,
  byCard,
  createEdital,
  paymentRows,
  payPlan,
  planStates,
  purchase,
} from '../support/worker/plans.ts'

// A PSP account (PAGARME_ACCOUNT_TYPE=psp, the production default) against the sandbox: the debit
// card is authenticated in the browser with Pagar.me's 3DS library before the order, which carries
// `mpi: 'pagarme'` and the authentication's transaction id. Here the test plays the browser's
// library (its calls to the sandbox); the Worker runs with the PSP setting.
const BASE = 'http://127.0.0.1:8787'
const sandbox = new URL(env.PAGARME_API_URL!).origin

/** The Worker with a PSP account's setting, through the contract test like every other request. */
async function psp(path: string, body?: unknown, cookie?: string) {
  const request = new Request(`${BASE}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      origin: BASE,
      'cf-connecting-ip': `198.18.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(cookie ? { cookie } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const requestBody = body === undefined ? null : JSON.stringify(body)
  const ctx = createExecutionContext()
  const response = await worker.fetch(request, { ...env, PAGARME_ACCOUNT_TYPE: 'psp' }, ctx)
  await waitOnExecutionContext(ctx)
  const text = await response.text()
  await checkExchange(request, requestBody, response, text)
  return { status: response.status, body: text ? JSON.parse(text) : null }
}

/** What the browser's 3DS library does with the token: authenticate the card for the amount. */
async function authenticate(tdsToken: string, number: string, amount: number) {
  const response = await fetch(`${sandbox}/3ds2/authentications`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ tds_token: tdsToken, amount, card: { number } }),
  })
  expect(response.status).toBe(200)
  return (await response.json()) as { transaction_id: string; trans_status: string; challenge_url?: string }
}

/** The payer answers the issuer's challenge in its frame. */
async function answerChallenge(url: string, decision: 'aprovar' | 'recusar') {
  const frame = await fetch(url)
  expect(await frame.text()).toContain('Autorizar compra')
  await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `decisao=${decision}`,
  })
  const id = url.split('/').pop()!
  return ((await (await fetch(`${sandbox}/3ds2/authentications/${id}`)).json()) as { trans_status: string })
    .trans_status
}

async function setUp() {
  const { edital, plans } = await createEdital([{ methods: ['debit_card'] }, { methods: ['debit_card'] }])
  const student = await applicant(edital.id)
  return { plans, ...student }
}

/**
 * The student pays the fee `plan` by debit card through the PSP account, with the 3-D Secure
 * authentication `tdsTransactionId` (none when left out).
 */
async function payByDebit(
  { user, application, cookie }: Awaited<ReturnType<typeof setUp>>,
  plan: { id: number; amountCents: number },
  card: string,
  tdsTransactionId?: string,
) {
  const body = await byCard(purchase(user, plan, application.id), 'debit_card', card)
  const authenticated = tdsTransactionId === undefined ? {} : { tds_transaction_id: tdsTransactionId }
  return psp('/usuario/editais/mensalidade', { ...body, ...authenticated }, cookie)
}

async function tdsToken(cookie: string) {
  const { status, body } = await psp('/api/usuario/editais/3ds-token', undefined, cookie)
  expect(status).toBe(200)
  const token = TdsToken.parse(body)
  // The library is the sandbox's stand-in, at its own origin (Pagar.me's in production).
  expect(token.script_url).toBe(`${sandbox}/3ds2/3ds.js`)
  return token.tds_token
}

describe('debit card on a PSP account (3-D Secure in the browser, mpi "pagarme")', () => {
  it('authenticated without a challenge, or approved in the challenge: paid, the order sent with the transaction id', async () => {
    const student = await setUp()
    const { application, cookie, plans } = student
    const [first, second] = plans as [(typeof plans)[0], (typeof plans)[0]]

    const frictionless = await authenticate(await tdsToken(cookie), DEBIT.frictionless, first.amountCents)
    expect(frictionless.trans_status).toBe('Y')
    const paid = await payByDebit(student, first, DEBIT.frictionless, frictionless.transaction_id)
    expect(paid.status).toBe(200)
    expect(PlanPaymentResult.parse(paid.body)).toMatchObject({ status: 'paid', authentication_url: null })

    const challenged = await authenticate(await tdsToken(cookie), DEBIT.challenge, second.amountCents)
    expect(challenged.trans_status).toBe('C')
    expect(await answerChallenge(challenged.challenge_url!, 'aprovar')).toBe('Y')
    const approved = await payByDebit(student, second, DEBIT.challenge, challenged.transaction_id)
    expect(approved.status).toBe(200)
    expect(approved.body.status).toBe('paid')
    expect(await planStates(cookie, application.id)).toEqual({ [first.id]: 'paid', [second.id]: 'paid' })
  })

  it('refused by the issuer in the challenge: the order fails with the authentication refusal in pt-BR, nothing charged', async () => {
    const student = await setUp()
    const { application, cookie, plans } = student
    const challenged = await authenticate(await tdsToken(cookie), DEBIT.challenge, plans[0]!.amountCents)
    expect(await answerChallenge(challenged.challenge_url!, 'recusar')).toBe('R')
    // The page stops here (R is a refusal); were the id sent anyway, the provider refuses the debit.
    const refused = await payByDebit(student, plans[0]!, DEBIT.challenge, challenged.transaction_id)
    expect(refused.status).toBe(422)
    expect(refused.body.code).toBe(2)
    expect(refused.body.msg).toMatch(/autenticação do cartão de débito não foi concluída.*Nada foi cobrado/)
    const [row] = await paymentRows(application.id)
    expect(row?.status).toBe('failed')
    expect((await planStates(cookie, application.id))[plans[0]!.id]).toBe('due')

    // Refused at once by the issuer (N): the same.
    const outright = await authenticate(await tdsToken(cookie), DEBIT.refused, plans[1]!.amountCents)
    expect(outright.trans_status).toBe('N')
  })

  it('refuses a debit without the authentication (422 before the provider) or with one the provider does not know', async () => {
    const student = await setUp()
    const { plans } = student
    const before = (await providerRequests('/orders', 'POST')).length
    const missing = await payByDebit(student, plans[0]!, DEBIT.frictionless)
    expect(missing.status).toBe(422)
    expect(missing.body.errors.tds_transaction_id[0]).toMatch(/Autentique o cartão de débito/)
    expect((await providerRequests('/orders', 'POST')).length).toBe(before)

    const unknown = await payByDebit(student, plans[0]!, DEBIT.frictionless, 'tds_desconhecida')
    expect(unknown.status).toBe(422)
    expect(unknown.body.code).toBe(3)
  })

  it('the token endpoint: 503 when Pagar.me is away, 409 on a gateway account, 401 without a session', async () => {
    const { cookie } = await setUp()
    await outage('tds-token')
    try {
      const away = await psp('/api/usuario/editais/3ds-token', undefined, cookie)
      expect(away.status).toBe(503)
      expect(away.body.msg).toMatch(/indisponível/)
    } finally {
      await outage('tds-token', false)
    }
    const { call } = await import('../support/worker/checkout.ts')
    const gateway = await call('/api/usuario/editais/3ds-token', undefined, { cookie })
    expect(gateway.status).toBe(409)
    expect((await psp('/api/usuario/editais/3ds-token')).status).toBe(401)
  })

  it('a gateway account still challenges at the issuer page (today’s flow)', async () => {
    const { user, application, cookie, plans } = await setUp()
    const challenged = await payPlan(
      cookie,
      await byCard(purchase(user, plans[0]!, application.id), 'debit_card', DEBIT.challenge),
    )
    expect(challenged.status).toBe(200)
    expect(challenged.body.authentication_url).toMatch(/\/sandbox\/3ds\//)
  })
})
