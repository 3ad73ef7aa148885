import { writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

// One of the live-questions benchmark's client processes (tests/bench/live-room.ts): opens its
// share of the viewers' sockets, then records when each approval reaches each of them. Its report
// (stdout, one JSON line) on 'report' from the parent.
const [origin = '', fromArg, countArg] = process.argv.slice(2)
const from = Number(fromArg)
const count = Number(countArg)

/** Per question id: receipts (ms since the epoch) by viewer. */
const receipts = new Map<string, number[]>()
let open = 0
let failed = 0
let closedEarly = 0
const sockets: WebSocket[] = []

function openOne(userId: number): Promise<void> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`${origin.replace('http', 'ws')}/ws?u=${userId}`)
    let settled = false
    ws.addEventListener('open', () => {
      open += 1
      settled = true
      resolve()
    })
    ws.addEventListener('message', (event) => {
      const text = String(event.data)
      if (!text.startsWith('{"t":"event"')) return
      const at = Date.now()
      const frame = JSON.parse(text) as { e: { k: string; q?: { id: string } } }
      if (frame.e.k !== 'question' || !frame.e.q) return
      const list = receipts.get(frame.e.q.id) ?? []
      list.push(at)
      receipts.set(frame.e.q.id, list)
    })
    ws.addEventListener('error', () => {
      if (!settled) {
        failed += 1
        settled = true
        resolve()
      }
    })
    ws.addEventListener('close', () => {
      if (settled) closedEarly += 1
    })
    sockets.push(ws)
  })
}

// Opened in waves, as an audience arriving at the start of a talk.
const WAVE = 200
for (let start = 0; start < count; start += WAVE) {
  await Promise.all(
    Array.from({ length: Math.min(WAVE, count - start) }, (_, k) => openOne(from + start + k)),
  )
}
process.stdout.write(`${JSON.stringify({ kind: 'ready', open, failed })}\n`)

process.stdin.setEncoding('utf8')
process.stdin.on('data', (chunk: string) => {
  if (!chunk.includes('report')) return
  // The receipts are large (a number per viewer and approval): through a file, not the pipe.
  const file = join(tmpdir(), `live-clients-${process.pid}.json`)
  writeFileSync(file, JSON.stringify(Object.fromEntries(receipts)))
  for (const ws of sockets) ws.close()
  process.stdout.write(`${JSON.stringify({ kind: 'report', open, failed, closedEarly, file })}\n`, () =>
    setTimeout(() => process.exit(0), 500),
  )
})
