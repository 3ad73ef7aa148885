import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type {
  CertificateVerification,
  HeldCertificate,
  MyCertificates,
} from '../../../../worker/contract/certificates.ts'
import { api, apiParsed } from '../../lib/api.ts'

const contract = () => import('../../../../worker/contract/certificates.ts')

export const certificateKeys = {
  mine: () => ['certificates', 'mine'] as const,
  verification: (code: string) => ['certificates', 'verification', code] as const,
}

/** GET /api/usuario/certificados: the courses' progress and the certificates held. */
export function myCertificatesQuery() {
  return queryOptions({
    queryKey: certificateKeys.mine(),
    queryFn: ({ signal }): Promise<MyCertificates> =>
      apiParsed('/api/usuario/certificados', () => contract().then((m) => m.MyCertificates), { signal }),
  })
}

/** GET /api/certificados/{code}: what anyone may read of a certificate. */
export function verificationQuery(code: string) {
  return queryOptions({
    queryKey: certificateKeys.verification(code),
    queryFn: ({ signal }): Promise<CertificateVerification> =>
      apiParsed(
        `/api/certificados/${encodeURIComponent(code)}`,
        () => contract().then((m) => m.CertificateVerification),
        { signal, globalErrors: false },
      ),
    retry: false,
  })
}

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
