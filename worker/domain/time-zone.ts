// Curitiba's clock, for what the institute reads as dates and times (CSV exports, the admin's
// screens, the dashboard's days, coupons' last day, short links' daily counts). UTC−3 all year:
// Brazil dropped daylight saving in 2019.

/** Curitiba's clock as Intl names it, for what formats dates through Intl (the web app, the sandbox's pages). */
export const CURITIBA_TIME_ZONE = 'America/Sao_Paulo'

/** A calendar day's length (Curitiba has no daylight saving). */
export const DAY_MS = 86_400_000

/** How far Curitiba's wall clock is behind UTC. */
export const CURITIBA_OFFSET_MS = 3 * 3_600_000

/** The instant as Curitiba's wall clock, in an ISO string's fields ('2026-11-23T15:48:00.000Z'). */
function wallClock(instant: Date): string {
  return new Date(instant.getTime() - CURITIBA_OFFSET_MS).toISOString()
}

/** Curitiba's calendar day of an instant: '2026-11-23'. */
export function curitibaDay(instant: Date): string {
  return wallClock(instant).slice(0, 10)
}

/** Curitiba's calendar day of an instant, as it is written: '23/11/2026'. */
export function curitibaDate(instant: Date): string {
  const day = curitibaDay(instant)
  return `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`
}

/** An instant as Curitiba reads it: '23/11/2026 15:48'. */
export function curitibaDateTime(instant: Date): string {
  const local = wallClock(instant)
  return `${local.slice(8, 10)}/${local.slice(5, 7)}/${local.slice(0, 4)} ${local.slice(11, 16)}`
}

/** An instant as an ISO 8601 date-time on Curitiba's clock, to the second: '2026-11-23T15:48:00-03:00'. */
export function curitibaIsoDateTime(instant: Date): string {
  return `${wallClock(instant).slice(0, 19)}-03:00`
}

/** The instant Curitiba's day `day` ('YYYY-MM-DD') starts, 00:00 at UTC−3, in ms. */
export function curitibaDayStartMs(day: string): number {
  return Date.parse(`${day}T00:00:00.000Z`) + CURITIBA_OFFSET_MS
}

/** The instant Curitiba's day `day` ends (the next day's 00:00 at UTC−3), in ms. */
export function curitibaDayEndMs(day: string): number {
  return curitibaDayStartMs(day) + DAY_MS
}
