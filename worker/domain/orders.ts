/** Order states (DESIGN 6): they only move forward, and a paid order enrols exactly once. */
export const ORDER_STATES = ['pending', 'paid', 'failed', 'refunded', 'expired'] as const
export type OrderState = (typeof ORDER_STATES)[number]

const NEXT: Record<OrderState, readonly OrderState[]> = {
  pending: ['paid', 'failed', 'expired'],
  paid: ['refunded'],
  failed: [],
  refunded: [],
  expired: [],
}

/** The state to store when the provider reports `reported`: the same state when it is not a step forward. */
export function advance(current: OrderState, reported: OrderState): OrderState {
  return NEXT[current].includes(reported) ? reported : current
}

export function canAdvance(current: OrderState, reported: OrderState): boolean {
  return NEXT[current].includes(reported)
}
