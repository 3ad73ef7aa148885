// A boleto's "linha digitável" (FEBRABAN): bank, currency, free field in three check-digit blocks,
// the general check digit, due-date factor and amount. The sandbox issues real-looking lines.

function mod10(digits: string): number {
  let sum = 0
  let weight = 2
  for (let i = digits.length - 1; i >= 0; i--) {
    const product = Number(digits[i]) * weight
    sum += product > 9 ? product - 9 : product
    weight = weight === 2 ? 1 : 2
  }
  return (10 - (sum % 10)) % 10
}

function mod11(digits: string): number {
  let sum = 0
  let weight = 2
  for (let i = digits.length - 1; i >= 0; i--) {
    sum += Number(digits[i]) * weight
    weight = weight === 9 ? 2 : weight + 1
  }
  const rest = 11 - (sum % 11)
  return rest === 0 || rest === 10 || rest === 11 ? 1 : rest
}

/** Days since 1997-10-07, the base of the due-date factor (it restarts at 1000 after 9999). */
export function dueDateFactor(due: Date): string {
  const days = Math.floor(
    (Date.UTC(due.getUTCFullYear(), due.getUTCMonth(), due.getUTCDate()) - Date.UTC(1997, 9, 7)) / 86_400_000,
  )
  const factor = days > 9999 ? ((days - 10000) % 9000) + 1000 : days
  return String(factor).padStart(4, '0')
}

/** The 44-digit barcode and its 47-digit line for a bank code, amount and 25-digit free field. */
export function boletoLine(input: { bank: string; amountCents: number; due: Date; freeField: string }) {
  const free = input.freeField.replace(/\D/g, '').padStart(25, '0').slice(-25)
  const amount = String(input.amountCents).padStart(10, '0').slice(-10)
  const withoutDv = `${input.bank}9${dueDateFactor(input.due)}${amount}${free}`
  const dv = mod11(withoutDv)
  const barcode = `${withoutDv.slice(0, 4)}${dv}${withoutDv.slice(4)}`
  const block1 = `${input.bank}9${free.slice(0, 5)}`
  const block2 = free.slice(5, 15)
  const block3 = free.slice(15, 25)
  const line =
    `${block1}${mod10(block1)}${block2}${mod10(block2)}${block3}${mod10(block3)}` +
    `${dv}${dueDateFactor(input.due)}${amount}`
  return { barcode, line }
}

export function formatBoletoLine(line: string): string {
  return `${line.slice(0, 5)}.${line.slice(5, 10)} ${line.slice(10, 15)}.${line.slice(15, 21)} ${line.slice(21, 26)}.${line.slice(26, 32)} ${line.slice(32, 33)} ${line.slice(33)}`
}
