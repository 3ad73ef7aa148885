import { describe, expect, it } from 'vitest'
import {
  capInstalments,
  effectiveMaxInstalments,
  type InstalmentInput,
  instalmentOption,
  instalmentOptions,
  MAX_INSTALMENTS,
  withInterest,
} from '../../worker/domain/instalments.ts'

const input = (itemNetCents: number[], donationCents = 0, maxInstalments = 12): InstalmentInput => ({
  itemNetCents,
  donationCents,
  maxInstalments,
})

function option(value: InstalmentInput, n: number) {
  const result = instalmentOption(value, n)
  if (!result.ok) throw new Error(`expected an option, got ${result.error}`)
  return result.option
}

describe('the SPEC examples', () => {
  it('R$ 1.000,00 in 3x is R$ 1.045,68: 3 × R$ 348,56', () => {
    expect(option(input([100000]), 3)).toEqual({
      instalments: 3,
      totalCents: 104568,
      instalmentCents: 34856,
      interestCents: 4568,
      roundingCents: 0,
    })
  })

  it('R$ 490,00 in 12x is R$ 585,85, and the rounded instalment does not hide the centavo', () => {
    expect(option(input([49000]), 12)).toEqual({
      instalments: 12,
      totalCents: 58585,
      instalmentCents: 4882,
      interestCents: 9585,
      roundingCents: 1, // 12 × 4882 = 58584
    })
  })
})

describe('withInterest: net × 1.015^n, exact, half away from zero', () => {
  it.each([
    // [net, n, expected]
    [100000, 1, 100000],
    [100000, 3, 104568],
    [49000, 12, 58585],
    [0, 12, 0],
    [1, 2, 1],
    [100, 2, 103], // 103.0225
    // exactly .5: 1.015 ** n in floating point lands just below and would round down
    [20000, 2, 20605], // 20604.5
    [100000, 2, 103023], // 103022.5
    [4000000, 3, 4182714], // 4182713.5
    // a hair either side of .5
    [76715, 6, 83883], // 83883.49999…
    [71621, 6, 78314], // 78313.50000…
    [42836, 12, 51215], // 51215.49999…
    [43475, 12, 51980], // 51979.50000…
  ])('%i centavos in %ix → %i', (net, n, expected) => {
    expect(withInterest(net, n)).toBe(expected)
  })

  it('floating point would have been wrong on the .5 boundary', () => {
    expect(Math.round(20000 * 1.015 ** 2)).toBe(20604)
    expect(withInterest(20000, 2)).toBe(20605)
  })
})

describe('instalmentOption', () => {
  it('rounds interest per item, not on the sum', () => {
    // 3 × 1.015^12 = 3.5868… → 4 per item; 6 × 1.015^12 = 7.17… would give 7
    expect(option(input([3, 3]), 12).totalCents).toBe(8)
    expect(option(input([100000, 49000]), 3)).toMatchObject({
      totalCents: 104568 + 51238,
      interestCents: 6806,
    })
  })

  it('adds the donation without interest', () => {
    expect(option(input([100000], 5000), 3)).toEqual({
      instalments: 3,
      totalCents: 109568,
      instalmentCents: 36523, // 36522.67
      interestCents: 4568,
      roundingCents: -1,
    })
    expect(option(input([], 5000), 6)).toMatchObject({
      totalCents: 5000,
      interestCents: 0,
      instalmentCents: 833,
    })
  })

  it('charges no interest in 1x', () => {
    expect(option(input([12345, 1], 100), 1)).toEqual({
      instalments: 1,
      totalCents: 12446,
      instalmentCents: 12446,
      interestCents: 0,
      roundingCents: 0,
    })
  })

  it.each([
    [0, 'below_min'],
    [-1, 'below_min'],
    [1.5, 'not_integer'],
    [Number.NaN, 'not_integer'],
    [Number.POSITIVE_INFINITY, 'not_integer'],
    [13, 'above_max'],
  ] as const)('refuses %s instalments with %s', (n, error) => {
    expect(instalmentOption(input([100000]), n)).toEqual({ ok: false, error })
  })

  it('refuses a count above the cart cap', () => {
    expect(instalmentOption(input([100000], 0, 4), 5)).toEqual({ ok: false, error: 'above_max' })
    expect(instalmentOption(input([100000], 0, 4), 4).ok).toBe(true)
  })

  it('a zero charge is paid 1x only', () => {
    expect(instalmentOption(input([0, 0]), 2)).toEqual({ ok: false, error: 'above_max' })
    expect(option(input([0]), 1)).toEqual({
      instalments: 1,
      totalCents: 0,
      instalmentCents: 0,
      interestCents: 0,
      roundingCents: 0,
    })
  })

  it.each([
    [[-1], 0],
    [[10.5], 0],
    [[100], -5],
    [[100], 0.5],
  ])('throws a RangeError for invalid centavos %j / donation %s', (items, donation) => {
    expect(() => instalmentOption(input(items, donation), 1)).toThrow(RangeError)
    expect(() => instalmentOptions(input(items, donation))).toThrow(RangeError)
  })
})

describe('instalmentOptions', () => {
  it('lists 1x up to the cap', () => {
    const options = instalmentOptions(input([100000], 0, 12))
    expect(options.map((o) => o.instalments)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
    expect(options[0]).toEqual({
      instalments: 1,
      totalCents: 100000,
      instalmentCents: 100000,
      interestCents: 0,
      roundingCents: 0,
    })
    expect(options[2]).toMatchObject({ totalCents: 104568, instalmentCents: 34856 })
    for (let i = 1; i < options.length; i++) {
      expect(options[i]!.totalCents).toBeGreaterThan(options[i - 1]!.totalCents)
    }
  })

  it('stops at the cap', () => {
    expect(instalmentOptions(input([49000], 0, 4))).toHaveLength(4)
    expect(instalmentOptions(input([49000], 0, 1))).toHaveLength(1)
  })

  it('offers only 1x for a free cart, and the cap again once a donation makes it paid', () => {
    expect(instalmentOptions(input([]))).toHaveLength(1)
    expect(instalmentOptions(input([0], 0, 6))).toHaveLength(1)
    expect(instalmentOptions(input([0], 1000, 6))).toHaveLength(6)
  })

  it('every option matches instalmentOption and keeps the rounding difference within n/2', () => {
    let seed = 7
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648
      return seed / 2147483648
    }
    for (let run = 0; run < 200; run++) {
      const items = Array.from({ length: Math.floor(random() * 4) }, () => Math.floor(random() * 5_000_000))
      const value = input(items, Math.floor(random() * 3) === 0 ? Math.floor(random() * 10000) : 0)
      for (const listed of instalmentOptions(value)) {
        expect(option(value, listed.instalments)).toEqual(listed)
        const { instalments, totalCents, instalmentCents, interestCents, roundingCents } = listed
        expect(totalCents).toBe(items.reduce((s, c) => s + c, 0) + value.donationCents + interestCents)
        expect(totalCents - instalments * instalmentCents).toBe(roundingCents)
        expect(Math.abs(roundingCents) * 2).toBeLessThanOrEqual(instalments)
        expect(interestCents).toBeGreaterThanOrEqual(0)
      }
    }
  })
})

describe('caps', () => {
  it.each([
    [[], 12],
    [[12], 12],
    [[18], 12],
    [[10, 6, 8], 6],
    [[1], 1],
    [[0], 1], // a bad stored value still sells, 1x
    [[-3, 5], 1],
    [[4.7], 4],
    [[Number.NaN], 1],
  ])('capInstalments(%j) = %i', (times, expected) => {
    expect(capInstalments(times)).toBe(expected)
  })

  it('MAX_INSTALMENTS is the SPEC 12', () => {
    expect(MAX_INSTALMENTS).toBe(12)
  })

  it('effectiveMaxInstalments is 1 for a zero charge, else the cart cap', () => {
    expect(effectiveMaxInstalments(input([], 0, 12))).toBe(1)
    expect(effectiveMaxInstalments(input([1], 0, 12))).toBe(12)
    expect(effectiveMaxInstalments(input([1], 0, 40))).toBe(12)
    expect(effectiveMaxInstalments(input([], 1, 3))).toBe(3)
  })
})
