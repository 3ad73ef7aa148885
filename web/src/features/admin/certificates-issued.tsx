import { useState } from 'react'
import {
  CERTIFICATE_STATE_LABELS,
  CERTIFICATE_STATES,
  type IssuedCertificate,
  IssuedCertificatePage,
  ReissueInput,
  RevokeInput,
} from '../../../../worker/contract/admin-certificates.ts'
import { CERTIFICATE_KIND, CERTIFICATE_KINDS } from '../../../../worker/domain/certificates.ts'
import { TextField } from '../../lib/form-field.tsx'
import { toastError, toastSuccess } from '../../lib/toast.ts'
import { send, useAdminList, useRefreshAdmin } from './admin-api.ts'
import { EnumOptions, FilterSelect, SearchInput } from './fields.tsx'
import { formatDateTime, formatDay } from './format.ts'
import { type ListDescription, ResourceList } from './resource-list.tsx'
import { Badge, type Tone } from './table.tsx'
import { CsvButton, FilterBar, useFilters } from './toolbar.tsx'
import { useFocusOnOpen } from './use-focus-on-open.ts'

// /admin/certificados?aba=emitidos: the certificates issued, revoked or reissued.

const hours = (minutes: number) => `${(minutes / 60).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} h`
const STATE_TONE: Record<IssuedCertificate['state'], Tone> = {
  valid: 'green',
  suspended: 'amber',
  revoked: 'red',
  replaced: 'amber',
}

type Acting = { certificate: IssuedCertificate; action: 'revoke' | 'reissue' } | null

export function IssuedSection() {
  const { filters, set, params } = useFilters({ q: '', kind: '', state: '' })
  const list = useAdminList('certificates', '/api/admin/certificados', params, IssuedCertificatePage)
  const [acting, setActing] = useState<Acting>(null)
  const description: ListDescription<IssuedCertificate> = {
    label: 'Certificados emitidos',
    empty: 'Nenhum certificado encontrado.',
    pagesOf: 'certificados',
    columns: [
      { header: 'Código', className: 'font-mono', cell: (row) => row.code },
      { header: 'Titular', cell: (row) => row.holder_name ?? '(conta excluída)' },
      { header: 'Curso ou evento', cell: (row) => row.title },
      { header: 'Tipo', cell: (row) => CERTIFICATE_KIND.labels[row.kind] },
      { header: 'Carga horária', cell: (row) => hours(row.minutes) },
      { header: 'Conclusão', className: 'whitespace-nowrap', cell: (row) => formatDay(row.completed_on) },
      {
        header: 'Situação',
        cell: (row) => (
          <>
            <Badge tone={STATE_TONE[row.state]}>{CERTIFICATE_STATE_LABELS[row.state]}</Badge>
            {row.replaced_by ? <p className="text-xs">por {row.replaced_by}</p> : null}
            {row.revoked_reason ? (
              <p className="text-xs">
                {row.revoked_at ? `${formatDateTime(row.revoked_at)}: ` : ''}
                {row.revoked_reason}
              </p>
            ) : null}
            {row.suspended_reason && row.state === 'suspended' ? (
              <p className="text-xs">
                {row.suspended_at ? `${formatDateTime(row.suspended_at)}: ` : ''}
                {row.suspended_reason}
              </p>
            ) : null}
          </>
        ),
      },
    ],
    actions: (row) => [
      {
        label: 'Revogar',
        of: row.code,
        hidden: row.state !== 'valid' && row.state !== 'suspended',
        onClick: () => setActing({ certificate: row, action: 'revoke' }),
      },
      {
        label: 'Reemitir',
        of: row.code,
        hidden: row.state !== 'valid' || row.holder_name === null,
        onClick: () => setActing({ certificate: row, action: 'reissue' }),
      },
    ],
  }
  return (
    <>
      <div className="mb-4 flex justify-end">
        <CsvButton
          path="/api/admin/certificados/exportacao"
          params={params}
          failure="Erro ao exportar os certificados."
        />
      </div>
      <FilterBar columns={4}>
        <SearchInput label="Código, nome, curso ou e-mail" value={filters.q} onChange={set('q')} />
        <FilterSelect label="Tipo" all="Todos" value={filters.kind} onChange={set('kind')}>
          <EnumOptions values={CERTIFICATE_KINDS} labels={CERTIFICATE_KIND.labels} />
        </FilterSelect>
        <FilterSelect label="Situação" all="Todas" value={filters.state} onChange={set('state')}>
          <EnumOptions values={CERTIFICATE_STATES} labels={CERTIFICATE_STATE_LABELS} />
        </FilterSelect>
      </FilterBar>
      <ResourceList list={list} description={description} />
      {acting ? (
        <CertificateAction
          key={`${acting.certificate.id}-${acting.action}`}
          acting={acting}
          done={() => setActing(null)}
        />
      ) : null}
    </>
  )
}

function CertificateAction({ acting, done }: { acting: NonNullable<Acting>; done: () => void }) {
  const { certificate, action } = acting
  const revoke = action === 'revoke'
  const [text, setText] = useState(revoke ? '' : (certificate.holder_name ?? ''))
  const [error, setError] = useState<string | undefined>()
  const [busy, setBusy] = useState(false)
  const refresh = useRefreshAdmin()
  const heading = useFocusOnOpen(certificate.id)

  async function submit() {
    const input = revoke ? { reason: text } : { holder_name: text }
    const checked = (revoke ? RevokeInput : ReissueInput).safeParse(input)
    if (!checked.success) return setError(checked.error.issues[0]?.message)
    setBusy(true)
    setError(undefined)
    try {
      await send(
        'POST',
        `/api/admin/certificados/${certificate.id}/${revoke ? 'revogacao' : 'reemissao'}`,
        checked.data,
      )
      void toastSuccess(revoke ? 'Certificado revogado.' : 'Certificado reemitido com o novo nome.')
      await refresh()
      done()
    } catch (caught) {
      void toastError(caught, revoke ? 'Erro ao revogar.' : 'Erro ao reemitir.')
    } finally {
      setBusy(false)
    }
  }

  return (
    <section
      aria-labelledby="certificado-acao"
      className="mt-6 rounded-xl border border-slate-200 bg-white p-4"
    >
      <h2 id="certificado-acao" ref={heading} tabIndex={-1} className="font-semibold text-lg text-slate-900">
        {revoke ? 'Revogar' : 'Reemitir'} o certificado {certificate.code}
      </h2>
      <p className="mt-1 text-slate-700">
        {certificate.holder_name} — {certificate.title}
      </p>
      <form
        className="mt-3 space-y-3"
        onSubmit={(event) => {
          event.preventDefault()
          void submit()
        }}
      >
        <TextField
          label={revoke ? 'Motivo da revogação' : 'Nome completo corrigido'}
          hint={
            revoke
              ? 'A página de verificação mostrará que o certificado foi revogado, e por quê.'
              : 'Um novo código é gerado; o antigo passa a indicar o novo.'
          }
          value={text}
          error={error}
          onChange={(event) => setText(event.target.value)}
        />
        <div className="flex flex-wrap gap-2">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {revoke ? 'Revogar certificado' : 'Reemitir certificado'}
          </button>
          <button type="button" className="btn btn-outline" onClick={done}>
            Cancelar
          </button>
        </div>
      </form>
    </section>
  )
}
