// A validating proxy in front of the e2e stack: Chromium talks to it, it forwards to `wrangler
// dev`, and every exchange with an API operation is checked against the served OpenAPI
// document. `GET /__contract` answers the problems found since the last call.
import { createServer, type IncomingMessage } from 'node:http'
import { type AddressInfo, connect } from 'node:net'
import type { Duplex } from 'node:stream'
import { type Contract, createContract } from './contract.ts'

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'proxy-connection',
  'te',
  'trailer',
  'host',
  'content-length',
])

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

const isText = (contentType: string | null | undefined) =>
  /^(application\/(json|x-www-form-urlencoded)|text\/)/i.test(contentType ?? '')

export async function startContractProxy(upstream: string, port = 0) {
  const contract: Contract = createContract(await (await fetch(`${upstream}/api/openapi.json`)).json())
  let pending: string[] = []

  const server = createServer(async (request, response) => {
    try {
      if (request.url === '/__contract') {
        response.setHeader('content-type', 'application/json')
        response.end(JSON.stringify({ stats: { ...contract.stats, problems: undefined }, problems: pending }))
        pending = []
        return
      }
      const body = await readBody(request)
      const headers = new Headers()
      for (const [name, value] of Object.entries(request.headers)) {
        if (value === undefined || HOP_BY_HOP.has(name)) continue
        for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item)
      }
      const target = new URL(request.url ?? '/', upstream)
      const upstreamResponse = await fetch(target, {
        method: request.method,
        headers,
        redirect: 'manual',
        ...(body.length && request.method !== 'GET' && request.method !== 'HEAD'
          ? { body: new Uint8Array(body) }
          : {}),
      })
      const responseBody = Buffer.from(await upstreamResponse.arrayBuffer())
      const verdict = contract.check({
        method: request.method ?? 'GET',
        url: new URL(request.url ?? '/', 'http://proxy').href,
        requestContentType: request.headers['content-type'] ?? null,
        requestBody: isText(request.headers['content-type'])
          ? body.toString('utf8')
          : body.length
            ? '(binário)'
            : null,
        status: upstreamResponse.status,
        responseContentType: upstreamResponse.headers.get('content-type'),
        responseBody: isText(upstreamResponse.headers.get('content-type'))
          ? responseBody.toString('utf8')
          : responseBody.length
            ? '(binário)'
            : '',
      })
      if (verdict.kind === 'checked') pending.push(...verdict.problems)

      const outgoing: [string, string][] = []
      upstreamResponse.headers.forEach((value, name) => {
        // fetch already decoded the body; its length is the decoded one.
        if (name === 'set-cookie' || name === 'content-encoding' || HOP_BY_HOP.has(name)) return
        outgoing.push([name, value])
      })
      for (const cookie of upstreamResponse.headers.getSetCookie()) outgoing.push(['set-cookie', cookie])
      outgoing.push(['content-length', String(responseBody.length)])
      response.writeHead(upstreamResponse.status, outgoing.flat())
      response.end(responseBody)
    } catch (error) {
      response.writeHead(502, { 'content-type': 'text/plain' })
      response.end(`proxy: ${error instanceof Error ? error.message : String(error)}`)
    }
  })
  // WebSocket upgrades (the live questions, issue 44) are tunnelled as they are: the frames that
  // follow are not HTTP exchanges the contract could check.
  server.on('upgrade', (request: IncomingMessage, client: Duplex, head: Buffer) => {
    const target = new URL(upstream)
    const upstreamSocket = connect(Number(target.port), target.hostname, () => {
      const lines = [`${request.method} ${request.url} HTTP/1.1`]
      for (let i = 0; i < request.rawHeaders.length; i += 2) {
        const name = request.rawHeaders[i] as string
        lines.push(`${name}: ${name.toLowerCase() === 'host' ? target.host : request.rawHeaders[i + 1]}`)
      }
      upstreamSocket.write(`${lines.join('\r\n')}\r\n\r\n`)
      if (head.length) upstreamSocket.write(head)
      upstreamSocket.pipe(client)
      client.pipe(upstreamSocket)
    })
    const end = () => {
      upstreamSocket.destroy()
      client.destroy()
    }
    upstreamSocket.on('error', end)
    client.on('error', end)
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const address = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${address.port}`,
    stats: contract.stats,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
