/**
 * How many e2e files run at once, each against a stack of its own (`E2E_WORKERS`, 1 unless told).
 * Measured on this 2-core machine: two at once (the accessibility pass's two viewports side by
 * side) took longer than one after the other and timed pages out; the journeys are CPU-bound
 * here (Chromium's renderers, workerd). A machine with more cores can ask for more.
 */
export const E2E_WORKERS = Math.max(1, Math.floor(Number(process.env.E2E_WORKERS ?? 1)) || 1)
