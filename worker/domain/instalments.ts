import { assertCents, type Cents, roundCents } from './money.ts'

/** SPEC section 9: at most 12 instalments, or fewer when a class or bundle says so. */
export const MAX_INSTALMENTS = 12

// 1.5% a month, compounded: each item × (1015/1000)^n, kept as an exact fraction.
const RATE_NUMERATOR = 1015n
const RATE_DENOMINATOR = 1000n

/**
 * The largest allowed instalment count: min(12, every given `instalment_times`). Products give
 * none, so an empty list (no classes or bundles) allows 12. A stored value below 1 (or not an
 * integer) is read as 1 rather than rejected: a bad catalogue row still sells, in one payment.
 */
export function capInstalments(instalmentTimes: readonly number[]): number {
  let max = MAX_INSTALMENTS
  for (const times of instalmentTimes) {
    const whole = Number.isFinite(times) ? Math.max(1, Math.floor(times)) : 1
    max = Math.min(max, whole)
  }
  return max
}

/** What is charged: the net of every cart item, an optional donation, and the cart's cap. */
export type InstalmentInput = {
  itemNetCents: readonly Cents[]
  donationCents: Cents
  maxInstalments: number
}

export type InstalmentOption = {
  instalments: number
  /** What is charged: items with interest, plus the donation. */
  totalCents: Cents
  /** The amount shown per instalment: totalCents / instalments, rounded half away from zero. */
  instalmentCents: Cents
  /** Interest over the items' nets (the donation bears none). */
  interestCents: Cents
  /**
   * totalCents − instalments × instalmentCents (|x| ≤ instalments / 2). The SPEC rounds the
   * per-instalment amount on its own; the charge is totalCents and this difference is not hidden.
   */
  roundingCents: number
}

export type InstalmentError = 'not_integer' | 'below_min' | 'above_max'

/** `instalmentOption` does not throw for a bad count: it returns this error value instead. */
export type InstalmentResult = { ok: true; option: InstalmentOption } | { ok: false; error: InstalmentError }

/** One item's net with n instalments of interest: net × 1.015^n, rounded half away from zero. */
export function withInterest(netCents: Cents, instalments: number): Cents {
  if (instalments <= 1) return netCents
  const n = BigInt(instalments)
  return roundCents(BigInt(netCents) * RATE_NUMERATOR ** n, RATE_DENOMINATOR ** n)
}

/**
 * The cap that applies to this charge: the cart's, except that a charge of zero (free cart,
 * no donation) is only ever paid "1x".
 */
export function effectiveMaxInstalments(input: InstalmentInput): number {
  const base = input.itemNetCents.reduce((sum, cents) => sum + cents, 0) + input.donationCents
  return base === 0 ? 1 : capInstalments([input.maxInstalments])
}

function assertInput(input: InstalmentInput): void {
  input.itemNetCents.forEach((cents, index) => {
    assertCents(cents, `itemNetCents[${index}]`)
  })
  assertCents(input.donationCents, 'donationCents')
}

function computeOption(input: InstalmentInput, instalments: number): InstalmentOption {
  let itemsCents = 0
  let chargedCents = 0
  for (const cents of input.itemNetCents) {
    itemsCents += cents
    chargedCents += withInterest(cents, instalments)
  }
  const totalCents = chargedCents + input.donationCents
  const instalmentCents = roundCents(totalCents, instalments)
  return {
    instalments,
    totalCents,
    instalmentCents,
    interestCents: chargedCents - itemsCents,
    roundingCents: totalCents - instalments * instalmentCents,
  }
}

/**
 * One option, or an error value when `instalments` is not an integer, below 1 or above the
 * cap. Invalid centavos in the input are a caller's bug and throw a RangeError.
 */
export function instalmentOption(input: InstalmentInput, instalments: number): InstalmentResult {
  assertInput(input)
  if (!Number.isInteger(instalments)) return { ok: false, error: 'not_integer' }
  if (instalments < 1) return { ok: false, error: 'below_min' }
  if (instalments > effectiveMaxInstalments(input)) return { ok: false, error: 'above_max' }
  return { ok: true, option: computeOption(input, instalments) }
}

/** Every option from 1x up to the cap, in order. */
export function instalmentOptions(input: InstalmentInput): InstalmentOption[] {
  assertInput(input)
  const max = effectiveMaxInstalments(input)
  return Array.from({ length: max }, (_, index) => computeOption(input, index + 1))
}
