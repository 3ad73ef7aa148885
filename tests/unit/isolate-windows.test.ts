import { describe, expect, it } from 'vitest'
import { IsolateWindows } from '../../worker/services/limits/isolate.ts'

const MINUTE = 60_000
const T0 = Date.parse('2031-05-09T12:00:00Z')

describe('IsolateWindows', () => {
  it('allows `limit` uses per key in a window, then answers the seconds until the next one', () => {
    const windows = new IsolateWindows()
    for (let i = 0; i < 3; i++)
      expect(windows.hit('beat', 'user:1', T0 + 1000 * i, { limit: 3, windowSeconds: 60 })).toBeNull()
    expect(windows.hit('beat', 'user:1', T0 + 15_500, { limit: 3, windowSeconds: 60 })).toBe(45)
    // Another key, another limit with its own window: counted apart.
    expect(windows.hit('beat', 'user:2', T0 + 16_000, { limit: 3, windowSeconds: 60 })).toBeNull()
    expect(windows.hit('other', 'user:1', T0 + 16_000, { limit: 3, windowSeconds: 60 })).toBeNull()
  })

  it('starts every key again when the next window starts, and a refused use is not counted', () => {
    const windows = new IsolateWindows()
    for (let i = 0; i < 5; i++)
      windows.hit('beat', 'user:1', T0 + MINUTE - 5000 + i, { limit: 2, windowSeconds: 60 })
    expect(windows.hit('beat', 'user:1', T0 + MINUTE - 1, { limit: 2, windowSeconds: 60 })).toBe(1)
    expect(windows.hit('beat', 'user:1', T0 + MINUTE, { limit: 2, windowSeconds: 60 })).toBeNull()
    expect(windows.hit('beat', 'user:1', T0 + MINUTE + 1, { limit: 2, windowSeconds: 60 })).toBeNull()
    expect(windows.hit('beat', 'user:1', T0 + MINUTE + 2, { limit: 2, windowSeconds: 60 })).toBe(60)
  })
})
