import type { HTMLInputAutoCompleteAttribute, Ref } from 'react'
import { type Control, Controller, type FieldPathByValue, type FieldValues } from 'react-hook-form'
import { IMaskInput } from 'react-imask'
import { FieldShell, INPUT_CLASS } from './form-field.tsx'

/** Masks of SPEC section 5 and the checkout's card and address fields ('0' is any digit). */
export const MASKS = {
  cpf: '000.000.000-00',
  cep: '00000-000',
  cardNumber: '0000 0000 0000 0000[000]',
  cardExpiry: '00/00',
  cvv: '000[0]',
} as const

type MaskedInputProps = {
  id: string
  name: string
  mask: string
  value: string
  onChange: (value: string) => void
  onBlur?: () => void
  inputRef?: Ref<HTMLInputElement>
  inputMode?: 'numeric' | 'text' | 'tel'
  autoComplete?: HTMLInputAutoCompleteAttribute
  placeholder?: string
  'aria-invalid'?: true
  'aria-describedby'?: string
  disabled?: boolean
}

/** A text field with a fixed pattern mask (react-imask); reports the masked text. */
export function MaskedInput({
  mask,
  value,
  onChange,
  inputRef,
  inputMode = 'numeric',
  ...input
}: MaskedInputProps) {
  return (
    <IMaskInput
      {...input}
      mask={mask}
      value={value}
      unmask={false}
      lazy
      onAccept={(next: string) => onChange(next)}
      inputRef={inputRef}
      type="text"
      inputMode={inputMode}
      className={INPUT_CLASS}
    />
  )
}

/** The labelled, masked field of a react-hook-form form (CPF, CEP, the card's fields). */
export function MaskedField<T extends FieldValues>({
  control,
  name,
  label,
  mask,
  error,
  className,
  describedBy,
  onValue,
  ...input
}: {
  control: Control<T>
  name: FieldPathByValue<T, string>
  label: string
  mask: string
  error?: string | undefined
  className?: string
  /** An error shown elsewhere (the provider's refusal of a card) that describes this field too. */
  describedBy?: string | undefined
  /** Called with each accepted value after the form has it (the CEP look-up). */
  onValue?: (value: string) => void
  autoComplete: HTMLInputAutoCompleteAttribute
  placeholder: string
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FieldShell label={label} error={error} className={className}>
          {(ids) => (
            <MaskedInput
              {...ids}
              {...(describedBy ? { 'aria-describedby': describedBy } : {})}
              {...input}
              mask={mask}
              name={field.name}
              value={field.value}
              onChange={(next) => {
                field.onChange(next)
                onValue?.(next)
              }}
              onBlur={field.onBlur}
              inputRef={field.ref}
            />
          )}
        </FieldShell>
      )}
    />
  )
}
