/**
 * How many e2e files run at once, each against a stack of its own (`E2E_WORKERS`, 2 unless told).
 * A journey file waits most of its time (on Chromium, the Worker, a video playing at 2×, a
 * webhook) and keeps about a third of this 2-core machine busy, so a second lane takes what the
 * first leaves idle. The few files that keep the cores busy by themselves (the accessibility passes,
 * the phone walk) start apart (tests/support/sequencer.ts): two of them side by side timed pages
 * out. `E2E_WORKERS=1` runs the files one after another.
 */
export const E2E_WORKERS = Math.max(1, Math.floor(Number(process.env.E2E_WORKERS ?? 2)) || 1)
