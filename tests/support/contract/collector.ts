import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type ContractStats, summary } from './contract.ts'

/** Adds up the contract figures that test files post, and prints the total when the run ends. */
export async function startContractCollector(label: string) {
  const total: ContractStats = { checked: 0, skipped: 0, undescribed: 0, acceptedInvalid: 0, problems: [] }
  const server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk) => {
      body += chunk
    })
    request.on('end', () => {
      try {
        const stats = JSON.parse(body) as ContractStats
        total.checked += stats.checked
        total.skipped += stats.skipped
        total.undescribed += stats.undescribed
        total.acceptedInvalid += stats.acceptedInvalid
        total.problems.push(...stats.problems)
      } catch {
        // Not figures: ignored.
      }
      response.end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  server.unref()
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/`,
    total,
    async close() {
      console.log(`\n${label} — ${summary(total)}`)
      await new Promise((resolve) => server.close(resolve))
    },
  }
}
