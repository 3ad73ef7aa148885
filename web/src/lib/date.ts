import { CURITIBA_TIME_ZONE } from '../../../worker/domain/time-zone.ts'

// '2027-03-15' → '15 de março de 2027': one home for web, e-mails and certificates.
export { formatDateLong } from '../../../worker/domain/long-date.ts'
/** Curitiba's clock (worker/domain/time-zone.ts), whatever the device's zone. */
export { CURITIBA_TIME_ZONE }

let curitibaDate: Intl.DateTimeFormat | undefined

/** An instant (an edital opening at 08:00 in Curitiba) → its day in Curitiba, '3 de novembro de 2026'. */
export function formatInstantDate(isoInstant: string): string {
  const date = new Date(isoInstant)
  if (Number.isNaN(date.getTime())) return isoInstant
  curitibaDate ??= new Intl.DateTimeFormat('pt-BR', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: CURITIBA_TIME_ZONE,
  })
  return curitibaDate.format(date)
}
