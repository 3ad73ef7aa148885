import { labelled } from './labelled.ts'
import { DAY_MS } from './time-zone.ts'
// The admin dashboard's period: calendar days in Curitiba (UTC−3), grouped by day, week (from
// Monday) or month. The SQL groups with the same rules; these fill the buckets with no sales.

export const { values: GRANULARITIES, labels: GRANULARITY_LABELS } = labelled({
  day: 'dia',
  week: 'semana',
  month: 'mês',
})
export type Granularity = (typeof GRANULARITIES)[number]

/** The longest period the dashboard computes at once (two years and a day). */
export const MAX_PERIOD_DAYS = 731

const toDate = (day: string) => new Date(`${day}T00:00:00Z`)
const toDay = (date: Date) => date.toISOString().slice(0, 10)

/** True for a real calendar day written YYYY-MM-DD. */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false
  const date = toDate(value)
  return !Number.isNaN(date.getTime()) && toDay(date) === value
}

export function daysBetween(from: string, to: string): number {
  return Math.round((toDate(to).getTime() - toDate(from).getTime()) / DAY_MS) + 1
}

export function addDays(day: string, days: number): string {
  return toDay(new Date(toDate(day).getTime() + days * DAY_MS))
}

/** The first day of the bucket a day falls in: itself, its week's Monday, or its month's 1st. */
export function bucketOf(day: string, granularity: Granularity): string {
  if (granularity === 'day') return day
  if (granularity === 'month') return `${day.slice(0, 7)}-01`
  const weekday = (toDate(day).getUTCDay() + 6) % 7 // Monday 0 … Sunday 6
  return addDays(day, -weekday)
}

/** Every bucket from the one holding `from` to the one holding `to`, in order. */
export function bucketsOf(from: string, to: string, granularity: Granularity): string[] {
  const buckets: string[] = []
  let current = bucketOf(from, granularity)
  const last = bucketOf(to, granularity)
  while (current <= last) {
    buckets.push(current)
    current =
      granularity === 'day'
        ? addDays(current, 1)
        : granularity === 'week'
          ? addDays(current, 7)
          : nextMonth(current)
  }
  return buckets
}

function nextMonth(day: string): string {
  const date = toDate(day)
  return toDay(new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1)))
}

/** The instant Curitiba's day `day` starts (00:00 at UTC−3), in ms. */
