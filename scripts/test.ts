// `npm test`: every suite that needs no network (unit, web components, Worker in workerd,
// end-to-end in Chromium), then one plain closing line 'N passed, N failed, N skipped'.
import { spawn } from 'node:child_process'
import { mkdir, readFile, rm } from 'node:fs/promises'
import { setPriority } from 'node:os'
import { parseArgs } from 'node:util'
import { runBuild } from './build.ts'
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
// `worker` is two Vitest projects: its files that share one Worker, then those that need their own.
const projects = ((values.only as string[] | undefined) ?? ['unit', 'web', 'worker', 'e2e']).flatMap(
  (project) => (project === 'worker' ? ['worker', 'worker-isolated'] : [project]),
)
await mkdir(`${root}/tests/artifacts`, { recursive: true })

type Results = {
  numPassedTests: number
  numFailedTests: number
  numPendingTests: number
  testResults?: { name: string; status: string; assertionResults: { fullName: string; status: string }[] }[]
}
type Run = {
  name: string
  projects: string[]
  report: string
  env?: Record<string, string>
  /** The process's niceness, which its children (Chromium, wrangler dev) inherit. */
  nice?: number
}

// Vitest runs files one at a time here (one worker on 2 cores; the worker and e2e projects one
// file after another), so the end-to-end journeys (Chromium, wrangler dev) leave part of the two
// cores idle (21 % over a run alone: a video playing in real time, a page waiting on the Worker)
// and the other suites (Node, happy-dom, workerd) mostly one. With both asked for they run as two
// Vitest processes side by side: the journeys niced, and every other suite in the other, in its
// groups' order (unit and web, then the worker suite, then its isolated files), at the normal
// priority, so that the worker suite's outage tests, which time answers in milliseconds, keep the
// CPU they ask for while the journeys take what is left. The app is built first, once (the e2e
// stack serves it, and the worker project's wrangler.toml names its web/deploy), so no process
// sees it half written.
const split = projects.includes('e2e') && projects.length > 1
const beside = projects.filter((project) => project !== 'e2e')
const run = (names: string[]): Run => ({
  name: names.join(' + '),
  projects: names,
  report: `vitest-report-${names.join('-')}.json`,
})
/** The Vitest processes, side by side. */
const runs: Run[] = split
  ? [{ ...run(['e2e']), env: { E2E_SKIP_BUILD: '1' }, nice: 10 }, run(beside)]
  : [{ ...run(projects), report: 'vitest-report.json' }]
if (split && process.env.E2E_SKIP_BUILD !== '1') await runBuild()

/**
 * One Vitest process. The first streams its output; the others' is held and printed in one
 * block when each ends, so that two reporters never interleave their lines.
 */
function vitest(run: Run, live: boolean): Promise<{ code: number; results?: Results }> {
  const report = `${root}/tests/artifacts/${run.report}`
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [
        `${root}/node_modules/vitest/vitest.mjs`,
        'run',
        ...run.projects.flatMap((project) => ['--project', project]),
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${report}`,
        // A file filter may name files of one process only: the closing count still fails a run
        // that found nothing at all.
        ...(split ? ['--passWithNoTests'] : []),
        ...passed,
      ],
      {
        cwd: root,
        stdio: live ? 'inherit' : ['inherit', 'pipe', 'pipe'],
        env: { ...process.env, ...run.env },
      },
    )
    if (run.nice && child.pid) setPriority(child.pid, run.nice)
    const held: Buffer[] = []
    child.stdout?.on('data', (chunk: Buffer) => held.push(chunk))
    child.stderr?.on('data', (chunk: Buffer) => held.push(chunk))
    child.on('close', async (exitCode) => {
      if (!live) {
        process.stdout.write(
          `\n──── ${run.name} ────\n${Buffer.concat(held).toString()}──── ${run.name}: fim ────\n`,
        )
      }
      const results = await readFile(report, 'utf8').then(
        (text) => JSON.parse(text) as Results,
        () => undefined,
      )
      resolve({ code: exitCode ?? 1, results })
    })
  })
}

// A run that ends before writing its report must not be counted by the last run's.
await Promise.all(runs.map(({ report }) => rm(`${root}/tests/artifacts/${report}`, { force: true })))
const ended = await Promise.all(runs.map((each, index) => vitest(each, index === 0)))
const reported = ended.flatMap(({ results }) => (results ? [results] : []))
const sum = (key: 'numPassedTests' | 'numFailedTests' | 'numPendingTests') =>
  reported.reduce((total, results) => total + results[key], 0)
// The failures named again at the end: a long run's log is often read from its tail.
const failures = reported.flatMap(({ testResults = [] }) =>
  testResults.flatMap(({ name, status, assertionResults }) => {
    const file = name.replace(`${root}/`, '')
    const failed = assertionResults.filter((result) => result.status === 'failed')
    if (failed.length === 0) return status === 'failed' ? [`  ✗ ${file} (o arquivo falhou)`] : []
    return failed.map(({ fullName }) => `  ✗ ${file} › ${fullName}`)
  }),
)
if (failures.length > 0) console.log(`\nFalharam:\n${failures.join('\n')}`)
if (reported.length > 0) {
  console.log(
    `\n${sum('numPassedTests')} passed, ${sum('numFailedTests')} failed, ${sum('numPendingTests')} skipped`,
  )
}
const code = ended.find(({ code }) => code !== 0)?.code ?? 0
process.exit(reported.length > 0 && sum('numPassedTests') === 0 ? 1 : code)
