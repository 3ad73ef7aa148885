/**
 * Certificates as PDFs: drawn by the PDF Worker (worker/pdf, decision 025) behind the
 * CERTIFICATE_PDF service binding, so pdf-lib, fontkit and the fonts stay out of the site's
 * Worker. This side reads what the drawing needs from here (the signature's bytes in FILES, the
 * verification address) and hands it over.
 */
import { deadlineOf, withDeadline } from '../../adapters/deadline.ts'
import type { Env } from '../../env.ts'
import { DependencyUnavailableError } from '../../errors.ts'
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

/**
 * A call to the PDF Worker under its deadline. It is outside this Worker: when it fails (not
 * deployed, over its CPU limit, late), the request answers 503 (README, "When a dependency
 * fails"), not 500.
 */
async function callPdfWorker<T>(env: Pick<Env, 'DEADLINES_MS'>, call: () => Promise<T>): Promise<T> {
  try {
    return await withDeadline('pdf', deadlineOf(env, 'pdf'), call)
  } catch (error) {
    if (error instanceof DependencyUnavailableError) throw error
    throw new DependencyUnavailableError(
      'pdf',
      'unreachable',
      error instanceof Error ? error.message : String(error),
    )
  }
}

/** The certificate's PDF bytes. */
export async function certificatePdf(
  env: Pick<Env, 'FILES' | 'PUBLIC_ORIGIN' | 'CERTIFICATE_PDF' | 'DEADLINES_MS'>,
  certificate: CertificateRow,
): Promise<Uint8Array> {
  const { code, kind, title, holderName, body, minutes, startedOn, completedOn, issuedAt, signatory } =
    certificate
  const signature = await signatureBytes(env, signatory?.signatureKey ?? null)
  return callPdfWorker(env, () =>
    env.CERTIFICATE_PDF.certificatePdf({
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
      signature,
    }),
  )
}

/**
 * Why a course's certificate text cannot be printed, or null (checked when the course is saved,
 * issue 39): filled with the longest name the rules allow, it must fit the page, in characters
 * the fonts draw (the PDF Worker measures it with the fonts themselves).
 */
export function certificateTemplateProblem(
  env: Pick<Env, 'CERTIFICATE_PDF' | 'DEADLINES_MS'>,
  template: string,
  course: TemplateCourse,
): Promise<string | null> {
  return callPdfWorker(env, () => env.CERTIFICATE_PDF.certificateTemplateProblem(template, course))
}
