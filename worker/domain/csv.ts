import { curitibaDateTime } from './time-zone.ts'

// CSV for a Brazilian spreadsheet: UTF-8 with a byte-order mark (Excel reads accents right), ';'
// between fields (',' is the decimal mark), CRLF between lines, money as '1.045,68' and dates as
// '23/11/2026 15:48' in Curitiba's time.

const BOM = '\uFEFF'

/** A value a spreadsheet would run as a formula gets a leading apostrophe (CSV injection, OWASP). */
function neutralise(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
}

function field(value: string | number | null | undefined): string {
  const text = neutralise(value === null || value === undefined ? '' : String(value))
  return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export function toCsv(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number | null>>) {
  return `${BOM + [header, ...rows].map((row) => row.map(field).join(';')).join('\r\n')}\r\n`
}

/** Integer centavos → '1.045,68' (a number in a pt-BR spreadsheet; the header names the currency). */
export function csvMoney(cents: number): string {
  const sign = cents < 0 ? '-' : ''
  const whole = Math.abs(Math.round(cents))
  const reais = String(Math.floor(whole / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.')
  return `${sign}${reais},${String(whole % 100).padStart(2, '0')}`
}

/** An instant → '23/11/2026 15:48' in Curitiba. */
export const csvDateTime = curitibaDateTime
