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
const projects = (values.only as string[] | undefined) ?? ['unit', 'web', 'worker', 'e2e']
await mkdir(`${root}/tests/artifacts`, { recursive: true })

type Results = { numPassedTests: number; numFailedTests: number; numPendingTests: number }
type Run = {
  name: string
  projects: string[]
  report: string
  env?: Record<string, string>
  /** The process's niceness, which its children (Chromium, wrangler dev) inherit. */
  nice?: number
}

// Vitest runs files one at a time here (one worker on 2 cores; the worker and e2e projects one
// file after another), so the end-to-end journeys (Chromium, wrangler dev) and the other suites
// each leave a core mostly idle: with e2e and the unit or web suites asked for, two lanes run side
// by side. One lane is the journeys, niced. The other runs the unit and web suites (Node,
// happy-dom), then the worker files that time nothing (WORKER_PART=calm, vitest.config.ts), at a
// lower priority than the journeys, so that they take what the journeys leave idle and never
// starve them (the whole worker project beside un-niced journeys timed out a sign-up). Then the
// worker files that time answers in milliseconds (outages, deadlines, the conference clock...:
// WORKER_PART=timed) run alone, as before. The app is built first, once (the e2e stack serves it,
// and the worker project's wrangler.toml names its web/deploy), so no process sees it half written.
const split = projects.includes('e2e') && projects.some((project) => project === 'unit' || project === 'web')
const beside: string[] = projects.filter((project) => project === 'unit' || project === 'web')
const worker = projects.includes('worker')
const rest = projects.filter((project) => !['e2e', 'worker', ...beside].includes(project))
/** A lane's runs go one after another; a phase's lanes side by side; phases one after another. */
type Lane = Run[]
const phases: Lane[][] = split
  ? [
      [
        [
          {
            name: 'e2e',
            projects: ['e2e'],
            report: 'vitest-report-e2e.json',
            env: { E2E_SKIP_BUILD: '1' },
            nice: 10,
          },
        ],
        [
          { name: beside.join(' + '), projects: beside, report: 'vitest-report.json' },
          ...(worker
            ? [
                {
                  name: 'worker (calm)',
                  projects: ['worker'],
                  report: 'vitest-report-worker-calm.json',
                  env: { WORKER_PART: 'calm' },
                  nice: 15,
                },
              ]
            : []),
        ],
      ],
      ...(worker || rest.length > 0
        ? [
            [
              [
                ...(worker
                  ? [
                      {
                        name: 'worker (timed)',
                        projects: ['worker'],
                        report: 'vitest-report-worker-timed.json',
                        env: { WORKER_PART: 'timed' },
                      },
                    ]
                  : []),
                ...(rest.length > 0
                  ? [
                      {
                        name: rest.join(' + '),
                        projects: rest,
                        report: `vitest-report-${rest.join('-')}.json`,
                      },
                    ]
                  : []),
              ],
            ],
          ]
        : []),
    ]
  : [[[{ name: projects.join(' + '), projects, report: 'vitest-report.json' }]]]
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
const runs = phases.flat(2)
await Promise.all(runs.map((run) => rm(`${root}/tests/artifacts/${run.report}`, { force: true })))
const ended: { code: number; results?: Results }[] = []
/** The runs of a lane one after another; the first lane of a phase streams its output. */
async function runLane(lane: Lane, live: boolean) {
  for (const run of lane) {
    const started = Date.now()
    ended.push(await vitest(run, live))
    timings.push(`${run.name}: ${Math.round((Date.now() - started) / 1000)} s`)
  }
}
const timings: string[] = []
for (const phase of phases) await Promise.all(phase.map((lane, index) => runLane(lane, index === 0)))
const reported = ended.flatMap(({ results }) => (results ? [results] : []))
const sum = (key: keyof Results) => reported.reduce((total, results) => total + results[key], 0)
if (runs.length > 1) console.log(`\n${timings.join(', ')}`)
if (reported.length > 0) {
  console.log(
    `\n${sum('numPassedTests')} passed, ${sum('numFailedTests')} failed, ${sum('numPendingTests')} skipped`,
  )
}
const code = ended.find(({ code }) => code !== 0)?.code ?? 0
process.exit(reported.length > 0 && sum('numPassedTests') === 0 ? 1 : code)
