import { afterAll, inject } from 'vitest'
import { summary } from '../contract/contract.ts'
import { forgetContract, usedContract } from './http.ts'
import './provided.ts'

// Each file's contract figures go to the collector of the global setup, which prints the total.
afterAll(async () => {
  const contract = usedContract()
  if (!contract) return
  const { stats } = await contract
  forgetContract()
  console.log(summary(stats))
  await fetch(inject('contractCollectorUrl'), { method: 'POST', body: JSON.stringify(stats) })
})
