// The sandbox's part of a PSP account's debit card (issue 30, item 5): the `tds_token` the store's
// backend asks for, a stand-in of Pagar.me's 3DS library for the browser (the same surface the
// store calls: `init` with the token and the order, a promise of the EMV status and the
// authentication's transaction id), the issuer's challenge in a frame, and the check an order with
// `mpi: 'pagarme'` goes through. Pagar.me's own paths: GET /{test|live}/3ds2/tds-token (Basic auth
// with the secret key); the rest lives under /3ds2/, which only the stand-in library calls.
import { html, raw } from 'hono/html'
import {
  AUTHENTICATED_STATUSES,
  SANDBOX_3DS_SCRIPT_PATH,
  type ThreeDsStatus,
} from '../../worker/domain/three-ds.ts'
import { DEBIT_TEST_CARDS } from './cards.ts'

/** Pagar.me's guide: the token lives 20 seconds. */
export const TDS_TOKEN_TTL_MS = 20_000
/** An authentication is used by one order, within this time. */
const AUTHENTICATION_TTL_MS = 10 * 60_000

export type TdsAuthentication = {
  status: ThreeDsStatus
  /** The card's last four digits: the order's card must be the one authenticated. */
  lastFour: string
  amount: number
  createdAt: number
  used: boolean
}

export type TdsState = {
  tdsTokens: Record<string, { createdAt: number; used: boolean }>
  authentications: Record<string, TdsAuthentication>
}

type Reply = { status: number; body: unknown }

export function createTds(options: {
  state: TdsState
  now: () => number
  id: (prefix: string) => string
  changed: () => void
}) {
  const { state, now, id, changed } = options
  state.tdsTokens ??= {}
  state.authentications ??= {}

  /** GET /{test|live}/3ds2/tds-token: the backend's token for the browser's library. */
  function tdsToken(): Reply {
    const token = `tds_${id('jwt')}`
    state.tdsTokens[token] = { createdAt: now(), used: false }
    changed()
    return { status: 200, body: { tds_token: token } }
  }

  /** POST /3ds2/authentications (the library): the issuer's first answer for this card. */
  function authenticate(body: unknown, origin: string): Reply {
    const input = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>
    const token = state.tdsTokens[String(input.tds_token ?? '')]
    if (!token || token.used || now() - token.createdAt > TDS_TOKEN_TTL_MS) {
      return { status: 401, body: { message: 'The tds_token is invalid or expired.' } }
    }
    const card = (typeof input.card === 'object' && input.card !== null ? input.card : {}) as Record<
      string,
      unknown
    >
    const number = String(card.number ?? '').replace(/\D/g, '')
    const amount = Number(input.amount)
    if (number.length < 13 || !Number.isInteger(amount) || amount <= 0) {
      return { status: 422, body: { message: 'The request is invalid.', errors: { card: ['invalid'] } } }
    }
    token.used = true
    // The debit test cards: a challenge (C; the payer approves, Y, or refuses, R, in its frame),
    // refused at once (N), any other authenticated without a challenge (Y).
    const status: ThreeDsStatus =
      number === DEBIT_TEST_CARDS.challenge ? 'C' : number === DEBIT_TEST_CARDS.refused ? 'N' : 'Y'
    const transactionId = id('tds')
    state.authentications[transactionId] = {
      status,
      lastFour: number.slice(-4),
      amount,
      createdAt: now(),
      used: false,
    }
    changed()
    return {
      status: 200,
      body: {
        transaction_id: transactionId,
        trans_status: status,
        ...(status === 'C' ? { challenge_url: `${origin}/3ds2/challenge/${transactionId}` } : {}),
      },
    }
  }

  /** GET /3ds2/authentications/{id}: where the authentication stands (after the challenge). */
  function read(transactionId: string): Reply {
    const found = state.authentications[transactionId]
    if (!found) return { status: 404, body: { message: 'Authentication not found' } }
    return { status: 200, body: { transaction_id: transactionId, trans_status: found.status } }
  }

  /** The payer's answer in the challenge frame: Y (approved) or R (refused after the challenge). */
  function answerChallenge(transactionId: string, approve: boolean) {
    const found = state.authentications[transactionId]
    if (found?.status !== 'C') return
    found.status = approve ? 'Y' : 'R'
    changed()
  }

  /**
   * An order's `threed_secure` with `mpi: 'pagarme'`: the transaction id must be one of this
   * sandbox's authentications, of the same card, not used yet. Errors as the API answers them; an
   * authentication that did not pass ends the debit refused by the issuer's authentication.
   */
  function checkOrder(
    threeDs: Record<string, unknown>,
    lastFour: string | undefined,
  ): { error: string } | { authenticated: boolean; transactionId: string } {
    const transactionId = typeof threeDs.transaction_id === 'string' ? threeDs.transaction_id : ''
    const found = state.authentications[transactionId]
    if (!transactionId) return { error: 'The transaction_id field is required.' }
    if (!found || found.used || now() - found.createdAt > AUTHENTICATION_TTL_MS) {
      return { error: 'The transaction_id is invalid or expired.' }
    }
    if (lastFour !== undefined && found.lastFour !== lastFour) {
      return { error: 'The transaction_id belongs to another card.' }
    }
    return { authenticated: AUTHENTICATED_STATUSES.includes(found.status), transactionId }
  }

  /** The order used the authentication: once. */
  function markUsed(transactionId: string) {
    const found = state.authentications[transactionId]
    if (found) found.used = true
  }

  const page = (text: string, status = 200) =>
    new Response(text, { status, headers: { 'Content-Type': 'text/html; charset=utf-8' } })
  const cors = (request: Request, reply: Reply) =>
    Response.json(reply.body, {
      status: reply.status,
      headers: {
        'Access-Control-Allow-Origin': request.headers.get('origin') ?? '*',
        'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
        'Access-Control-Allow-Headers': 'content-type, accept',
        Vary: 'Origin',
      },
    })

  /** What the browser reaches under /3ds2/: the library, its calls, the challenge frame. */
  function browser(request: Request, url: URL, bodyText: string): Response | null {
    if (!url.pathname.startsWith('/3ds2/')) return null
    if (request.method === 'OPTIONS') return cors(request, { status: 204, body: null })
    if (url.pathname === SANDBOX_3DS_SCRIPT_PATH && request.method === 'GET') {
      return new Response(LIBRARY, {
        headers: { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-store' },
      })
    }
    if (url.pathname === '/3ds2/authentications' && request.method === 'POST') {
      let body: unknown
      try {
        body = JSON.parse(bodyText)
      } catch {
        return cors(request, { status: 400, body: { message: 'The request body is not valid JSON.' } })
      }
      return cors(request, authenticate(body, url.origin))
    }
    const reading = /^\/3ds2\/authentications\/([\w-]+)$/.exec(url.pathname)
    if (reading && request.method === 'GET') return cors(request, read(reading[1]!))
    const challenge = /^\/3ds2\/challenge\/([\w-]+)$/.exec(url.pathname)
    if (challenge && request.method === 'GET') {
      const found = state.authentications[challenge[1]!]
      if (!found) return page('<p>Autenticação não encontrada.</p>', 404)
      return page(challengeFrame(found))
    }
    if (challenge && request.method === 'POST') {
      const decision = new URLSearchParams(bodyText).get('decisao')
      answerChallenge(challenge[1]!, decision === 'aprovar')
      return page(answeredFrame(challenge[1]!))
    }
    return page('<p>Endereço não encontrado no sandbox.</p>', 404)
  }

  return { tdsToken, checkOrder, markUsed, browser }
}

const brl = (cents: number) => (cents / 100).toLocaleString('pt-BR', { style: 'currency', currency: 'BRL' })
const FRAME_STYLE = `body{font-family:system-ui,sans-serif;margin:0;padding:1rem;color:#12343b}
button{font-size:1rem;padding:.6rem 1rem;margin:.3rem .3rem 0 0;border:1px solid #0f766e;border-radius:4px;background:#fff;color:#0f5f73;cursor:pointer}
.approve{background:#0f766e;color:#fff}button:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}`

/** The issuer's challenge, in the frame the library opens on the store's page. */
function challengeFrame(found: TdsAuthentication) {
  return html`<!doctype html><html lang="pt-BR"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>Autenticação do cartão de débito</title>
<style>${FRAME_STYLE}</style></head><body>
<h1 style="font-size:1.1rem">Banco emissor (sandbox): autenticação 3-D Secure</h1>
<p>Confirme a compra de ${brl(found.amount)} no cartão final <strong>${found.lastFour}</strong>.</p>
${
  found.status === 'C'
    ? html`<form method="post"><button class="approve" name="decisao" value="aprovar">Autorizar compra</button>
<button name="decisao" value="recusar">Recusar</button></form>`
    : html`<p>Esta autenticação já foi respondida.</p>`
}</body></html>`.toString()
}

/** After the answer: the frame tells the library, on the store's page, that the payer answered. */
function answeredFrame(transactionId: string) {
  return html`<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Autenticação respondida</title>
<style>${FRAME_STYLE}</style></head><body><p>Autenticação respondida. Voltando à loja…</p>
<script>parent.postMessage({ tds: 'challenge-answered', transaction_id: ${raw(JSON.stringify(transactionId))} }, '*')</script>
</body></html>`.toString()
}

/**
 * The stand-in of Pagar.me's 3DS library (plain JavaScript, served from the sandbox's origin as the
 * real one is from Pagar.me's): `window.PagarmeTds.init({ token, order, challengeContainer })`
 * authenticates the order's card with the issuer and resolves `{ trans_status, transaction_id }`;
 * a challenge opens the issuer's page in a frame inside `challengeContainer`.
 */
const LIBRARY = `(function () {
  var script = document.currentScript
  var origin = new URL(script.src).origin
  function json(response) {
    return response.json().then(function (body) {
      if (!response.ok) throw new Error(body && body.message ? body.message : 'HTTP ' + response.status)
      return body
    })
  }
  function challenge(container, url, transactionId) {
    return new Promise(function (resolve, reject) {
      if (!container) return reject(new Error('challengeContainer is required for a challenge'))
      var frame = document.createElement('iframe')
      frame.src = url
      frame.title = 'Autenticação do seu banco'
      frame.style.width = '100%'
      frame.style.minHeight = '240px'
      frame.style.border = '0'
      function answered(event) {
        if (event.origin !== origin || !event.data || event.data.transaction_id !== transactionId) return
        window.removeEventListener('message', answered)
        frame.remove()
        fetch(origin + '/3ds2/authentications/' + encodeURIComponent(transactionId)).then(json).then(resolve, reject)
      }
      window.addEventListener('message', answered)
      frame.addEventListener('load', function () { frame.focus() }, { once: true })
      container.appendChild(frame)
    })
  }
  window.PagarmeTds = {
    init: function (options) {
      var order = options.order || {}
      return fetch(origin + '/3ds2/authentications', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ tds_token: options.token, amount: order.amount, card: order.card })
      })
        .then(json)
        .then(function (answer) {
          if (answer.trans_status !== 'C') return answer
          return challenge(options.challengeContainer, answer.challenge_url, answer.transaction_id)
        })
        .then(function (answer) {
          return { trans_status: answer.trans_status, transaction_id: answer.transaction_id }
        })
    }
  }
})()
`
