/**
 * How many e2e files run at once, each against a stack of its own (`E2E_WORKERS`, 1 unless told).
 * Measured on this 2-core machine: two at once (the accessibility pass's two viewports side by
 * side) took longer than one after the other and timed pages out; the journeys are CPU-bound
 * here (Chromium's renderers, workerd). On 2026-11-29 two lanes again, the files ordered so that
 * the accessibility passes and the phone walk never ran side by side: each file took 1.5–2× its
 * time alone (the cores had no idle time left, `vmstat` 0 % idle), so two lanes gained little, and
 * tests near their 60 s timed out. A machine with more cores can ask for more.
 */
export const E2E_WORKERS = Math.max(1, Math.floor(Number(process.env.E2E_WORKERS ?? 1)) || 1)
