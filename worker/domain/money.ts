/** Money is always an integer number of centavos. */
export type Cents = number

/** True for a whole, non-negative, safe number of centavos. */
export function isCents(value: unknown): value is Cents {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0
}

/** Throws a RangeError unless `value` is a whole, non-negative number of centavos. */
export function assertCents(value: number, label: string): Cents {
  if (!isCents(value)) throw new RangeError(`${label} must be whole, non-negative centavos (got ${value})`)
  return value
}

/**
 * Rounds an amount in centavos to a whole centavo, half away from zero (2.5 → 3, -2.5 → -3).
 * `roundCents(x)` rounds a number; `roundCents(n, d)` rounds the exact fraction n/d of integers
 * (BigInt arithmetic), which is how interest, percentages and instalments avoid float error.
 */
export function roundCents(numerator: number | bigint, denominator: number | bigint = 1): Cents {
  if (typeof numerator === 'number' && !Number.isInteger(numerator)) {
    if (!Number.isFinite(numerator)) throw new RangeError(`cannot round ${numerator}`)
    if (denominator !== 1 && denominator !== 1n) throw new RangeError('a fraction needs an integer numerator')
    const rounded = Math.sign(numerator) * Math.round(Math.abs(numerator))
    return rounded + 0 // + 0 turns -0 into 0
  }
  let n = BigInt(numerator)
  let d = BigInt(denominator)
  if (d === 0n) throw new RangeError('division by zero')
  if (d < 0n) {
    n = -n
    d = -d
  }
  const quotient = n / d // BigInt division truncates toward zero
  const remainder = n % d // carries the sign of n
  const twice = 2n * (remainder < 0n ? -remainder : remainder)
  const rounded = twice >= d ? quotient + (n < 0n ? -1n : 1n) : quotient
  const result = Number(rounded)
  if (!Number.isSafeInteger(result)) throw new RangeError(`${rounded} centavos is beyond a safe integer`)
  return result + 0
}

/** `percent`% of `cents`, rounded half away from zero. */
export function percentOf(cents: Cents, percent: number): Cents {
  return roundCents(BigInt(cents) * BigInt(percent), 100n)
}
