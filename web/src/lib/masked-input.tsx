import type { HTMLInputAutoCompleteAttribute, Ref } from 'react'
import { IMaskInput } from 'react-imask'
import { INPUT_CLASS } from './form-field.tsx'

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
