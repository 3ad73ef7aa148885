// The outside world of the worker tests, run in Node by the global setup: an e-mail API that
// speaks Resend's `POST /emails` and can refuse or hang, and the switch that makes the local
// libSQL server hang or refuse. Worker tests drive both over HTTP (tests/support/worker/outages.ts).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Fault, LocalServer } from '../../../db/local-server.ts'

/** accept: 200; refuse: 503 (an outage); reject: 422 (the message itself is refused); hang: no answer. */
export type EmailApiMode = 'accept' | 'refuse' | 'reject' | 'hang'

/** A message the stand-in accepted, as the e-mail API would have delivered it. */
export type AcceptedEmail = {
  to: string[]
  subject: string
  text: string
  /** The message's extra headers (a reminder's List-Unsubscribe), as the API would add them. */
  headers: Record<string, string> | null
  idempotencyKey: string | null
  authorization: string | null
}

export type OutsideWorld = { url: string; close(): Promise<void> }

export async function startOutsideWorld(database: LocalServer): Promise<OutsideWorld> {
  let mode: EmailApiMode = 'accept'
  const accepted: AcceptedEmail[] = []
  const held = new Set<ServerResponse>()

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const path = (req.url ?? '/').split('?')[0]
    const body = await readJson(req)
    if (path === '/emails') {
      if (mode === 'hang') {
        held.add(res)
        res.on('close', () => held.delete(res))
        return
      }
      if (mode === 'refuse') {
        return json(res, 503, { name: 'application_error', message: 'Service unavailable', statusCode: 503 })
      }
      if (mode === 'reject') {
        return json(res, 422, { name: 'validation_error', message: 'Invalid `to` field.', statusCode: 422 })
      }
      // Resend answers a GET on /emails without a key with 401, as a health probe sees it.
      if (req.method !== 'POST') return json(res, 401, { name: 'missing_api_key', statusCode: 401 })
      const message = body as {
        to: string[]
        subject: string
        text: string
        headers?: Record<string, string>
      }
      accepted.push({
        to: message.to,
        subject: message.subject,
        text: message.text,
        headers: message.headers ?? null,
        idempotencyKey: header(req, 'idempotency-key'),
        authorization: header(req, 'authorization'),
      })
      return json(res, 200, { id: crypto.randomUUID() })
    }
    if (req.method === 'POST' && path === '/control/email') {
      mode = (body as { mode: EmailApiMode }).mode
      if (mode !== 'hang') for (const res of held) res.destroy()
      return json(res, 200, { mode })
    }
    if (req.method === 'GET' && path === '/control/email/accepted') return json(res, 200, accepted)
    if (req.method === 'POST' && path === '/control/database') {
      const { fault, afterRequests } = body as { fault: Fault; afterRequests?: number }
      await database.setFault(fault, afterRequests ? { afterRequests } : {})
      return json(res, 200, body)
    }
    json(res, 404, { message: 'not found' })
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => json(res, 500, { message: String(error) }))
  })
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((closed) => {
        for (const res of held) res.destroy()
        server.close(() => closed())
        server.closeAllConnections()
      }),
  }
}

function header(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name]
  return typeof value === 'string' ? value : null
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  const text = Buffer.concat(chunks).toString('utf8')
  return text ? JSON.parse(text) : null
}

function json(res: ServerResponse, status: number, body: unknown) {
  if (res.headersSent || res.destroyed) return
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(body))
}
