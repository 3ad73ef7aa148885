import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import {
  gatilhos,
  noteAtProvider,
  providerFile,
  providerRequests,
  rejectNextIssue,
  sentDps,
  timeoutNextCall,
} from '../support/worker/focus-nfe.ts'

// The Focus NFe stand-in as the Worker reaches it from workerd: FOCUS_NFE_API_URL and the token
// come from the bindings, the calls go over HTTP, and tests/support/worker/focus-nfe.ts plays the
// national system and reads what was sent. (The Worker's own NFS-e tests use the same helpers.)

const fiscal = env as typeof env & { FOCUS_NFE_API_URL?: string; FOCUS_NFE_TOKEN?: string }
const headers = () => ({
  Authorization: `Basic ${btoa(`${fiscal.FOCUS_NFE_TOKEN}:`)}`,
  'Content-Type': 'application/json',
})
const dps = {
  data_emissao: '2026-11-29T10:00:00-03:00',
  data_competencia: '2026-11-29',
  codigo_municipio_emissora: 4106902,
  cnpj_prestador: '11222333000181',
  codigo_opcao_simples_nacional: 1,
  regime_especial_tributacao: 0,
  cnpj_tomador: '11444777000161',
  razao_social_tomador: 'Clínica Renal Ltda',
  codigo_municipio_tomador: 4106902,
  cep_tomador: '80730000',
  logradouro_tomador: 'Rua Padre Anchieta',
  numero_tomador: '1000',
  bairro_tomador: 'Bigorrilho',
  codigo_municipio_prestacao: 4106902,
  codigo_tributacao_nacional_iss: '080201',
  descricao_servico: 'Curso Hemodiálise para Enfermagem',
  valor_servico: '297.50',
  tributacao_iss: 1,
}
const issue = (ref: string, signal?: AbortSignal) =>
  fetch(`${fiscal.FOCUS_NFE_API_URL}/v2/nfsen?ref=${ref}`, {
    method: 'POST',
    headers: headers(),
    body: JSON.stringify(dps),
    ...(signal ? { signal } : {}),
  })

describe('the Focus NFe stand-in from the worker tests', () => {
  it('authorises a note by the next read, records the DPS sent, serves its PDF and keeps its gatilho pending', async () => {
    const ref = `stand-in-${crypto.randomUUID().slice(0, 8)}`
    expect((await issue(ref)).status).toBe(202)
    const { body } = await noteAtProvider(ref)
    expect(body).toMatchObject({
      ref,
      status: 'autorizado',
      codigo_verificacao: expect.stringMatching(/^\d{50}$/),
    })
    expect(await sentDps(ref)).toEqual([expect.objectContaining({ cnpj_tomador: '11444777000161' })])
    expect((await providerRequests(`/v2/nfsen/${ref}`, 'GET')).length).toBe(1)
    const pdf = await providerFile(body.url_danfse!)
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
    await pdf.body?.cancel()
    expect(await gatilhos(ref, 'pending')).toEqual([
      expect.objectContaining({ ref, body: expect.objectContaining({ status: 'autorizado' }) }),
    ])
  })

  it('refuses the next note with the message it was told, and holds an answer past the deadline', async () => {
    const refused = `stand-in-${crypto.randomUUID().slice(0, 8)}`
    await rejectNextIssue({ ref: refused, mensagem: 'CNPJ do tomador não encontrado na base da Receita' })
    await issue(refused)
    expect((await noteAtProvider(refused)).body).toMatchObject({
      status: 'erro_autorizacao',
      erros: [{ mensagem: 'CNPJ do tomador não encontrado na base da Receita' }],
    })

    const slow = `stand-in-${crypto.randomUUID().slice(0, 8)}`
    await timeoutNextCall({ method: 'POST', path: '/v2/nfsen', ms: 2_000 })
    await expect(issue(slow, AbortSignal.timeout(300))).rejects.toThrow()
    expect((await noteAtProvider(slow)).body.status).toBe('autorizado')
  })
})
