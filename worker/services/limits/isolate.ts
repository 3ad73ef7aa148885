/**
 * Fixed-window counters in an isolate's memory, for a limit checked on a call too frequent to pay
 * a binding's or a Durable Object's round trip (the conference heartbeat). Exact within one
 * isolate; a client whose requests reach several isolates meets the limit in each of them, so it
 * suits only a call whose extra requests gain the caller nothing. Each limit keeps the keys seen in
 * its current window only: they are all dropped when the next window starts.
 */
export class IsolateWindows {
  readonly #windows = new Map<string, { endsAt: number; counts: Map<string, number> }>()

  /** Counts one use of `name` for `key` at `now`: null when allowed, else the seconds until the next window. */
  hit(
    name: string,
    key: string,
    now: number,
    { limit, windowSeconds }: { limit: number; windowSeconds: number },
  ): number | null {
    const windowMs = windowSeconds * 1000
    let window = this.#windows.get(name)
    if (!window || now >= window.endsAt) {
      window = { endsAt: (Math.floor(now / windowMs) + 1) * windowMs, counts: new Map() }
      this.#windows.set(name, window)
    }
    const count = (window.counts.get(key) ?? 0) + 1
    if (count > limit) return Math.max(1, Math.ceil((window.endsAt - now) / 1000))
    window.counts.set(key, count)
    return null
  }
}
