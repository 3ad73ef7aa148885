import type { FieldValues } from 'react-hook-form'
import { TextField } from '../../lib/form-field.tsx'
import { MaskedField } from '../../lib/masked-input.tsx'
import { type AnyForm, controlOf, errorAt, path, TickBox } from './checkout-fields.tsx'
import { MASKS } from './masks.ts'

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
  return (
    <TickBox
      label="Comprar como empresa"
      detail="A nota fiscal de serviço (NFS-e) sai em nome da empresa, com o CNPJ e a razão social informados."
      registration={register(at('company.enabled'))}
    >
      {watch(at('company.enabled')) ? (
        <div className="mt-4 grid gap-4 sm:grid-cols-[14rem_1fr]">
          <MaskedField
            control={controlOf(form)}
            name={at('company.cnpj')}
            label="CNPJ"
            error={errorAt(form, 'company.cnpj')}
            {...MASKS.cnpj}
          />
          <TextField
            label="Razão social"
            autoComplete="organization"
            error={errorAt(form, 'company.razaoSocial')}
            {...register(at('company.razaoSocial'))}
          />
        </div>
      ) : null}
    </TickBox>
  )
}
