// The Focus NFe stand-in's pages for a person: the dashboard (the notes, with the national
// system's decisions to play), the public consultation page a note's `url` opens, and the note's
// XML. HTML through hono/html: escaped by construction.
import { html } from 'hono/html'
import { CURITIBA_TIME_ZONE } from '../../worker/domain/time-zone.ts'
import type { Delivery, Hook, Note } from './state.ts'

const brl = (value: unknown) => Number(value).toLocaleString('pt-BR', { style: 'currency', currency: 'BRL' })
const date = (value: string | number | null) =>
  value === null ? '' : new Date(value).toLocaleString('pt-BR', { timeZone: CURITIBA_TIME_ZONE })
const str = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '')

const STATUS_WORDS: Record<Note['status'], string> = {
  processando_autorizacao: 'processando',
  autorizado: 'autorizada',
  erro_autorizacao: 'recusada',
  cancelado: 'cancelada',
}

const STYLE = `body{font-family:system-ui,sans-serif;max-width:1100px;margin:1.5rem auto;padding:0 1rem;color:#12343b}
table{width:100%;border-collapse:collapse;font-size:.9rem}th,td{border-bottom:1px solid #cbd5e1;padding:.4rem;text-align:left;vertical-align:top}
form{display:inline}button{margin:.1rem;padding:.25rem .5rem;border:1px solid #0f766e;background:#fff;color:#0f5f73;border-radius:4px;cursor:pointer}
input{width:14rem;max-width:100%}.muted{color:#475569}code{font-size:.85rem;word-break:break-all}
@media (max-width:640px){table,thead,tbody,tr,td,th{display:block}thead{display:none}td{border:0;padding:.15rem 0}tr{border-bottom:1px solid #cbd5e1;padding:.5rem 0}}`

/** Who the note is for: name and document (CPF, CNPJ, or the foreign taker's NIF and country). */
function taker(note: Note) {
  const dps = note.dps
  const document = dps.cpf_tomador
    ? `CPF ${str(dps.cpf_tomador)}`
    : dps.cnpj_tomador
      ? `CNPJ ${str(dps.cnpj_tomador)}`
      : `exterior (${str(dps.codigo_pais_ext_tomador)}) ${dps.nif_tomador ? `NIF ${str(dps.nif_tomador)}` : 'sem NIF'}`
  return html`${str(dps.razao_social_tomador)}<br><span class="muted">${document}</span>`
}

function actions(note: Note) {
  if (note.status === 'processando_autorizacao') {
    return html`<form method="post" action="/sandbox/actions/authorize/${encodeURIComponent(note.ref)}"><button>Autorizar agora</button></form>
      <form method="post" action="/sandbox/actions/reject/${encodeURIComponent(note.ref)}">
        <label>Motivo <input name="mensagem" placeholder="mensagem do Ambiente Nacional" aria-label="Motivo da recusa"></label>
        <button>Recusar</button></form>`
  }
  if (note.status === 'autorizado') {
    return note.cancellationOutOfTime
      ? html`<span class="muted">cancelamento fora do prazo</span>
        <form method="post" action="/sandbox/actions/in-time/${encodeURIComponent(note.ref)}"><button>Aceitar cancelamento</button></form>`
      : html`<form method="post" action="/sandbox/actions/out-of-time/${encodeURIComponent(note.ref)}"><button>Recusar cancelamento (fora do prazo)</button></form>`
  }
  return ''
}

function links(note: Note, origin: string) {
  if (!note.chave) return ''
  const folder = `/arquivos/${note.cnpjPrestador}_1/${(note.dataEmissao ?? '').slice(0, 7).replace('-', '')}`
  return html`<a href="${origin}${folder}/DANFSEs/NFSe${note.chave}.pdf">PDF</a> ·
    <a href="${origin}${folder}/XMLsNFSe/${note.chave}-nfse.xml">XML</a>`
}

export function dashboardPage(view: {
  notes: Note[]
  hooks: Hook[]
  deliveries: Delivery[]
  nextCancellationOutOfTime: number
  pendingIssues: number
  authorizeAfterMs: number
}) {
  const rows = [...view.notes]
    .sort((a, b) => b.receivedAt - a.receivedAt)
    .slice(0, 200)
    .map(
      (note) => html`<tr>
        <td><code>${note.ref}</code>${note.replaces ? html`<br><span class="muted">substitui ${note.replaces.slice(-12)}…</span>` : ''}${
          note.replacedBy ? html`<br><span class="muted">substituída por ${note.replacedBy}</span>` : ''
        }</td>
        <td>${date(note.receivedAt)}</td>
        <td><strong>${STATUS_WORDS[note.status]}</strong>${note.numero ? html` nº ${note.numero}` : ''}${
          note.erros.length
            ? html`<br><span class="muted">${note.erros.map((e) => `${e.codigo}: ${e.mensagem}`).join(' · ')}</span>`
            : ''
        }</td>
        <td>${taker(note)}</td>
        <td>${brl(note.dps.valor_servico)}</td>
        <td>${links(note, '')}</td>
        <td>${actions(note)}</td>
      </tr>`,
    )
  const hooks = view.hooks.map(
    (hook) =>
      html`<tr><td><code>${hook.id}</code></td><td>${hook.event}</td><td><code>${hook.url}</code></td><td>${hook.cnpj ?? hook.cpf ?? 'todas'}</td><td>${
        hook.authorization ? `${hook.authorization_header ?? 'Authorization'}: ••••` : 'sem'
      }</td></tr>`,
  )
  const deliveries = view.deliveries
    .slice(0, 30)
    .map(
      (d) =>
        html`<tr><td>${date(d.createdAt)}</td><td><code>${d.ref}</code></td><td>${str(d.body.status)}</td><td>${
          d.hookId ? d.status : 'sem gatilho (pendente)'
        }</td><td>${d.attempts}</td><td>${d.lastStatus ?? '—'}</td></tr>`,
    )
  return html`<!doctype html><html lang="pt-BR"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>Stand-in Focus NFe</title><style>${STYLE}</style></head>
<body><h1>Stand-in da Focus NFe (NFS-e Nacional, somente local)</h1>
<p class="muted">Faz o papel da Focus NFe e do Ambiente Nacional: as notas que a loja envia (POST /v2/nfsen) são
autorizadas ${view.authorizeAfterMs ? `${view.authorizeAfterMs / 1000} s depois` : 'na leitura seguinte'}; aqui você autoriza
uma nota agora, a recusa com o motivo que quiser ou faz a prefeitura recusar o cancelamento (fora do prazo).
Os gatilhos levam a nota à loja (POST com o cabeçalho de autorização registrado).
Nada aqui tem valor fiscal.</p>
${
  view.nextCancellationOutOfTime || view.pendingIssues
    ? html`<p><strong>Controles armados:</strong> ${view.pendingIssues} próxima(s) emissão(ões) com desfecho marcado;
      ${view.nextCancellationOutOfTime} próximo(s) cancelamento(s) fora do prazo.</p>`
    : ''
}
<h2>Notas</h2>
<table><thead><tr><th>Referência</th><th>Recebida</th><th>Situação</th><th>Tomador</th><th>Valor</th><th>Arquivos</th><th>Ações</th></tr></thead>
<tbody>${rows.length ? rows : html`<tr><td colspan="7">Nenhuma nota ainda.</td></tr>`}</tbody></table>
<h2>Gatilhos</h2>
<table><thead><tr><th>Id</th><th>Evento</th><th>URL</th><th>CNPJ</th><th>Autorização</th></tr></thead>
<tbody>${hooks.length ? hooks : html`<tr><td colspan="5">Nenhum gatilho registrado (POST /v2/hooks).</td></tr>`}</tbody></table>
<h2>Últimos acionamentos</h2>
<table><thead><tr><th>Quando</th><th>Referência</th><th>Situação</th><th>Entrega</th><th>Tentativas</th><th>Última resposta</th></tr></thead>
<tbody>${deliveries.length ? deliveries : html`<tr><td colspan="6">Nenhum ainda.</td></tr>`}</tbody></table>
</body></html>`
}

/** What a note's `url` opens (the national portal's public consultation, locally). */
export function consultationPage(note: Note) {
  return html`<!doctype html><html lang="pt-BR"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>NFS-e ${note.numero ?? ''}</title><style>${STYLE}</style></head>
<body><h1>NFS-e nº ${note.numero ?? '—'} (${STATUS_WORDS[note.status]})</h1>
<p class="muted">Consulta pública simulada pelo stand-in da Focus NFe: sem valor fiscal.</p>
<dl><dt>Chave de acesso</dt><dd><code>${note.chave ?? ''}</code></dd>
<dt>Prestador</dt><dd>CNPJ ${note.cnpjPrestador}</dd>
<dt>Tomador</dt><dd>${taker(note)}</dd>
<dt>Serviço</dt><dd>${str(note.dps.descricao_servico)}</dd>
<dt>Valor</dt><dd>${brl(note.dps.valor_servico)}</dd>
<dt>Emitida em</dt><dd>${note.dataEmissao ?? ''}</dd></dl>
<p>${links(note, '')}</p></body></html>`
}

/** A small NFS-e XML (or its cancellation event) carrying the note's key fields. */
export function noteXml(note: Note, cancellation: boolean): string {
  const d = note.dps
  if (cancellation) {
    return String(html`<?xml version="1.0" encoding="UTF-8"?>
<evento xmlns="http://www.sped.fazenda.gov.br/nfse" versao="1.00"><infEvento Id="EVT${note.chave}"><chNFSe>${note.chave}</chNFSe>
<dhProc>${note.cancelledAt ?? ''}</dhProc><xMotivo>${note.justificativa ?? ''}</xMotivo>${
      note.replacedBy ? html`<tpEvento>105102</tpEvento>` : html`<tpEvento>101101</tpEvento>`
    }</infEvento></evento>`)
  }
  return String(html`<?xml version="1.0" encoding="UTF-8"?>
<NFSe xmlns="http://www.sped.fazenda.gov.br/nfse" versao="1.00"><infNFSe Id="NFS${note.chave}">
<nNFSe>${note.numero}</nNFSe><dhProc>${note.dataEmissao}</dhProc>
<DPS><infDPS><serie>${note.serieRps}</serie><nDPS>${note.numeroRps}</nDPS><dCompet>${str(d.data_competencia)}</dCompet>
<prest><CNPJ>${note.cnpjPrestador}</CNPJ></prest>
<toma>${d.cpf_tomador ? html`<CPF>${str(d.cpf_tomador)}</CPF>` : d.cnpj_tomador ? html`<CNPJ>${str(d.cnpj_tomador)}</CNPJ>` : html`<NIF>${str(d.nif_tomador)}</NIF>`}<xNome>${str(d.razao_social_tomador)}</xNome></toma>
<serv><cServ><cTribNac>${str(d.codigo_tributacao_nacional_iss)}</cTribNac><xDescServ>${str(d.descricao_servico)}</xDescServ></cServ></serv>
<valores><vServPrest><vServ>${str(d.valor_servico)}</vServ></vServPrest><trib><tribMun><tribISSQN>${str(d.tributacao_iss)}</tribISSQN>${
    d.percentual_aliquota_relativa_municipio
      ? html`<pAliq>${str(d.percentual_aliquota_relativa_municipio)}</pAliq>`
      : ''
  }${d.tipo_retencao_iss ? html`<tpRetISSQN>${str(d.tipo_retencao_iss)}</tpRetISSQN>` : ''}</tribMun></trib></valores>
</infDPS></DPS></infNFSe></NFSe>`)
}
