// The sandbox's pages for a person: the dashboard (orders, with the buyer's and the provider's
// actions after the sale), a printable boleto and its PDF. HTML through hono/html: escaped by
// construction.
import { html } from 'hono/html'
import { formatBoletoLine } from '../../worker/domain/boleto.ts'
import type { PagarmeAccountType } from '../../worker/domain/three-ds.ts'
import { CURITIBA_TIME_ZONE } from '../../worker/domain/time-zone.ts'
import { onePagePdf } from '../make-seed-files.ts'
import {
  type Charge,
  JWKS_OUTAGE_TARGET,
  JWKS_PATH,
  type Order,
  type SandboxState,
  type SigningKey,
  type WebhookDelivery,
} from './state.ts'

const brl = (cents: number) => (cents / 100).toLocaleString('pt-BR', { style: 'currency', currency: 'BRL' })
const date = (iso: unknown) =>
  typeof iso === 'string' ? new Date(iso).toLocaleString('pt-BR', { timeZone: CURITIBA_TIME_ZONE }) : ''

const STYLE = `body{font-family:system-ui,sans-serif;max-width:1100px;margin:1.5rem auto;padding:0 1rem;color:#12343b}
table{width:100%;border-collapse:collapse;font-size:.9rem}th,td{border-bottom:1px solid #cbd5e1;padding:.4rem;text-align:left;vertical-align:top}
form{display:inline}button{margin:.1rem;padding:.25rem .5rem;border:1px solid #0f766e;background:#fff;color:#0f5f73;border-radius:4px;cursor:pointer}
input{width:6rem}.muted{color:#475569}code{font-size:.85rem}`

function actions(charge: Charge, disputeWon: boolean) {
  const paid = charge.status === 'paid' || charge.status === 'overpaid' || charge.status === 'underpaid'
  return html`${
    charge.status === 'pending' && charge.payment_method !== 'credit_card'
      ? html`<form method="post" action="/sandbox/actions/pay/${charge.id}">
          <label>R$ <input name="amount" inputmode="decimal" placeholder="tudo" aria-label="Valor pago (a menor ou a maior)"></label>
          <button>Pagar</button></form>`
      : ''
  }${
    paid
      ? html`<form method="post" action="/sandbox/actions/refund/${charge.id}">
          <label>R$ <input name="amount" inputmode="decimal" placeholder="tudo" aria-label="Valor do estorno"></label>
          <button>Estornar</button></form>
        <form method="post" action="/sandbox/actions/chargeback/${charge.id}"><button>Chargeback</button></form>`
      : ''
  }${
    charge.status === 'chargedback' && !disputeWon
      ? html`<form method="post" action="/sandbox/actions/dispute-won/${charge.id}"><button>Ganhar a contestação (reapresentação)</button></form>`
      : charge.status === 'chargedback'
        ? html`<span class="muted">contestação ganha (recebível chargeback_refund)</span>`
        : ''
  }`
}

export function dashboardPage(
  orders: Order[],
  disputesWon: SandboxState['disputesWon'],
  webhooks: WebhookDelivery[],
  outages: SandboxState['outages'],
  keys: SigningKey[],
  accountType?: PagarmeAccountType,
) {
  const rows = [...orders]
    .sort((a, b) => b.created_at.localeCompare(a.created_at))
    .slice(0, 100)
    .map((order) => {
      const charge = order.charges[0]!
      return html`<tr>
        <td><code>${order.id}</code><br><span class="muted">${order.code}</span></td>
        <td>${date(order.created_at)}</td>
        <td>${charge.payment_method}</td>
        <td>${brl(order.amount)}</td>
        <td>${order.status} / <strong>${charge.status}</strong> / ${charge.last_transaction.status}</td>
        <td>${actions(charge, Object.hasOwn(disputesWon, charge.id))}</td>
      </tr>`
    })
  const hooks = webhooks
    .slice(0, 30)
    .map(
      (hook) =>
        html`<tr><td>${date(hook.createdAt)}</td><td>${hook.type}</td><td>${hook.status}</td><td>${hook.attempts}</td><td>${hook.lastStatus ?? '—'}</td></tr>`,
    )
  const down = outages.find((outage) => outage.target === null)
  const keysDown = outages.some((outage) => outage.target === JWKS_OUTAGE_TARGET)
  const keyRows = keys.map(
    (key) =>
      html`<tr><td><code>${key.kid}</code></td><td>${date(key.createdAt)}</td><td>${
        key.retiredAt
          ? html`substituída em ${date(key.retiredAt)} (ainda publicada)`
          : html`<strong>assina agora</strong>`
      }</td></tr>`,
  )
  return html`<!doctype html><html lang="pt-BR"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>Sandbox Pagar.me</title><style>${STYLE}</style></head>
<body><h1>Sandbox do Pagar.me (Core API v5, somente local)</h1>
<p class="muted">Faz o papel do provedor: pague um boleto ou PIX, estorne ou conteste uma cobrança como se fosse no
painel do Pagar.me. Os eventos seguem para o webhook configurado.</p>
${accountTypeNote(accountType)}
<p>API ${
    down
      ? html`<strong>${down.status === 412 ? 'recusando tudo (412)' : `fora do ar (${down.status})`}</strong>`
      : 'no ar'
  }:
${
  down
    ? html`<form method="post" action="/sandbox/actions/outage-off"><button>Voltar ao normal</button></form>`
    : html`<form method="post" action="/sandbox/actions/outage-on"><button>Simular queda (503)</button></form>
<form method="post" action="/sandbox/actions/refuse-on"><button>Recusar tudo com 412</button></form>`
}</p>
<p class="muted">Um cartão estornado no dia da captura volta cancelado, com a transação anulada (voided); em outro dia,
estornado (refunded). Um boleto pago com outro valor fica pago a menor (underpaid) ou a maior (overpaid).
Uma cobrança contestada fica <code>chargedback</code> para sempre; ganhar a contestação só cria o recebível
<code>chargeback_refund</code> (GET /payables), que a loja lê na conciliação ou em "Consultar o Pagar.me".</p>
<h2>Pedidos</h2>
<table><thead><tr><th>Pedido</th><th>Criado</th><th>Meio</th><th>Valor</th><th>Pedido / cobrança / transação</th><th>Ações</th></tr></thead>
<tbody>${rows.length ? rows : html`<tr><td colspan="6">Nenhum pedido ainda.</td></tr>`}</tbody></table>
<h2>Assinatura dos webhooks</h2>
<p class="muted">Cada webhook leva <code>X-Webhook-Asymmetric-Signature: alg=RS256; kid=…; signature=…</code> (RS256 sobre o
corpo exato), como o Pagar.me; as chaves públicas ficam em <a href="${JWKS_PATH}"><code>${JWKS_PATH}</code></a>. Trocar a chave
publica uma nova (novo kid) e mantém a anterior publicada por um dia.</p>
<p>Chaves ${keysDown ? html`<strong>fora do ar (503)</strong>` : 'no ar'}:
<form method="post" action="/sandbox/actions/rotate-keys"><button>Trocar a chave de assinatura</button></form>
${
  keysDown
    ? html`<form method="post" action="/sandbox/actions/keys-outage-off"><button>Publicar as chaves de novo</button></form>`
    : html`<form method="post" action="/sandbox/actions/keys-outage-on"><button>Tirar as chaves do ar (503)</button></form>`
}</p>
<table><thead><tr><th>kid</th><th>Criada</th><th>Situação</th></tr></thead><tbody>${keyRows}</tbody></table>
<h2>Webhooks enviados</h2>
<table><thead><tr><th>Quando</th><th>Evento</th><th>Entrega</th><th>Tentativas</th><th>Última resposta</th></tr></thead>
<tbody>${hooks}</tbody></table></body></html>`.toString()
}

/** Which contract the stack runs the store with: how its debit cards authenticate. */
function accountTypeNote(accountType: PagarmeAccountType | undefined) {
  if (!accountType) return ''
  return html`<p data-testid="account-type">Conta <strong>${accountType === 'psp' ? 'PSP' : 'gateway'}</strong>
(PAGARME_ACCOUNT_TYPE=${accountType}): ${
    accountType === 'psp'
      ? 'o cartão de débito se autentica no navegador, com a biblioteca 3DS (token tds), antes do pedido (mpi "pagarme").'
      : 'o cartão de débito se autentica na adquirente (mpi "acquirer"), com o desafio na página do banco.'
  }</p>`
}

export function boletoPage(order: Order, charge: Charge) {
  const tx = charge.last_transaction
  const pending = charge.status === 'pending'
  return html`<!doctype html><html lang="pt-BR"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>Boleto ${charge.id}</title><style>${STYLE}</style></head>
<body><h1>Boleto bancário (sandbox — não pagável em banco)</h1>
<p><code>${formatBoletoLine(String(tx.line ?? ''))}</code></p>
<table><tr><td>Vencimento</td><td>${date(tx.due_at)}</td></tr>
<tr><td>Valor</td><td>${brl(charge.amount)}</td></tr><tr><td>Pedido</td><td>${order.code}</td></tr>
<tr><td>Situação</td><td>${charge.status}</td></tr></table>
<p><a href="${String(tx.pdf ?? '')}">Baixar PDF</a></p>
${pending ? html`<form method="post" action="/sandbox/actions/pay/${charge.id}"><button>Pagar este boleto (sandbox)</button></form>` : ''}
</body></html>`.toString()
}

export function boletoPdf(order: Order, charge: Charge): Uint8Array<ArrayBuffer> {
  const tx = charge.last_transaction
  const pdf = onePagePdf([
    'Boleto bancário (sandbox)',
    `Linha digitável: ${formatBoletoLine(String(tx.line ?? ''))}`,
    `Valor: ${brl(charge.amount)} — vencimento ${date(tx.due_at)}`,
    `Pedido ${order.code}`,
    'Documento de teste: não pode ser pago em um banco.',
  ])
  return new Uint8Array(pdf)
}

/**
 * The issuer's 3-D Secure challenge, as a bank shows it (here the sandbox plays the bank): the
 * purchase, the card, and the payer's answer. Approving authorises the debit as the card would be;
 * refusing ends it with nothing charged. Either way the payer goes back to the store (success_url).
 */
export function challengePage(order: Order, charge: Charge, waiting: boolean) {
  const card = (charge.last_transaction.card ?? {}) as { last_four_digits?: string; brand?: string }
  return html`<!doctype html><html lang="pt-BR"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>Autenticação do cartão de débito</title>
<style>${STYLE} main{max-width:32rem;margin:auto}button{font-size:1rem;padding:.6rem 1rem;margin:.3rem .3rem 0 0}
.approve{background:#0f766e;color:#fff}</style></head>
<body><main><h1>Banco emissor (sandbox): autenticação 3-D Secure</h1>
<p>Confirme a compra no seu cartão de débito ${card.brand ?? ''} final <strong>${card.last_four_digits ?? '----'}</strong>.</p>
<table><tr><td>Estabelecimento</td><td>Instituto Renalis</td></tr>
<tr><td>Valor</td><td>${brl(charge.amount)}</td></tr><tr><td>Pedido</td><td>${order.code}</td></tr></table>
${
  waiting
    ? html`<form method="post"><p class="muted">Ambiente de testes: escolha a resposta do titular.</p>
<button class="approve" name="decisao" value="aprovar">Autorizar compra</button>
<button name="decisao" value="recusar">Recusar</button></form>`
    : html`<p>Esta autenticação já foi respondida (${charge.status}).</p>`
}
</main></body></html>`.toString()
}

export function challengeDonePage() {
  return html`<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Autenticação concluída</title>
<style>${STYLE}</style></head><body><h1>Autenticação respondida</h1><p>Volte à loja para ver o resultado.</p></body></html>`.toString()
}
