import { readFile } from 'node:fs/promises'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createDb } from '../../db/client.ts'
import { emailOutbox } from '../../db/schema.ts'
import { CRON, runCron } from '../../scripts/cron.ts'
import { root } from '../../scripts/lib/stack.ts'
import { baseURL, e2eDatabaseUrl } from '../support/e2e/stack.ts'

const db = createDb({ url: e2eDatabaseUrl })

describe('scheduled jobs on the local stack', () => {
  it('wrangler.toml declares the Cron Trigger that `npm run cron` plays', async () => {
    const toml = await readFile(`${root}/wrangler.toml`, 'utf8')
    const crons = /\[triggers\]\s*\ncrons = (\[[^\]]*\])/.exec(toml)?.[1]
    // The outbox's, and the payments reconciliation's every 15 minutes (worker/scheduled.ts).
    expect(JSON.parse(crons ?? '[]')).toEqual([CRON, '*/15 * * * *'])
  })

  it('`npm run cron` runs them through wrangler dev: a message left in the outbox goes out', async () => {
    // A message a request queued but never got to send (its Worker stopped, the API was away).
    const [row] = await db
      .insert(emailOutbox)
      .values({
        to: 'agendada@teste.example',
        subject: 'Mensagem deixada na caixa de saída',
        html: '<p>Oi</p>',
        text: 'Oi',
        status: 'pending',
      })
      .returning()
    await runCron(baseURL)
    const [after] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, row!.id))
    // The local stack has no e-mail API: the outbox row is the delivery (the dev mailbox shows it).
    expect(after?.status).toBe('sent')
    expect(after?.attempts).toBe(1)
  })
})
