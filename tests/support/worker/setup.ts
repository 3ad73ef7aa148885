import { afterAll, beforeAll, inject } from 'vitest'
import { everyRoute } from '../../../worker/app.ts'
import { summary } from '../contract/contract.ts'
import { forgetContract, usedContract } from './http.ts'
import './provided.ts'

// The areas the Worker builds on their first request (worker/app.ts, AREAS) are built here, before
// the file's tests: in this runner a first build also transforms their modules, which on a busy
// machine takes longer than a test may (a deployment's first build is milliseconds).
beforeAll(() => everyRoute(), 120_000)

// Each file's contract figures go to the collector of the global setup, which prints the total.
afterAll(async () => {
  const contract = usedContract()
  if (!contract) return
  const { stats } = await contract
  forgetContract()
  console.log(summary(stats))
  await fetch(inject('contractCollectorUrl'), { method: 'POST', body: JSON.stringify(stats) })
})
