const MONTHS = [
  'janeiro',
  'fevereiro',
  'março',
  'abril',
  'maio',
  'junho',
  'julho',
  'agosto',
  'setembro',
  'outubro',
  'novembro',
  'dezembro',
] as const

/**
 * A calendar date ('2027-03-15', or the date part of an ISO timestamp) → '15 de março de 2027',
 * the way Intl writes it in pt-BR: the pages, e-mails and certificates all write a day so. Built by
 * hand: the date has no time zone to convert (a browser west of Greenwich must not show the day
 * before), and creating an Intl formatter on load costs a phone tens of milliseconds. Anything
 * unreadable is returned unchanged.
 */
export function formatDateLong(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate)
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined
  const day = match ? Number(match[3]) : 0
  if (!match || !month || day < 1 || day > 31) return isoDate
  return `${day} de ${month} de ${match[1]}`
}
