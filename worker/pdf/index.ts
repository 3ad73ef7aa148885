/**
 * The PDF Worker (wrangler.pdf.toml, decision 025): certificates drawn with pdf-lib, fontkit and
 * the DejaVu fonts, which the site's Worker no longer carries. Its only caller is the site's
 * Worker, through the CERTIFICATE_PDF service binding (RPC); it has no route of its own and no
 * binding: what a certificate needs (its row, its address, the signature's bytes) comes with
 * the call. A visitor's first page never waits for it to start.
 */
import { WorkerEntrypoint } from 'cloudflare:workers'
import {
  type CertificatePdfRequest,
  certificatePdf,
  certificateTemplateProblem,
  type TemplateCourse,
} from './certificate.ts'

export default class CertificatePdfWorker extends WorkerEntrypoint {
  /** The certificate's PDF bytes. */
  certificatePdf(request: CertificatePdfRequest): Promise<Uint8Array> {
    return certificatePdf(request)
  }

  /** Why a course's certificate text cannot be printed, or null. */
  certificateTemplateProblem(template: string, course: TemplateCourse): Promise<string | null> {
    return certificateTemplateProblem(template, course)
  }

  /** No HTTP: the binding's RPC is the way in. */
  override fetch(): Response {
    return new Response('Not found', { status: 404 })
  }
}
