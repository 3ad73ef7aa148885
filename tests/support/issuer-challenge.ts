// The payer at the issuer's challenge page of a debit card (3-D Secure), which the Pagar.me sandbox
// plays for the bank: shared by the sandbox's own tests and the worker's.
import { expect } from 'vitest'

/** Opens the challenge page at `url`, approves or refuses there; where the page then sends the payer. */
export async function answerChallenge(url: string, decision: 'aprovar' | 'recusar') {
  const page = await fetch(url)
  expect(page.status).toBe(200)
  expect(await page.text()).toContain('Autorizar compra')
  const answer = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `decisao=${decision}`,
    redirect: 'manual',
  })
  expect(answer.status).toBe(303)
  return answer.headers.get('location')!
}
