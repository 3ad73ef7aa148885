import { curitibaDateTime } from '../../../../worker/domain/time-zone.ts'

/** '23/11/2026 15:48' in Curitiba. */
export function formatDateTime(iso: string): string {
  return curitibaDateTime(new Date(iso))
}

/** '2026-11-23' → '23/11/2026'. */
export function formatDay(day: string): string {
  return `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`
}
