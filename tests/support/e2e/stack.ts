import { inject } from 'vitest'

// The stack this test file runs against: the global setup starts one per worker of the e2e
// project, and a worker's pool id (1…maxWorkers) picks its own, so two files that run at once
// never share a database, a sandbox or a Worker.
const stacks = inject('e2eStacks')
const stack = stacks[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % stacks.length]!

/** The address Chromium opens: the stack's validating proxy in front of wrangler dev. */
export const baseURL = stack.baseURL
/** The stack's libSQL server, for tests that arrange data behind the Worker's back. */
export const e2eDatabaseUrl = stack.databaseUrl
/** The stack's Pagar.me sandbox: the tests play the provider after the sale there. */
export const pagarmeSandbox = stack.pagarmeSandbox
/** The stack's Focus NFe stand-in (NFS-e): the tests play the national system there. */
export const focusNfeSandbox = stack.focusNfeSandbox
