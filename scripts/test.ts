// `npm test`: every suite that needs no network (unit, web components, Worker in workerd,
// end-to-end in Chromium), then one plain closing line 'N passed, N failed, N skipped'.
import { spawn } from 'node:child_process'
import { mkdir, readFile } from 'node:fs/promises'
import { parseArgs } from 'node:util'
import { root } from './lib/stack.ts'

// `--only <project>` picks the projects; everything else (files, `-t <name>`, …) goes to Vitest.
const { values, tokens } = parseArgs({
  options: { only: { type: 'string', multiple: true } },
  allowPositionals: true,
  strict: false,
  tokens: true,
})
const passed = tokens.flatMap((token) => {
  if (token.kind === 'positional') return [token.value]
  if (token.kind === 'option' && token.name !== 'only') {
    return token.value === undefined ? [token.rawName] : [token.rawName, token.value]
  }
  return []
})
const projects = (values.only as string[] | undefined) ?? ['unit', 'web', 'worker', 'e2e']
const report = `${root}/tests/artifacts/vitest-report.json`
await mkdir(`${root}/tests/artifacts`, { recursive: true })

const code = await new Promise<number>((resolve) => {
  const child = spawn(
    process.execPath,
    [
      `${root}/node_modules/vitest/vitest.mjs`,
      'run',
      ...projects.flatMap((project) => ['--project', project]),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
      ...passed,
    ],
    { cwd: root, stdio: 'inherit' },
  )
  child.on('exit', (exitCode) => resolve(exitCode ?? 1))
})

const results = await readFile(report, 'utf8').then(
  (text) => JSON.parse(text) as { numPassedTests: number; numFailedTests: number; numPendingTests: number },
  () => undefined,
)
if (results) {
  console.log(
    `\n${results.numPassedTests} passed, ${results.numFailedTests} failed, ${results.numPendingTests} skipped`,
  )
}
process.exit(results && results.numPassedTests === 0 ? 1 : code)
