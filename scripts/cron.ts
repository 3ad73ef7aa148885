// `npm run cron`: runs the Worker's scheduled jobs now (the outbox's retries), as the Cron Trigger
// would, on the local stack started by `npm start` (wrangler dev --test-scheduled answers
// /__scheduled). ORIGIN or PORT point it at another stack.
import { parseArgs } from 'node:util'

/** wrangler.toml's `[triggers] crons` entry that the jobs run under. */
export const CRON = '*/5 * * * *'

export async function runCron(origin: string, cron = CRON): Promise<void> {
  const url = new URL('/__scheduled', origin)
  url.searchParams.set('cron', cron)
  const response = await fetch(url)
  const text = await response.text()
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status} ${text.slice(0, 200)}`)
}

if (import.meta.main) {
  const { values } = parseArgs({ options: { cron: { type: 'string', default: CRON } } })
  const origin = process.env.ORIGIN ?? `http://127.0.0.1:${process.env.PORT ?? 8787}`
  try {
    await runCron(origin, values.cron)
    console.log(`Tarefas agendadas executadas em ${origin} (cron "${values.cron}").`)
  } catch (error) {
    console.error(
      `Não foi possível executar as tarefas agendadas: ${error instanceof Error ? error.message : error}`,
    )
    console.error('O servidor local está rodando? (npm start)')
    process.exit(1)
  }
}
