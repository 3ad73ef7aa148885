import type { Ref } from 'react'
import { IMaskInput } from 'react-imask'
import { INPUT_CLASS } from './form-field.tsx'

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
      autoComplete="tel-national"
      placeholder="(41) 99999-9999"
      className={INPUT_CLASS}
    />
  )
}
