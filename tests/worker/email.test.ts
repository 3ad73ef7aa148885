import { describe, expect, it } from 'vitest'
import { httpEmailSender } from '../../worker/adapters/email.ts'
import { answering } from '../support/worker/fetch-stubs.ts'

describe('e-mail API sender (outbound fetch mocked)', () => {
  const message = { to: 'ana@example.com', subject: 'Pagamento confirmado', html: '<p>Olá</p>', text: 'Olá' }

  it('posts the message with the key, as the API expects', async () => {
    const fetcher = answering(200, { id: '49a3999c-0ce1-4ea6-ab68-afcd6dc2e794' })
    await httpEmailSender(
      { apiKey: 're_test', from: 'Instituto Renalis <nao-responda@institutorenalis.com.br>' },
      fetcher,
    ).send(message, 'outbox/41')
    const [url, init] = fetcher.mock.calls[0]!
    expect(url).toBe('https://api.resend.com/emails')
    const headers = new Headers(init!.headers)
    expect(headers.get('Authorization')).toBe('Bearer re_test')
    expect(headers.get('Idempotency-Key')).toBe('outbox/41')
    expect(JSON.parse(String(init!.body))).toEqual({
      from: 'Instituto Renalis <nao-responda@institutorenalis.com.br>',
      to: ['ana@example.com'],
      subject: 'Pagamento confirmado',
      html: '<p>Olá</p>',
      text: 'Olá',
    })
  })

  it('throws on a refusal, so the outbox records the failure', async () => {
    const fetcher = answering(422, { name: 'validation_error', message: 'Invalid `to` field.' })
    await expect(
      httpEmailSender({ apiKey: 'k', from: 'a@b.c' }, fetcher).send(message, 'outbox/42'),
    ).rejects.toThrow(/422/)
  })
})
