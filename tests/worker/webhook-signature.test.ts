import { base64url, generateKeyPair } from 'jose'
import { describe, expect, it } from 'vitest'
import { WEBHOOK_MESSAGES } from '../../worker/services/payments/webhook.ts'
import { buyClass, enrolledClasses, orderScreen } from '../support/worker/checkout.ts'
import {
  outage,
  payAtProvider,
  postWebhook,
  providerRequests,
  providerSignature,
  rotateProviderKey,
  webhookBody,
} from '../support/worker/pagarme.ts'

// Issue 30, item 6: with PAGARME_WEBHOOK_JWKS_URL set (the worker tests point it at the sandbox's
// key set), a webhook must carry the provider's X-Webhook-Asymmetric-Signature over its exact body,
// besides Basic auth. Each refused webhook below names a charge already paid at the provider: had
// it been processed, the order would have settled. The tests run in this order: the rotation needs
// the key set fetched again, which the unknown-kid flood (last) puts in cooldown.

const REFUSED = { status: 401, body: { message: 'Unauthenticated.' } }
const keyFetches = async () => (await providerRequests('/.well-known/jwks.json')).length

/** A key of our own, which the provider does not publish, signing as Pagar.me signs. */
async function foreignSignature(body: string, kid: string) {
  const { privateKey } = await generateKeyPair('RS256')
  const signature = await crypto.subtle.sign('RSASSA-PKCS1-v1_5', privateKey, new TextEncoder().encode(body))
  return `alg=RS256; kid=${kid}; signature=${base64url.encode(new Uint8Array(signature))}`
}

const kidOf = (signature: string) => /kid=([^;]+)/.exec(signature)![1]!

/** A PIX order whose charge the buyer has paid at the provider; only a processed webhook settles it here. */
async function paidAtProvider() {
  const bought = await buyClass('PIX')
  await payAtProvider(bought.order.gatewayChargeId!)
  const body = () => webhookBody('charge.paid', bought.order.gatewayChargeId!)
  return { ...bought, body }
}

describe('signed webhooks (X-Webhook-Asymmetric-Signature)', () => {
  it("settle the order when the provider signed the exact body, and still need the webhook's Basic auth", async () => {
    const { order, turma, cookie, body } = await paidAtProvider()
    const text = body()
    const signature = await providerSignature(text)
    expect(signature).toMatch(/^alg=RS256; kid=[\w-]+; signature=[\w-]+$/)
    expect(
      await postWebhook({ body: text, signature, authorization: `Basic ${btoa('pagarme:errada')}` }),
    ).toEqual(REFUSED)
    expect(await postWebhook({ body: text, signature, authorization: null })).toEqual(REFUSED)
    expect((await orderScreen(order.id)).status).toBe('pending')

    expect(await postWebhook({ body: text, signature })).toEqual({ status: 200, body: { ok: true } })
    expect((await orderScreen(order.id)).status).toBe('paid')
    expect(await enrolledClasses(cookie)).toEqual([turma.id])
  })

  it('refuse a missing or malformed signature, one over another body, a body altered after signing, another algorithm and a forged one: the order stays pending', async () => {
    const { order, body } = await paidAtProvider()
    const text = body()
    const signature = await providerSignature(text)
    const kid = kidOf(signature)
    const attempts: Array<[string, string, string | null]> = [
      ['no header', text, null],
      ['not the documented format', text, 'assinatura-qualquer'],
      ['no signature part', text, `alg=RS256; kid=${kid}`],
      ['a signature that is not base64url', text, `alg=RS256; kid=${kid}; signature=@@@`],
      ['a signature too short for the key', text, `alg=RS256; kid=${kid}; signature=AAAA`],
      ["another webhook's signature", text, await providerSignature(body())],
      ['the body altered after signing', text.replace('"charge.paid"', '"charge.paid" '), signature],
      ['the body with its id changed', text.replace('hook_', 'hook_x'), signature],
      ['another algorithm named', text, signature.replace('alg=RS256', 'alg=HS256')],
      ["our own key under the provider's kid", text, await foreignSignature(text, kid)],
    ]
    for (const [what, sent, header] of attempts) {
      expect(await postWebhook({ body: sent, signature: header }), what).toEqual(REFUSED)
    }
    expect((await orderScreen(order.id)).status).toBe('pending')

    // The very same event, as the provider signed it, goes through.
    expect((await postWebhook({ body: text, signature })).status).toBe(200)
    expect((await orderScreen(order.id)).status).toBe('paid')
  })

  it("after the provider rotates its key, the new kid's webhooks are accepted (one fetch of the key set), and the old key's while it is published", async () => {
    const first = await paidAtProvider()
    const before = first.body()
    const oldSignature = await providerSignature(before)
    const fetchesBefore = await keyFetches()

    const newKid = await rotateProviderKey()
    expect(newKid).not.toBe(kidOf(oldSignature))
    const second = await paidAtProvider()
    const text = second.body()
    const signature = await providerSignature(text)
    expect(kidOf(signature)).toBe(newKid)
    expect((await postWebhook({ body: text, signature })).status).toBe(200)
    expect((await orderScreen(second.order.id)).status).toBe('paid')
    expect(await keyFetches()).toBe(fetchesBefore + 1)

    // A retry of an event signed before the rotation: the old key is still in the set.
    expect((await postWebhook({ body: before, signature: oldSignature })).status).toBe(200)
    expect((await orderScreen(first.order.id)).status).toBe('paid')
    // The set is cached: known kids fetch nothing.
    const third = await paidAtProvider()
    const again = third.body()
    expect((await postWebhook({ body: again, signature: await providerSignature(again) })).status).toBe(200)
    expect(await keyFetches()).toBe(fetchesBefore + 1)
  })

  it('answer 503 when the key set cannot be read, with the order unchanged; sent again once it is back, the event settles', async () => {
    const { order, turma, cookie, body } = await paidAtProvider()
    await rotateProviderKey() // a kid the Worker has not seen: it must read the set
    const text = body()
    const signature = await providerSignature(text)
    await outage('jwks')
    try {
      expect(await postWebhook({ body: text, signature })).toEqual({
        status: 503,
        body: { msg: WEBHOOK_MESSAGES.keysUnavailable },
      })
      expect((await orderScreen(order.id)).status).toBe('pending')
      expect(await enrolledClasses(cookie)).toEqual([])
    } finally {
      await outage('jwks', false)
    }
    expect((await postWebhook({ body: text, signature })).status).toBe(200)
    expect((await orderScreen(order.id)).status).toBe('paid')
    expect(await enrolledClasses(cookie)).toEqual([turma.id])
  })

  it('refuse signatures by keys the provider does not publish; a flood of made-up kids costs it one key fetch at most', async () => {
    const { order, body } = await paidAtProvider()
    const text = body()
    const fetchesBefore = await keyFetches()
    const flood = await Promise.all(
      Array.from({ length: 6 }, async (_, i) => foreignSignature(text, `chave_inventada_${i}`)),
    )
    const answers = await Promise.all(flood.map((signature) => postWebhook({ body: text, signature })))
    for (const answer of answers) expect(answer).toEqual(REFUSED)
    for (const signature of flood.slice(0, 3))
      expect(await postWebhook({ body: text, signature })).toEqual(REFUSED)
    expect(await keyFetches()).toBeLessThanOrEqual(fetchesBefore + 1)
    expect((await orderScreen(order.id)).status).toBe('pending')

    expect((await postWebhook({ body: text, signature: await providerSignature(text) })).status).toBe(200)
    expect((await orderScreen(order.id)).status).toBe('paid')
  })
})
