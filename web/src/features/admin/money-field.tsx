import type { FieldValues } from 'react-hook-form'
import { ControlledField, type ControlledFieldProps } from '../../lib/controlled-field.tsx'
import { INPUT_CLASS } from '../../lib/form-field.tsx'

/** '1.045,68' (or '1045,68', '1045.68', '1045') → 104568 centavos; null when empty or unreadable. */
export function parseReais(text: string): number | null {
  const clean = text.replace(/[R$\s]/g, '')
  if (clean === '') return null
  const normalized = clean.includes(',') ? clean.replace(/\./g, '').replace(',', '.') : clean
  if (!/^\d+(\.\d{1,2})?$/.test(normalized)) return null
  const [reais = '0', centavos = ''] = normalized.split('.')
  return Number(reais) * 100 + Number(centavos.padEnd(2, '0'))
}

/** 104568 → '1.045,68' (the field's text; the label says it is in R$). */
export function reaisText(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return ''
  const reais = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.')
  return `${reais},${String(cents % 100).padStart(2, '0')}`
}

/**
 * A money field in reais for a value kept in centavos. It reads digits as centavos, as a cash
 * register does ('89000' and '890,00' are both R$ 890,00), and shows them with pt-BR marks.
 */
export function MoneyField<T extends FieldValues>(props: ControlledFieldProps<T, number | null | undefined>) {
  return (
    <ControlledField
      {...props}
      input={(field, ids) => (
        <div className="relative">
          <span
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-slate-600"
          >
            R$
          </span>
          <input
            {...ids}
            ref={field.ref}
            name={field.name}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            placeholder="0,00"
            value={reaisText(field.value as number | null)}
            onChange={(event) => {
              const digits = event.target.value
                .replace(/\D/g, '')
                .replace(/^0+(?=\d)/, '')
                .slice(0, 11)
              field.onChange(digits === '' ? null : Number(digits))
            }}
            onBlur={field.onBlur}
            className={`${INPUT_CLASS} pl-10`}
          />
        </div>
      )}
    />
  )
}
