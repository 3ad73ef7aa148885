import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MyCertificates } from '../../web/src/features/certificates/my-certificates.tsx'
import { VerificationPage } from '../../web/src/features/certificates/verification-page.tsx'
import type { HeldCertificate } from '../../worker/contract/certificates.ts'
import { IN_GOOD_STANDING } from '../support/web/certificate-fixtures.ts'
import { mockFetch, renderWithApp } from '../support/web/render.tsx'

// Issue 39, item 4: a certificate money took back is marked, with the reason, wherever its holder
// sees it, and its downloads are no longer offered; the verification page reads a suspension well.

afterEach(() => vi.unstubAllGlobals())

function held(code: string, title: string, standing: Partial<HeldCertificate> = {}): HeldCertificate {
  const files = !standing.status || standing.status === 'valid'
  return {
    code,
    status: 'valid',
    kind: 'conference',
    kind_label: 'Participação na jornada',
    holder_name: 'Ana Beatriz Souza',
    holder_removed: false,
    title,
    minutes: 600,
    hours: '10 horas',
    started_on: '2026-03-02',
    completed_on: '2026-03-03',
    issued_at: '2026-03-04T12:00:00.000Z',
    issuer: 'Instituto Renalis',
    ...IN_GOOD_STANDING,
    checked_at: '2026-03-05T12:00:00.000Z',
    links: {
      pdf: files ? `/api/usuario/certificados/${code}/pdf` : null,
      credential: files ? `/api/usuario/certificados/${code}/credencial` : null,
      verification: `/certificados/${code}`,
      linkedin: 'https://www.linkedin.com/profile/add?startTask=CERTIFICATION_NAME',
    },
    ...standing,
  }
}

describe("the holder's certificates", () => {
  it('offers the files of a valid one; marks a revoked and a suspended one with the reason, without them', async () => {
    const certificates = [
      held('RN-AAAAAAAAAA', 'Jornada válida'),
      held('RN-BBBBBBBBBB', 'Curso reembolsado', {
        status: 'revoked',
        revoked_at: '2026-03-10T15:00:00.000Z',
        revoked_reason: 'compra reembolsada',
      }),
      held('RN-CCCCCCCCCC', 'Curso contestado', {
        status: 'suspended',
        suspended_at: '2026-03-11T15:00:00.000Z',
        suspended_reason: 'pagamento contestado junto à operadora do cartão',
      }),
    ]
    vi.stubGlobal(
      'fetch',
      mockFetch({
        '/api/usuario/certificados': {
          body: { profile_name: 'Ana Beatriz Souza', courses: [], certificates },
        },
      }).fetchMock,
    )
    renderWithApp(<MyCertificates />)
    const card = async (title: string) =>
      within((await screen.findByRole('heading', { name: title })).closest('li') as HTMLElement)

    const valid = await card('Jornada válida')
    expect(valid.getByRole('link', { name: /Baixar PDF/ }).getAttribute('href')).toBe(
      '/api/usuario/certificados/RN-AAAAAAAAAA/pdf',
    )
    expect(valid.getByRole('link', { name: 'Credencial digital' })).toBeTruthy()

    const revoked = await card('Curso reembolsado')
    expect(revoked.getByText('Revogado').closest('p')?.textContent).toBe(
      'Revogado em 10 de março de 2026: compra reembolsada. O PDF e a credencial digital não estão mais disponíveis.',
    )
    expect(revoked.queryByRole('link', { name: /Baixar PDF/ })).toBeNull()
    expect(revoked.queryByRole('link', { name: 'Credencial digital' })).toBeNull()
    expect(revoked.queryByRole('link', { name: /LinkedIn/ })).toBeNull()
    expect(revoked.getByRole('link', { name: /Página de verificação/ }).getAttribute('href')).toBe(
      '/certificados/RN-BBBBBBBBBB',
    )

    const suspended = await card('Curso contestado')
    expect(suspended.getByText('Suspenso').closest('p')?.textContent).toContain(
      'Suspenso desde 11 de março de 2026: pagamento contestado junto à operadora do cartão.',
    )
    expect(suspended.queryByRole('link', { name: /Baixar PDF/ })).toBeNull()
  })
})

/** The verification page of `code`, its JSON answering the certificate with `standing`. */
function renderVerification(code: string, title: string, standing: Partial<HeldCertificate>) {
  vi.stubGlobal(
    'fetch',
    mockFetch({ [`/api/certificados/${code}`]: { body: held(code, title, standing) } }).fetchMock,
  )
  renderWithApp(<VerificationPage code={code} />)
}

describe('the verification page', () => {
  it('reads a suspended certificate as suspended, with the reason and what follows', async () => {
    renderVerification('RN-CCCCCCCCCC', 'Curso contestado', {
      status: 'suspended',
      suspended_at: '2026-03-11T15:00:00.000Z',
      suspended_reason: 'pagamento contestado junto à operadora do cartão',
    })
    const status = await screen.findByText(
      'Certificado suspenso: pagamento contestado junto à operadora do cartão',
    )
    expect(status.id).toBe('situacao')
    expect(screen.getByText(/Suspenso desde 11 de março de 2026\./).textContent).toContain(
      'volta a valer se a contestação do pagamento terminar a favor do instituto',
    )
    expect(screen.queryByText(/substituído/)).toBeNull()
  })

  it("reads a refund's revocation as 'revogado: compra reembolsada'", async () => {
    renderVerification('RN-BBBBBBBBBB', 'Curso reembolsado', {
      status: 'revoked',
      revoked_at: '2026-03-10T15:00:00.000Z',
      revoked_reason: 'compra reembolsada',
    })
    expect(await screen.findByText('Certificado revogado: compra reembolsada')).toBeTruthy()
    expect(screen.getByText('Revogado em 10 de março de 2026: não vale mais como comprovante.')).toBeTruthy()
  })
})
