import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FocusNfeSandboxServer, startFocusNfeSandbox } from '../../scripts/focus-nfe-sandbox/server.ts'

// The Focus NFe stand-in over HTTP, held to what Focus NFe's documentation of the NFS-e Nacional
// API says (https://focusnfe.com.br/doc/#nfse-nacional): Basic auth with the token, POST
// /v2/nfsen?ref= accepted for processing (202) or refused at once with {codigo, mensagem}, a
// repeated ref answered 422, the four statuses of GET, DELETE's justificativa and answers, the
// gatilhos POSTed with the registered Authorization.

let server: FocusNfeSandboxServer
const TOKEN = 'sandbox-token'
const auth = (token = TOKEN) => ({
  Authorization: `Basic ${Buffer.from(`${token}:`).toString('base64')}`,
  'Content-Type': 'application/json',
})

/** A DPS as the docs' example has it: a Curitiba institute, a taker with CPF. */
const dps = (overrides: Record<string, unknown> = {}) => ({
  data_emissao: '2026-11-29T10:00:00-03:00',
  data_competencia: '2026-11-29',
  codigo_municipio_emissora: 4106902,
  cnpj_prestador: '11222333000181',
  inscricao_municipal_prestador: '1234567',
  codigo_opcao_simples_nacional: 1,
  regime_especial_tributacao: 0,
  cpf_tomador: '52998224725',
  razao_social_tomador: 'Ana Beatriz Souza',
  codigo_municipio_tomador: 4106902,
  cep_tomador: '80730000',
  logradouro_tomador: 'Rua Padre Anchieta',
  numero_tomador: '1000',
  bairro_tomador: 'Bigorrilho',
  email_tomador: 'ana@example.com',
  codigo_municipio_prestacao: 4106902,
  codigo_tributacao_nacional_iss: '080201',
  descricao_servico: 'Curso Hemodiálise para Enfermagem',
  valor_servico: 297.5,
  tributacao_iss: 1,
  tipo_retencao_iss: 1,
  ...overrides,
})

let refs = 0
const newRef = () => `pedido-${Date.now().toString(36)}-${++refs}`

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = auth()) {
  const response = await fetch(`${server.origin}${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  })
  const text = await response.text()
  return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers }
}
const issue = (ref: string, body: unknown = dps()) => call('POST', `/v2/nfsen?ref=${ref}`, body)
const get = (ref: string) => call('GET', `/v2/nfsen/${ref}`)
const cancel = (ref: string, justificativa = 'Serviço não prestado: reembolso integral ao comprador') =>
  call('DELETE', `/v2/nfsen/${ref}`, { justificativa })
const control = (path: string, body: unknown = {}) =>
  call('POST', `/_sandbox${path}`, body, { 'Content-Type': 'application/json' })

beforeAll(async () => {
  server = await startFocusNfeSandbox({ quiet: true, authorizeAfterMs: 0, webhookRetryDelaysMs: [0] })
})
afterAll(async () => {
  await server.close()
})

describe('authentication: HTTP Basic with the token as user and an empty password', () => {
  it('answers 401 in the error shape without the token or with another one, and nothing is created', async () => {
    const ref = newRef()
    for (const headers of [{ 'Content-Type': 'application/json' }, auth('outro-token')]) {
      const answer = await call('POST', `/v2/nfsen?ref=${ref}`, dps(), headers)
      expect(answer.status).toBe(401)
      expect(answer.body).toEqual({ codigo: expect.any(String), mensagem: expect.any(String) })
    }
    expect((await get(ref)).status).toBe(404)
  })
})

describe('POST /v2/nfsen?ref=', () => {
  it('accepts a valid DPS for processing (202) and the note is then authorised with its number, key and links', async () => {
    const ref = newRef()
    const accepted = await issue(ref)
    expect(accepted.status).toBe(202)
    expect(accepted.body).toEqual({
      cnpj_prestador: '11222333000181',
      ref,
      status: 'processando_autorizacao',
    })

    const note = await get(ref)
    expect(note.status).toBe(200)
    expect(note.body).toMatchObject({
      ref,
      status: 'autorizado',
      cnpj_prestador: '11222333000181',
      numero: expect.stringMatching(/^\d+$/),
      codigo_verificacao: expect.stringMatching(/^\d{50}$/),
      data_emissao: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-03:00$/),
      caminho_xml_nota_fiscal: expect.stringMatching(/^\/arquivos\/.+\.xml$/),
    })
    expect(note.body.url).toContain(`chave=${note.body.codigo_verificacao}`)
    const pdf = await fetch(note.body.url_danfse)
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
    expect((await pdf.text()).startsWith('%PDF-')).toBe(true)
    const xml = await fetch(`${server.origin}${note.body.caminho_xml_nota_fiscal}`)
    expect(xml.status).toBe(200)
    expect(await xml.text()).toContain(`<nNFSe>${note.body.numero}</nNFSe>`)
  })

  it('refuses a DPS with a missing or malformed field with 400 requisicao_invalida and creates nothing', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ codigo_municipio_emissora: undefined }, 'Parâmetro "codigo_municipio_emissora" não informado'],
      [{ cnpj_prestador: '11222333000180' }, 'cnpj_prestador'],
      [{ cpf_tomador: '12345678900' }, 'cpf_tomador'],
      [{ cpf_tomador: undefined }, 'cnpj_tomador'],
      [{ codigo_municipio_tomador: '41069' }, 'codigo_municipio_tomador'],
      [{ cep_tomador: undefined }, 'cep_tomador'],
      [{ codigo_tributacao_nacional_iss: '08.02.01' }, 'codigo_tributacao_nacional_iss'],
      [{ valor_servico: 0 }, 'valor_servico'],
      [{ valor_servico: 10.123 }, 'valor_servico'],
      [{ tributacao_iss: 7 }, 'tributacao_iss'],
      [{ percentual_aliquota_relativa_municipio: 12 }, 'percentual_aliquota_relativa_municipio'],
    ]
    for (const [overrides, expected] of cases) {
      const ref = newRef()
      const answer = await issue(ref, dps(overrides))
      expect(answer.status, JSON.stringify(overrides)).toBe(400)
      expect(answer.body.codigo).toBe('requisicao_invalida')
      expect(answer.body.mensagem).toContain(expected)
      expect((await get(ref)).status).toBe(404)
    }
  })

  it('refuses a ref with special characters, and a body that is not JSON', async () => {
    expect((await issue('pedido:1')).body.codigo).toBe('requisicao_invalida')
    expect((await call('POST', '/v2/nfsen', dps())).status).toBe(400)
    expect((await call('POST', `/v2/nfsen?ref=${newRef()}`, '{"data_emissao":')).status).toBe(415)
  })

  it('accepts a company taker (CNPJ) and a taker abroad (NIF, country, foreign address)', async () => {
    const company = newRef()
    expect(
      (
        await issue(
          company,
          dps({
            cpf_tomador: undefined,
            cnpj_tomador: '11444777000161',
            razao_social_tomador: 'Clínica Renal Ltda',
          }),
        )
      ).status,
    ).toBe(202)
    const abroad = newRef()
    const foreign = dps({
      cpf_tomador: undefined,
      codigo_municipio_tomador: undefined,
      cep_tomador: undefined,
      nif_tomador: 'PT123456789',
      codigo_pais_ext_tomador: 'PT',
      cep_ext_tomador: '1000-001',
      nome_cidade_ext_tomador: 'Lisboa',
      regiao_ext_tomador: 'Lisboa',
    })
    expect((await issue(abroad, foreign)).status).toBe(202)
    expect((await get(abroad)).body.status).toBe('autorizado')
    const noCountry = await issue(newRef(), { ...foreign, codigo_pais_ext_tomador: undefined })
    expect(noCountry.body.mensagem).toContain('codigo_pais_ext_tomador')
    const mixed = await issue(newRef(), { ...foreign, cpf_tomador: '52998224725' })
    expect(mixed.status).toBe(400)
  })

  it('answers 422 to a repeated ref: em_processamento while processing, nfe_autorizada once authorised, even cancelled', async () => {
    const ref = newRef()
    await control('/next-issue', { outcome: 'hold', ref })
    expect((await issue(ref)).status).toBe(202)
    expect((await get(ref)).body.status).toBe('processando_autorizacao')
    const processing = await issue(ref)
    expect(processing).toMatchObject({ status: 422, body: { codigo: 'em_processamento' } })

    await control(`/notes/${ref}/authorize`)
    expect(await issue(ref)).toMatchObject({ status: 422, body: { codigo: 'nfe_autorizada' } })
    expect((await cancel(ref)).body).toEqual({ status: 'cancelado' })
    expect(await issue(ref)).toMatchObject({ status: 422, body: { codigo: 'nfe_autorizada' } })
  })

  it('ends erro_autorizacao with the national system’s erros[] when told, and the same ref may be sent again', async () => {
    const ref = newRef()
    await control('/next-issue', {
      outcome: 'reject',
      ref,
      codigo: 'E0312',
      mensagem: 'Alíquota do ISS inválida',
    })
    expect((await issue(ref)).status).toBe(202)
    const refused = await get(ref)
    expect(refused.body).toMatchObject({
      ref,
      status: 'erro_autorizacao',
      erros: [{ codigo: 'E0312', mensagem: 'Alíquota do ISS inválida', correcao: null }],
    })
    expect(refused.body.numero).toBeUndefined()

    expect((await issue(ref)).status).toBe(202)
    expect((await get(ref)).body.status).toBe('autorizado')

    // A note still processing, refused now (as the stand-in's page does by hand); decided once.
    const held = newRef()
    await control('/next-issue', { outcome: 'hold', ref: held })
    await issue(held)
    const rejected = await control(`/notes/${held}/reject`, {
      codigo: 'E0100',
      mensagem: 'Prestador não habilitado',
    })
    expect(rejected.status).toBe(200)
    expect((await get(held)).body).toMatchObject({
      status: 'erro_autorizacao',
      erros: [{ codigo: 'E0100', mensagem: 'Prestador não habilitado' }],
    })
    expect((await control(`/notes/${held}/authorize`)).status).toBe(409)
  })
})

describe('GET /v2/nfsen/REF', () => {
  it('answers 404 nao_encontrado for an unknown ref', async () => {
    expect(await get('nunca-enviada')).toMatchObject({
      status: 404,
      body: { codigo: 'nao_encontrado', mensagem: 'Nota fiscal não encontrada' },
    })
  })
})

describe('DELETE /v2/nfsen/REF (cancellation)', () => {
  it('cancels an authorised note with a 15–255 character justificativa, and refuses the rest as documented', async () => {
    const ref = newRef()
    await control('/next-issue', { outcome: 'hold', ref })
    await issue(ref)
    expect(await cancel(ref)).toMatchObject({ status: 400, body: { codigo: 'nfe_nao_autorizada' } })
    await control(`/notes/${ref}/authorize`)
    expect(await cancel(ref, 'curta')).toMatchObject({ status: 400, body: { codigo: 'requisicao_invalida' } })
    expect((await get(ref)).body.status).toBe('autorizado')

    expect(await cancel(ref)).toEqual(expect.objectContaining({ status: 200, body: { status: 'cancelado' } }))
    const cancelled = await get(ref)
    expect(cancelled.body).toMatchObject({
      status: 'cancelado',
      caminho_xml_cancelamento: expect.stringMatching(/-can\.xml$/),
    })
    expect((await fetch(`${server.origin}${cancelled.body.caminho_xml_cancelamento}`)).status).toBe(200)
    expect(await cancel(ref)).toMatchObject({ status: 400, body: { codigo: 'nfe_cancelada' } })
    expect(await call('DELETE', '/v2/nfsen/nunca-enviada', { justificativa: 'x'.repeat(20) })).toMatchObject({
      status: 404,
    })
  })

  it('answers erro_cancelamento when the city no longer accepts it, and the note stays authorised', async () => {
    const ref = newRef()
    await issue(ref)
    await control(`/notes/${ref}/cancellation-out-of-time`)
    const refused = await cancel(ref)
    expect(refused.status).toBe(200)
    expect(refused.body).toMatchObject({
      status: 'erro_cancelamento',
      erros: [{ codigo: expect.any(String), mensagem: expect.stringContaining('fora do prazo') }],
    })
    expect((await get(ref)).body.status).toBe('autorizado')

    const other = newRef()
    await issue(other)
    await control('/next-cancellation-out-of-time')
    expect((await cancel(other)).body.status).toBe('erro_cancelamento')
    expect((await cancel(other)).body.status).toBe('cancelado')
  })
})

describe('substitution: a new DPS carrying the replaced note’s key', () => {
  const substitute = (key: string) =>
    dps({
      valor_servico: 150,
      chave_nfse_substituida: key,
      codigo_justificativa_substituicao: '99',
      motivo_substituicao: 'Reembolso parcial: nota substituída pelo valor líquido',
    })

  it('authorises the substitute and the replaced note reads cancelado', async () => {
    const original = newRef()
    await issue(original)
    const key = (await get(original)).body.codigo_verificacao
    const replacement = newRef()
    expect((await issue(replacement, substitute(key))).status).toBe(202)
    expect((await get(replacement)).body.status).toBe('autorizado')
    expect((await get(original)).body.status).toBe('cancelado')
  })

  it('refuses a substitution out of the window (the replaced note stays authorised) and one without its motive', async () => {
    const original = newRef()
    await issue(original)
    const key = (await get(original)).body.codigo_verificacao
    await control(`/notes/${original}/cancellation-out-of-time`)
    const replacement = newRef()
    await issue(replacement, substitute(key))
    expect((await get(replacement)).body).toMatchObject({
      status: 'erro_autorizacao',
      erros: [expect.any(Object)],
    })
    expect((await get(original)).body.status).toBe('autorizado')
    const noMotive = await issue(newRef(), { ...substitute(key), motivo_substituicao: undefined })
    expect(noMotive.body.mensagem).toContain('motivo_substituicao')
  })
})

describe('a call that times out', () => {
  it('is carried out but answered past the client’s deadline: a look-up then finds the note', async () => {
    const ref = newRef()
    await control('/next-call', { fault: 'timeout', method: 'POST', path: '/v2/nfsen', ms: 2_000 })
    await expect(
      fetch(`${server.origin}/v2/nfsen?ref=${ref}`, {
        method: 'POST',
        headers: auth(),
        body: JSON.stringify(dps()),
        signal: AbortSignal.timeout(200),
      }),
    ).rejects.toThrow()
    expect((await get(ref)).body.status).toBe('autorizado')
    expect((await issue(ref)).status).toBe(422)
  })
})

describe('a call that fails', () => {
  it('answers the status it was told, once, and the next call is served', async () => {
    await control('/next-call', { fault: 'error', method: 'GET', path: '/v2/nfsen/', status: 503 })
    const ref = newRef()
    await issue(ref)
    expect((await get(ref)).status).toBe(503)
    expect((await get(ref)).body.status).toBe('autorizado')
  })
})

describe('gatilhos (POST /v2/hooks)', () => {
  it('POSTs the note’s JSON to the registered URL with the Authorization header registered', async () => {
    const received: Array<{ authorization: string | undefined; body: Record<string, unknown> }> = []
    const receiver = createServer((req: IncomingMessage, res) => {
      let text = ''
      req.on('data', (chunk) => {
        text += chunk
      })
      req.on('end', () => {
        received.push({ authorization: req.headers.authorization, body: JSON.parse(text) })
        res.end('ok')
      })
    })
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks/focus-nfe`
    try {
      const hook = await call('POST', '/v2/hooks', { event: 'nfsen', url, authorization: 'segredo-123' })
      expect(hook.status).toBe(200)
      expect(hook.body).toMatchObject({
        id: expect.any(String),
        url,
        event: 'nfsen',
        authorization: 'segredo-123',
      })
      expect((await call('POST', '/v2/hooks', { event: 'nota', url })).body.codigo).toBe(
        'requisicao_invalida',
      )

      const ref = newRef()
      await issue(ref)
      await expect.poll(() => received.find((r) => r.body.ref === ref)).toBeTruthy()
      const firing = received.find((r) => r.body.ref === ref)!
      expect(firing.authorization).toBe('segredo-123')
      expect(firing.body).toMatchObject({ ref, status: 'autorizado', codigo_verificacao: expect.any(String) })

      expect((await call('DELETE', `/v2/hooks/${hook.body.id}`)).body.deleted).toBe(true)
    } finally {
      await new Promise<void>((resolve) => receiver.close(() => resolve()))
    }
  })

  it('keeps the firing pending when no gatilho is registered, for the tests to hand over', async () => {
    const ref = newRef()
    await issue(ref)
    await get(ref)
    const deliveries = await call('GET', `/_sandbox/deliveries?ref=${ref}&status=pending`)
    expect(deliveries.body).toEqual([
      expect.objectContaining({
        ref,
        status: 'pending',
        body: expect.objectContaining({ status: 'autorizado' }),
      }),
    ])
  })
})

describe('the recorded requests and the page', () => {
  it('records each API call with its method, path and JSON body, and the page lists the notes', async () => {
    const ref = newRef()
    await issue(ref)
    const recorded = await call(
      'GET',
      `/_sandbox/requests?path=${encodeURIComponent(`/v2/nfsen?ref=${ref}`)}&method=POST`,
    )
    expect(recorded.body).toEqual([
      expect.objectContaining({
        method: 'POST',
        status: 202,
        body: expect.objectContaining({ cpf_tomador: '52998224725' }),
      }),
    ])
    // A test's own look-up (the observer header) is answered but not recorded.
    const looked = await call('GET', `/v2/nfsen/${ref}`, undefined, { ...auth(), 'x-stand-in-observer': '1' })
    expect(looked.body.status).toBe('autorizado')
    const gets = await call(
      'GET',
      `/_sandbox/requests?path=${encodeURIComponent(`/v2/nfsen/${ref}`)}&method=GET`,
    )
    expect(gets.body).toEqual([])
    const page = await (await fetch(`${server.origin}/`)).text()
    expect(page).toContain(ref)
    expect(page).toContain('Ana Beatriz Souza')
  })
})
