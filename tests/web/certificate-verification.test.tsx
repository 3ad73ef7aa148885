import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { VerificationPage } from '../../web/src/features/certificates/verification-page.tsx'
import type { CertificateVerification } from '../../worker/contract/certificates.ts'
import { IN_GOOD_STANDING } from '../support/web/certificate-fixtures.ts'
import { mockFetch, renderWithApp } from '../support/web/render.tsx'

const CODE = 'RN-7K2M9QX4TD'

const valid: CertificateVerification = {
  code: CODE,
  status: 'valid',
  kind: 'course',
  kind_label: 'Conclusão de curso',
  holder_name: 'Ana Beatriz Souza',
  holder_removed: false,
  title: 'Diálise Peritoneal na Prática',
  minutes: 720,
  hours: '12 horas',
  started_on: '2026-04-28',
  completed_on: '2026-05-01',
  issued_at: '2026-05-01T15:00:00.000Z',
  issuer: 'Instituto Renalis de Ensino e Pesquisa em Nefrologia',
  ...IN_GOOD_STANDING,
  checked_at: '2026-06-02T13:05:00.000Z',
}

function open(body: CertificateVerification) {
  vi.stubGlobal('fetch', mockFetch({ [`/api/certificados/${CODE}`]: { body } }).fetchMock)
  renderWithApp(<VerificationPage code={CODE} />)
}

afterEach(() => vi.unstubAllGlobals())

describe('/certificados/{code}', () => {
  it('says valid, and as of when (Curitiba)', async () => {
    open(valid)
    await screen.findByText('Certificado válido')
    expect(screen.getByText('Situação consultada em 02/06/2026 10:05 (horário de Brasília).')).toBeTruthy()
  })

  it('says suspended since when and why, and that it must not be accepted meanwhile', async () => {
    open({
      ...valid,
      status: 'suspended',
      suspended_at: '2026-06-01T18:00:00.000Z',
      suspended_reason: 'contestação do pagamento em análise',
    })
    await screen.findByText('Certificado suspenso: contestação do pagamento em análise')
    expect(
      screen.getByText(
        /^Suspenso desde 1 de junho de 2026\. Enquanto estiver suspenso, não vale como comprovante/,
      ),
    ).toBeTruthy()
  })

  it('says revoked with its reason, and replaced with the code that replaced it', async () => {
    open({
      ...valid,
      status: 'revoked',
      revoked_at: '2026-06-01T18:00:00.000Z',
      revoked_reason: 'compra reembolsada',
    })
    await screen.findByText('Certificado revogado: compra reembolsada')
    expect(screen.getByText('Revogado em 1 de junho de 2026: não vale mais como comprovante.')).toBeTruthy()
    vi.unstubAllGlobals()
    document.body.innerHTML = ''

    open({ ...valid, status: 'replaced', replaced_by: 'RN-ABCDEFGHJK' })
    await screen.findByText('Certificado substituído')
    expect(screen.getByRole('link', { name: 'RN-ABCDEFGHJK' }).getAttribute('href')).toBe(
      '/certificados/RN-ABCDEFGHJK',
    )
  })
})
