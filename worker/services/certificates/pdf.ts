/**
 * Certificates as PDFs: drawn by the PDF Worker (worker/pdf, decision 025) behind the
 * CERTIFICATE_PDF service binding, so pdf-lib, fontkit and the fonts stay out of the site's
 * Worker. This side reads what the drawing needs from here (the signature's bytes in FILES, the
 * verification address) and hands it over.
 */
import type { Env } from '../../env.ts'
import type { TemplateCourse } from '../../pdf/certificate.ts'
import { verificationUrl } from './credential.ts'
import type { CertificateRow } from './issue.ts'

/** The signature picture's bytes in FILES, or null when absent or unreadable (the PDF goes without). */
async function signatureBytes(env: Pick<Env, 'FILES'>, key: string | null): Promise<Uint8Array | null> {
  if (!key) return null
  try {
    const object = await env.FILES.get(key)
    return object ? new Uint8Array(await object.arrayBuffer()) : null
  } catch {
    return null
  }
}

/** The certificate's PDF bytes. */
export async function certificatePdf(
  env: Pick<Env, 'FILES' | 'PUBLIC_ORIGIN' | 'CERTIFICATE_PDF'>,
  certificate: CertificateRow,
): Promise<Uint8Array> {
  const { code, kind, title, holderName, body, minutes, startedOn, completedOn, issuedAt, signatory } =
    certificate
  return env.CERTIFICATE_PDF.certificatePdf({
    certificate: {
      code,
      kind,
      title,
      holderName,
      body,
      minutes,
      startedOn,
      completedOn,
      issuedAt,
      signatory,
    },
    verificationUrl: verificationUrl(env, code),
    signature: await signatureBytes(env, signatory?.signatureKey ?? null),
  })
}

/**
 * Why a course's certificate text cannot be printed, or null (checked when the course is saved,
 * issue 39): filled with the longest name the rules allow, it must fit the page, in characters
 * the fonts draw (the PDF Worker measures it with the fonts themselves).
 */
export function certificateTemplateProblem(
  env: Pick<Env, 'CERTIFICATE_PDF'>,
  template: string,
  course: TemplateCourse,
): Promise<string | null> {
  return env.CERTIFICATE_PDF.certificateTemplateProblem(template, course)
}
