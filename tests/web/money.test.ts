import { describe, expect, it } from 'vitest'
import { formatBRL } from '../../web/src/lib/money.ts'

describe('formatBRL', () => {
  it.each([
    [null, 'R$ 0,00'],
    [undefined, 'R$ 0,00'],
    ['', 'R$ 0,00'],
    [0, 'R$ 0,00'],
    [5, 'R$ 0,05'],
    [49000, 'R$ 490,00'],
    [100000, 'R$ 1.000,00'],
    [104568, 'R$ 1.045,68'],
    [123456789, 'R$ 1.234.567,89'],
    ['104568', 'R$ 1.045,68'],
  ])('formats %j centavos as %s', (cents, expected) => {
    expect(formatBRL(cents)).toBe(expected)
  })

  it('uses a plain space after R$, never the no-break space Intl emits', () => {
    expect(formatBRL(49000)).not.toContain('\u00a0')
  })
})
