import type { Control, FieldErrors, UseFormRegister } from 'react-hook-form'
import { z } from 'zod'
import { TextField } from '../../lib/form-field.tsx'
import { formatBRL } from '../../lib/money.ts'
import { SelectField } from './fields.tsx'
import { MoneyField } from './money-field.tsx'

// The discount of a coupon or a bundle: 'P' (a percentage) or 'F' (a fixed amount in cents); the
// form holds each in a field of its own and sends the chosen one as `discount_value`.

export type DiscountValues = { discount_type: 'P' | 'F'; percent: number | null; amount: number | null }

/** The form's fields of the discount, for a form schema's object. */
export const discountShape = {
  discount_type: z.enum(['P', 'F']),
  percent: z.number().nullable(),
  amount: z.number().nullable(),
}

/** The chosen field's value as the contract's `discount_value`. */
export const toDiscountValue = <T extends DiscountValues>({ percent, amount, ...rest }: T) => ({
  ...rest,
  discount_value: (rest.discount_type === 'P' ? percent : amount) ?? 0,
})

/** The form's discount fields of a saved item, or of a new one (10 %). */
export function discountValuesOf(
  item: { discount_type: 'P' | 'F'; discount_value: number } | null,
): DiscountValues {
  return {
    discount_type: item?.discount_type ?? 'P',
    percent: item?.discount_type === 'P' ? item.discount_value : 10,
    amount: item?.discount_type === 'F' ? item.discount_value : null,
  }
}

/** '10%' or 'R$ 50,00', as the coupons' and the bundles' lists show a discount. */
export const discountText = (row: { discount_type: 'P' | 'F'; discount_value: number }) =>
  row.discount_type === 'P' ? `${row.discount_value}%` : formatBRL(row.discount_value)

/** The type of discount, and the percentage or the amount as the type says. */
export function DiscountFields<V extends DiscountValues>({
  register,
  control,
  errors,
  type,
  fixedLabel,
  percentLabel = 'Percentual',
}: {
  register: UseFormRegister<V>
  control: Control<V>
  errors: FieldErrors<V>
  type: 'P' | 'F'
  percentLabel?: string
  fixedLabel: string
}) {
  // The form's own fields, whatever else the form holds.
  const own = register as unknown as UseFormRegister<DiscountValues>
  const found = errors as FieldErrors<DiscountValues> & { discount_value?: { message?: string } }
  const valueError = found.percent?.message ?? found.amount?.message ?? found.discount_value?.message
  return (
    <>
      <SelectField label="Tipo de desconto" {...own('discount_type')}>
        <option value="P">{percentLabel}</option>
        <option value="F">{fixedLabel}</option>
      </SelectField>
      {type === 'P' ? (
        <TextField
          label="Desconto (%)"
          type="number"
          min={1}
          max={100}
          inputMode="numeric"
          error={valueError}
          {...own('percent', { valueAsNumber: true })}
        />
      ) : (
        <MoneyField
          control={control as unknown as Control<DiscountValues>}
          name="amount"
          label="Desconto"
          error={valueError}
        />
      )}
    </>
  )
}
