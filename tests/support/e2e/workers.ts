/**
 * How many e2e files run at once, each against a stack of its own (`E2E_WORKERS`, 2 unless told):
 * the journeys wait mostly on the browser and the network, not on the CPU.
 */
export const E2E_WORKERS = Math.max(1, Math.floor(Number(process.env.E2E_WORKERS ?? 2)) || 1)
