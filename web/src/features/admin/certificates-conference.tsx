import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import {
  ConferenceCertificateSettings,
  ConferenceSettingsInput,
} from '../../../../worker/contract/admin-certificates.ts'
import { TextField } from '../../lib/form-field.tsx'
import { adminQuery } from './admin-api.ts'
import { QueryState } from './page.tsx'
import { SignatureUpload } from './signature-upload.tsx'
import { useCheckedSave } from './use-checked-save.ts'

// /admin/certificados?aba=jornada: the conference's certificate settings (the share to watch, who signs).

export function ConferenceSection() {
  const query = useQuery(
    adminQuery(['conference-settings'], '/api/admin/certificados/jornada', ConferenceCertificateSettings),
  )
  return (
    <QueryState query={query}>
      {(settings) => <ConferenceForm key={settings.version} settings={settings} />}
    </QueryState>
  )
}

function ConferenceForm({ settings }: { settings: ConferenceCertificateSettings }) {
  const [values, setValues] = useState({
    min_share: String(settings.min_share),
    signatory_name: settings.signatory_name ?? '',
    signatory_role: settings.signatory_role ?? '',
  })
  const { errors, busy, save } = useCheckedSave(ConferenceSettingsInput, '/api/admin/certificados/jornada', {
    success: 'Configurações da jornada salvas.',
    failure: 'Erro ao salvar as configurações.',
  })
  const field = (key: keyof typeof values) => ({
    value: values[key],
    error: errors[key],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [key]: event.target.value })),
  })

  return (
    <section
      aria-labelledby="jornada-certificado"
      className="max-w-xl rounded-xl border border-slate-200 bg-white p-4"
    >
      <h2 id="jornada-certificado" className="font-semibold text-lg text-slate-900">
        Certificado de participação na jornada
      </h2>
      <form
        className="mt-3 space-y-4"
        onSubmit={(event) => {
          event.preventDefault()
          void save({ ...values, min_share: Number(values.min_share), version: settings.version })
        }}
      >
        <TextField
          label="Presença mínima (% da programação)"
          hint="Quem assistiu ao menos esta parte da programação recebe o certificado."
          type="number"
          inputMode="numeric"
          min={1}
          max={100}
          {...field('min_share')}
        />
        <TextField label="Nome de quem assina" {...field('signatory_name')} />
        <TextField label="Cargo de quem assina" {...field('signatory_role')} />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          Salvar
        </button>
      </form>
      <SignatureUpload
        className="mt-6"
        path="/api/admin/certificados/jornada/assinatura"
        hasSignature={settings.has_signature}
      />
    </section>
  )
}
