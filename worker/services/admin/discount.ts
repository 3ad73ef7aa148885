import { type DiscountColumns, type DiscountType, discountValue } from '../../domain/catalog.ts'

// A bundle's and a coupon's discount: one type and one value on the admin's form, a percentage or
// an amount in centavos in the row (the other column null).

/** The form's type and value as the row's columns. */
export const discountColumns = (input: { discount_type: DiscountType; discount_value: number }) => ({
  discountType: input.discount_type,
  discountPercent: input.discount_type === 'P' ? input.discount_value : null,
  discountCents: input.discount_type === 'F' ? input.discount_value : null,
})

/** The row's columns as the form's type and value. */
export const discountFields = (row: DiscountColumns) => ({
  discount_type: row.discountType,
  discount_value: discountValue(row),
})
