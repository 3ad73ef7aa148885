import type { Ref } from 'react'
import { type Control, Controller, type FieldPathByValue, type FieldValues } from 'react-hook-form'
import { IMaskInput } from 'react-imask'
import { FieldShell, INPUT_CLASS } from './form-field.tsx'

// SPEC section 5: (##) ####-#### for landlines, (##) #####-#### once the 11th digit is typed.
// imask's default dispatch picks the first mask that still fits all the digits typed so far.
export const PHONE_MASKS = [{ mask: '(00) 0000-0000' }, { mask: '(00) 00000-0000' }]

type PhoneInputProps = {
  id: string
  name: string
  value: string
  onChange: (value: string) => void
  onBlur?: () => void
  inputRef?: Ref<HTMLInputElement>
  'aria-invalid'?: true
  'aria-describedby'?: string
  disabled?: boolean
}

/** A Brazilian phone field with the SPEC's masks; reports the masked text. */
export function PhoneInput({ value, onChange, inputRef, ...input }: PhoneInputProps) {
  return (
    <IMaskInput
      {...input}
      mask={PHONE_MASKS}
      value={value}
      unmask={false}
      onAccept={(next: string) => onChange(next)}
      inputRef={inputRef}
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      placeholder="(41) 99999-9999"
      className={INPUT_CLASS}
    />
  )
}

/** The labelled, masked phone field of a react-hook-form form (sign-up, profile, checkout payer). */
export function PhoneField<T extends FieldValues>({
  control,
  name,
  error,
  label = 'Telefone',
}: {
  control: Control<T>
  name: FieldPathByValue<T, string>
  error?: string | undefined
  label?: string
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FieldShell label={label} error={error}>
          {(ids) => (
            <PhoneInput
              {...ids}
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
            />
          )}
        </FieldShell>
      )}
    />
  )
}
