import { publicOrigin } from '../../config.ts'
import { hoursLabel } from '../../domain/certificate-text.ts'
import { CERTIFICATE_KIND, type CertificateKind } from '../../domain/certificates.ts'
import type { Env } from '../../env.ts'
import { firstName, message, type OutboxMessage } from '../email/templates.ts'
import { verificationUrl } from './credential.ts'

// What a certificate's holder is told (issue 39, item 8): issued, suspended, revoked (with the
// reason) and reinstated; each links the certificate's verification page.

/** What an e-mail names of a certificate. */
export type CertificateFacts = {
  code: string
  kind: CertificateKind
  title: string
  minutes: number
  holderName: string
}

/** What happened to a certificate after it was issued. */
export type StandingChange = 'revoke' | 'suspend' | 'reinstate'

const links = (env: Env, code: string) => [
  { href: verificationUrl(env, code), label: 'Ver a página de verificação' },
  { href: `${publicOrigin(env)}/usuario/cursos`, label: 'Abrir Meus cursos' },
]

const what = (certificate: CertificateFacts) =>
  `${CERTIFICATE_KIND.labels[certificate.kind].toLowerCase()}: ${certificate.title} (${hoursLabel(certificate.minutes)})`

/** To the holder, once the certificate exists (every issuing path: course, in-person, conference). */
export function certificateIssuedEmail(env: Env, to: string, certificate: CertificateFacts) {
  return message(
    to,
    `Seu certificado: ${certificate.title}`,
    [
      `Olá, ${firstName(certificate.holderName)}!`,
      `Seu certificado de ${what(certificate)} foi emitido em nome de ${certificate.holderName}.`,
      `Código de verificação: ${certificate.code}. O PDF e a credencial digital estão em Meus cursos; a página de verificação mostra a qualquer pessoa que ele é válido.`,
    ],
    links(env, certificate.code),
  )
}

/** To the holder, when money going back (or coming back) changed the certificate's standing. */
export function certificateStandingEmail(
  env: Env,
  to: string,
  certificate: CertificateFacts,
  change: StandingChange,
  reason: string,
): Promise<OutboxMessage> {
  const subjects: Record<StandingChange, string> = {
    revoke: `Certificado revogado: ${certificate.title}`,
    suspend: `Certificado suspenso: ${certificate.title}`,
    reinstate: `Certificado restabelecido: ${certificate.title}`,
  }
  const news: Record<StandingChange, string[]> = {
    revoke: [
      `O certificado ${certificate.code} (${what(certificate)}) foi revogado. Motivo: ${reason}.`,
      'A página de verificação passa a mostrar a revogação, e o PDF e a credencial digital deixam de estar disponíveis.',
    ],
    suspend: [
      `O certificado ${certificate.code} (${what(certificate)}) está suspenso. Motivo: ${reason}.`,
      'Enquanto a contestação estiver em andamento, a página de verificação mostra a suspensão e o PDF e a credencial digital ficam indisponíveis. Se ela terminar a favor do instituto, o certificado volta a valer; se não, é revogado.',
    ],
    reinstate: [
      `O certificado ${certificate.code} (${what(certificate)}) voltou a valer: ${reason}.`,
      'A página de verificação mostra de novo que ele é válido, e o PDF e a credencial digital estão outra vez em Meus cursos.',
    ],
  }
  return message(
    to,
    subjects[change],
    [`Olá, ${firstName(certificate.holderName)}!`, ...news[change]],
    links(env, certificate.code),
  )
}
