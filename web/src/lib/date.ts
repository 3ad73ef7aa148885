import { CURITIBA_TIME_ZONE } from '../../../worker/domain/time-zone.ts'

// '2027-03-15' → '15 de março de 2027': one home for web, e-mails and certificates.
export { formatDateLong } from '../../../worker/domain/long-date.ts'
/** Curitiba's clock (worker/domain/time-zone.ts), whatever the device's zone. */
export { CURITIBA_TIME_ZONE }

/**
 * A pt-BR format of an instant on Curitiba's clock, whatever the device's zone. Its Intl formatter
 * is built on the first call, not when the module loads.
 */
export function curitibaFormat(options: Intl.DateTimeFormatOptions): (instant: number | Date) => string {
  let formatter: Intl.DateTimeFormat | undefined
  return (instant) => {
    formatter ??= new Intl.DateTimeFormat('pt-BR', { ...options, timeZone: CURITIBA_TIME_ZONE })
    return formatter.format(instant)
  }
}

const curitibaDate = curitibaFormat({ day: 'numeric', month: 'long', year: 'numeric' })

/** An instant (an edital opening at 08:00 in Curitiba) → its day in Curitiba, '3 de novembro de 2026'. */
export function formatInstantDate(isoInstant: string): string {
  const date = new Date(isoInstant)
  if (Number.isNaN(date.getTime())) return isoInstant
  return curitibaDate(date)
}
