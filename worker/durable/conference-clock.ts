import { DurableObject } from 'cloudflare:workers'

/**
 * The live conference's authority for "now" and for the talk programme (DESIGN 9).
 * The programme endpoints arrive with the conference issue; the clock is here so the
 * binding, its migration and its tests exist from the start.
 */
export class ConferenceClock extends DurableObject {
  now(): number {
    return Date.now()
  }
}
