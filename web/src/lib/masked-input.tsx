import type { HTMLInputAutoCompleteAttribute, HTMLInputTypeAttribute, Ref } from 'react'
import type { FieldValues } from 'react-hook-form'
import { IMaskInput } from 'react-imask'
import { ControlledField, type ControlledFieldProps } from './controlled-field.tsx'
import { INPUT_CLASS } from './form-field.tsx'

/** How one kind of masked field is typed: its mask ('0' is any digit) and what the browser is told. */
export type MaskPreset = {
  /** One pattern, or several (imask's default dispatch picks the first that fits what was typed). */
  mask: string | readonly { mask: string }[]
  placeholder: string
  autoComplete: HTMLInputAutoCompleteAttribute
  inputMode?: 'numeric' | 'text' | 'tel'
  type?: HTMLInputTypeAttribute
  /** Pattern characters of the mask's own (the CNPJ's letters-or-digits). */
  definitions?: Record<string, RegExp>
  /** What a typed character becomes before the mask reads it (the CNPJ's capitals). */
  prepareChar?: (char: string) => string
  autoCapitalize?: 'characters'
}

/**
 * 'Telefone' as SPEC section 5 masks it: (##) ####-#### for landlines, (##) #####-#### once the
 * 11th digit is typed. The checkout's other masks live with it (features/checkout/masks.ts), off
 * the first load of every page, which this field is on (the contact form).
 */
const PHONE_MASK = {
  mask: [{ mask: '(00) 0000-0000' }, { mask: '(00) 00000-0000' }],
  placeholder: '(41) 99999-9999',
  autoComplete: 'tel',
  inputMode: 'tel',
  type: 'tel',
} as const satisfies MaskPreset

type MaskedInputProps = MaskPreset & {
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

/** A text field with a fixed pattern mask (react-imask); reports the masked text. */
export function MaskedInput({
  mask,
  value,
  onChange,
  inputRef,
  inputMode = 'numeric',
  type = 'text',
  ...input
}: MaskedInputProps) {
  return (
    <IMaskInput
      {...input}
      // imask types a dynamic mask as a mutable array of its own options.
      mask={mask as string}
      value={value}
      unmask={false}
      lazy
      onAccept={(next: string) => onChange(next)}
      inputRef={inputRef}
      type={type}
      inputMode={inputMode}
      className={INPUT_CLASS}
    />
  )
}

/** The labelled, masked field of a react-hook-form form (CPF, CEP, phone, CNPJ, the card's fields). */
export function MaskedField<T extends FieldValues>({
  describedBy,
  onValue,
  control,
  name,
  label,
  error,
  hint,
  className,
  ...preset
}: MaskPreset &
  ControlledFieldProps<T, string> & {
    /** An error shown elsewhere (the provider's refusal of a card) that describes this field too. */
    describedBy?: string | undefined
    /** Called with each accepted value after the form has it (the CEP look-up). */
    onValue?: (value: string) => void
  }) {
  return (
    <ControlledField
      control={control}
      name={name}
      label={label}
      error={error}
      hint={hint}
      className={className}
      input={(field, ids) => {
        const described = [ids['aria-describedby'], describedBy].filter(Boolean).join(' ')
        return (
          <MaskedInput
            {...ids}
            {...(described ? { 'aria-describedby': described } : {})}
            {...preset}
            name={field.name}
            value={field.value}
            onChange={(next) => {
              field.onChange(next)
              onValue?.(next)
            }}
            onBlur={field.onBlur}
            inputRef={field.ref}
          />
        )
      }}
    />
  )
}

/** 'Telefone' with the SPEC's masks (sign-up, profile, contact, the checkout's payer, admin forms). */
export function PhoneField<T extends FieldValues>({
  label = 'Telefone',
  ...props
}: Omit<ControlledFieldProps<T, string>, 'label'> & { label?: string }) {
  return <MaskedField label={label} {...PHONE_MASK} {...props} />
}
