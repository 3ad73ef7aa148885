// `npm run cron`: runs the Worker's scheduled jobs now (the outbox's retries, the reminders), as the
// Cron Trigger would, on the local stack started by `npm start`. `--at <ISO time>` runs them as of
// another moment. It calls Miniflare's trigger, /cdn-cgi/local/scheduled, which every `wrangler dev`
// serves and which passes `time` (ms) on as the event's scheduledTime, the jobs' clock (wrangler's
// own /__scheduled passes the cron alone). ORIGIN or PORT point it at another stack.
import { parseArgs } from 'node:util'

/** wrangler.toml's `[triggers] crons` entry that the jobs run under. */
export const CRON = '*/5 * * * *'

export async function runCron(origin: string, cron = CRON, at?: Date): Promise<void> {
  const url = new URL('/cdn-cgi/local/scheduled', origin)
  url.searchParams.set('cron', cron)
  if (at) url.searchParams.set('time', String(at.getTime()))
  const response = await fetch(url)
  const text = await response.text()
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status} ${text.slice(0, 200)}`)
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: { cron: { type: 'string', default: CRON }, at: { type: 'string' } },
  })
  const origin = process.env.ORIGIN ?? `http://127.0.0.1:${process.env.PORT ?? 8787}`
  const at = values.at === undefined ? undefined : new Date(values.at)
  if (at && Number.isNaN(at.getTime())) {
    console.error(`--at precisa de uma data e hora ISO (ex.: 2026-11-26T15:00:00-03:00), não "${values.at}".`)
    process.exit(1)
  }
  try {
    await runCron(origin, values.cron, at)
    console.log(
      `Tarefas agendadas executadas em ${origin} (cron "${values.cron}"${at ? `, como em ${at.toISOString()}` : ''}).`,
    )
  } catch (error) {
    console.error(
      `Não foi possível executar as tarefas agendadas: ${error instanceof Error ? error.message : error}`,
    )
    console.error('O servidor local está rodando? (npm start)')
    process.exit(1)
  }
}
