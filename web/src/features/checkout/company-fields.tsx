import { useId } from 'react'
import { Controller, type FieldValues } from 'react-hook-form'
import { IMaskInput } from 'react-imask'
import { FieldShell, INPUT_CLASS, TextField } from '../../lib/form-field.tsx'
import { type AnyForm, controlOf, errorAt, path } from './checkout-fields.tsx'

/**
 * The CNPJ as it is written, 00.000.000/0000-00; the first twelve places take letters too (the
 * alphanumeric CNPJ of 2026), typed in either case and shown in capitals. The check digits stay
 * digits.
 */
const CNPJ_MASK = 'XX.XXX.XXX/XXXX-00'
const CNPJ_DEFINITIONS = { X: /[0-9A-Za-z]/ }

/**
 * 'Comprar como empresa' (issue 43, item 5): ticked, the CNPJ and the razão social the nota fiscal
 * (NFS-e) is issued to. The payer's CPF stays: it is who pays; the note's taker is the company.
 */
export function CompanyFields<T extends FieldValues, V extends FieldValues>({
  form,
}: {
  form: AnyForm<T, V>
}) {
  const { register, watch } = form
  const at = path<T>
  const detailId = useId()
  const asCompany = watch(at('company.enabled'))
  return (
    <div className="rounded-2xl border border-slate-200 p-5">
      <label className="flex items-start gap-3 font-medium text-slate-900">
        <input
          type="checkbox"
          className="mt-1 size-5 shrink-0 accent-teal-700"
          aria-describedby={detailId}
          {...register(at('company.enabled'))}
        />
        Comprar como empresa
      </label>
      <p id={detailId} className="mt-2 text-slate-700 text-sm">
        A nota fiscal de serviço (NFS-e) sai em nome da empresa, com o CNPJ e a razão social informados.
      </p>
      {asCompany ? (
        <div className="mt-4 grid gap-4 sm:grid-cols-[14rem_1fr]">
          <Controller
            control={controlOf(form)}
            name={at('company.cnpj')}
            render={({ field }) => (
              <FieldShell label="CNPJ" error={errorAt(form, 'company.cnpj')}>
                {(ids) => (
                  <IMaskInput
                    {...ids}
                    name={field.name}
                    mask={CNPJ_MASK}
                    definitions={CNPJ_DEFINITIONS}
                    prepareChar={(char: string) => char.toUpperCase()}
                    lazy
                    value={field.value}
                    unmask={false}
                    onAccept={(next: string) => field.onChange(next)}
                    onBlur={field.onBlur}
                    inputRef={field.ref}
                    type="text"
                    autoComplete="off"
                    autoCapitalize="characters"
                    placeholder="00.000.000/0000-00"
                    className={INPUT_CLASS}
                  />
                )}
              </FieldShell>
            )}
          />
          <TextField
            label="Razão social"
            autoComplete="organization"
            error={errorAt(form, 'company.razaoSocial')}
            {...register(at('company.razaoSocial'))}
          />
        </div>
      ) : null}
    </div>
  )
}
