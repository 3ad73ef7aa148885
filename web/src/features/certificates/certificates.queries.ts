import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { HeldCertificate } from '../../../../worker/contract/certificates.ts'
import { api } from '../../lib/api.ts'
import { parsedQuery } from '../../lib/parsed-query.ts'

const contract = () => import('../../../../worker/contract/certificates.ts')

export const certificateKeys = {
  mine: () => ['certificates', 'mine'] as const,
  verification: (code: string) => ['certificates', 'verification', code] as const,
}

/** GET /api/usuario/certificados: the courses' progress and the certificates held. */
export const myCertificatesQuery = () =>
  parsedQuery(certificateKeys.mine(), '/api/usuario/certificados', () =>
    contract().then((m) => m.MyCertificates),
  )

/** GET /api/certificados/{code}: what anyone may read of a certificate. */
export const verificationQuery = (code: string) =>
  parsedQuery(
    certificateKeys.verification(code),
    `/api/certificados/${encodeURIComponent(code)}`,
    () => contract().then((m) => m.CertificateVerification),
    { retry: false, request: { globalErrors: false } },
  )

/** POST /api/usuario/cursos/{url}/certificado with the name confirmed. */
export function useIssueCourseCertificate() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ url, nome }: { url: string; nome: string }) =>
      api<HeldCertificate>(`/api/usuario/cursos/${encodeURIComponent(url)}/certificado`, {
        method: 'POST',
        json: { nome },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: certificateKeys.mine() }),
  })
}
