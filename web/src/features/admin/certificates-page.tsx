import { useSearch } from '@tanstack/react-router'
import { Link } from '../../components/link.tsx'
import { AttendanceSection } from './certificates-attendance.tsx'
import { ConferenceSection } from './certificates-conference.tsx'
import { IssuedSection } from './certificates-issued.tsx'
import { ProgressSection } from './certificates-progress.tsx'
import { AdminPage } from './page.tsx'

// /admin/certificados (issue 24): the certificates issued (revoke, reissue), the in-person classes'
// attendance and their certificates in one action, the online students' progress, the conference.

export const CERTIFICATE_TABS = {
  emitidos: 'Emitidos',
  presenca: 'Presença (presenciais)',
  progresso: 'Progresso (online)',
  jornada: 'Jornada',
} as const
export type CertificateTab = keyof typeof CERTIFICATE_TABS

const isTab = (value: unknown): value is CertificateTab => Object.hasOwn(CERTIFICATE_TABS, String(value))

/** /admin/certificados?aba=…: the section is read here (the route file stays small: it loads with the site). */
export default function CertificatesPage() {
  const { aba } = useSearch({ strict: false }) as { aba?: unknown }
  const tab: CertificateTab = isTab(aba) ? aba : 'emitidos'
  return (
    <AdminPage
      title="Certificados"
      description="Certificados emitidos, presença das turmas presenciais, progresso dos alunos online e a jornada."
    >
      <nav aria-label="Seções de certificados" className="mb-6">
        <ul className="flex flex-wrap gap-2">
          {(Object.keys(CERTIFICATE_TABS) as CertificateTab[]).map((key) => (
            <li key={key}>
              <Link
                to="/admin/$section"
                params={{ section: 'certificados' }}
                search={{ aba: key } as never}
                aria-current={key === tab ? 'page' : undefined}
                className={`btn ${key === tab ? 'btn-primary' : 'btn-outline'}`}
              >
                {CERTIFICATE_TABS[key]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {tab === 'emitidos' ? <IssuedSection /> : null}
      {tab === 'presenca' ? <AttendanceSection /> : null}
      {tab === 'progresso' ? <ProgressSection /> : null}
      {tab === 'jornada' ? <ConferenceSection /> : null}
    </AdminPage>
  )
}
