// `npm run audit`: Lighthouse (performance, accessibility, best practices, SEO) on the home page
// and a course page, as a phone and as a desktop, for an anonymous and a signed-in visitor,
// against the local stack in Debian's Chromium. Exits 1 when a page scores under 90 in
// performance or under 100 in accessibility.
//
// Nothing leaves the machine: Chromium resolves no host name but 127.0.0.1, and only local URLs
// are audited. Scores use Lighthouse's simulated throttling (a mid-range phone on slow 4G for
// the mobile run), so they do not depend on this machine's network.
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse, { desktopConfig, type Flags, type Result } from 'lighthouse'
import { chromium } from 'playwright-core'
import { runBuild } from '../../scripts/build.ts'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/lib/chromium.ts'
import { freePort, root, startScratchStack } from '../../scripts/lib/stack.ts'
import { demoStudentCookies } from './demo-login.ts'

const { values } = parseArgs({
  options: {
    'skip-build': { type: 'boolean', default: false },
    /** Also write each run's full HTML report to tests/artifacts/lighthouse/. */
    reports: { type: 'boolean', default: false },
    /** Runs per page and form factor; the run with the median performance score is reported. */
    runs: { type: 'string', default: '3' },
    /** Only one profile: 'mobile' or 'desktop' (both by default). */
    'form-factor': { type: 'string' },
    /** Only one visitor: 'anonymous' or 'signed-in' (both by default). */
    visitor: { type: 'string' },
  },
})

const RUNS = Math.max(1, Number(values.runs) || 1)
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const
const TARGETS = { performance: 90, accessibility: 100 } as const
/** A seeded course (db/seed-data/catalog.ts) with two classes and a two-picture slider. */
const COURSE_PATH = '/cursos/hemodialise-para-enfermagem'
const PAGES = [
  { name: 'home', path: '/' },
  { name: 'curso', path: COURSE_PATH },
] as const
const ALL_FORM_FACTORS = ['mobile', 'desktop'] as const
const FORM_FACTORS = ALL_FORM_FACTORS.filter((formFactor) =>
  values['form-factor'] ? formFactor === values['form-factor'] : true,
)
const ALL_VISITORS = ['anonymous', 'signed-in'] as const
const VISITORS = ALL_VISITORS.filter((visitor) => (values.visitor ? visitor === values.visitor : true))

type RunnerResult = Awaited<ReturnType<typeof lighthouse>>

type Row = {
  page: string
  formFactor: (typeof ALL_FORM_FACTORS)[number]
  visitor: (typeof ALL_VISITORS)[number]
  scores: Record<(typeof CATEGORIES)[number], number>
  metrics: { fcp: string; lcp: string; tbt: string; cls: string }
  /** Audits that lost points in the categories with a target, for the reader to act on. */
  misses: string[]
  /** SEO audits that fail (scored 0), with their own explanation. */
  seoMisses: string[]
  /** Lighthouse runs of this page and visitor, those tried again after a flaky start included. */
  tries: number
}

/**
 * Lighthouse's errors that say nothing of the page: Debian's Chromium sometimes reports no
 * navigation start (NO_NAVSTART) and the like. Such a run is tried again, at most
 * MAX_TRIES times in all; any other error, or the same one every time, stops the audit.
 */
const FLAKY_ERRORS = new Set(['NO_NAVSTART', 'NO_FCP', 'PROTOCOL_TIMEOUT', 'NO_TRACING_STARTED'])
const MAX_TRIES = 3

const CHROME_FLAGS = [
  ...CHROMIUM_FLAGS,
  // Every host name but the local stack's fails to resolve: the audit cannot reach the network.
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
]

const score = (value: number | null | undefined) => Math.round((value ?? 0) * 100)
const metric = (lhr: Result, id: string) => lhr.audits[id]?.displayValue ?? '—'

function summarize(
  lhr: Result,
  page: string,
  formFactor: Row['formFactor'],
  visitor: Row['visitor'],
  tries: number,
): Row {
  const scores = Object.fromEntries(
    CATEGORIES.map((category) => [category, score(lhr.categories[category]?.score)]),
  ) as Row['scores']
  const misses: string[] = []
  for (const category of Object.keys(TARGETS) as (keyof typeof TARGETS)[]) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id]
      if (!audit || ref.weight === 0 || audit.score === null || audit.score >= 0.9) continue
      misses.push(`${category}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}`)
    }
  }
  const seoMisses = (lhr.categories.seo?.auditRefs ?? [])
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit && audit.score === 0)
    .map((audit) => `${audit!.title}${audit!.explanation ? `: ${audit!.explanation}` : ''}`)
  return {
    page,
    formFactor,
    visitor,
    scores,
    metrics: {
      fcp: metric(lhr, 'first-contentful-paint'),
      lcp: metric(lhr, 'largest-contentful-paint'),
      tbt: metric(lhr, 'total-blocking-time'),
      cls: metric(lhr, 'cumulative-layout-shift'),
    },
    misses,
    seoMisses,
    tries,
  }
}

if (!values['skip-build']) await runBuild()

const { dir, stack } = await startScratchStack('audit')
let chrome: chromeLauncher.LaunchedChrome | undefined
const rows: Row[] = []

try {
  // Fill the catalogue snapshots first, as steady traffic would (an audit is one cold visit).
  for (const path of [
    '/api/menu',
    '/home_itens/lists',
    `/api${COURSE_PATH}`,
    '/search/getSearch?menu=true',
  ]) {
    await (await fetch(stack.origin + path)).arrayBuffer()
  }

  await mkdir(join(dir, 'chromium'), { recursive: true })
  chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROME_FLAGS,
    port: await freePort(),
    userDataDir: join(dir, 'chromium'),
    logLevel: 'silent',
  })

  // A signed-in visitor: the demo student's session and hint cookies in Chromium's own jar, as a
  // person who logged in earlier would have them (Lighthouse keeps cookies between runs).
  const cookies = (await demoStudentCookies(stack.origin)).map((cookie) => ({ ...cookie, url: stack.origin }))
  const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`)
  const jar = cdp.contexts()[0]!

  for (const formFactor of FORM_FACTORS) {
    for (const page of PAGES) {
      const url = stack.origin + page.path
      process.stdout.write(`Lighthouse ${formFactor} ${url}, ${VISITORS.join(' and ')} (${RUNS}× each)…\n`)
      const flags: Flags = {
        port: chrome.port,
        output: 'html',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
      }
      // Scores move from run to run with the machine's load: Lighthouse's advice is the median.
      // The visitors take turns, so that a change of load weighs on both alike.
      const results = new Map(VISITORS.map((visitor) => [visitor, [] as NonNullable<RunnerResult>[]]))
      const tries = new Map(VISITORS.map((visitor) => [visitor, 0]))
      for (let run = 0; run < RUNS; run++) {
        for (const visitor of VISITORS) {
          for (let attempt = 1; ; attempt++) {
            await jar.clearCookies()
            if (visitor === 'signed-in') await jar.addCookies(cookies)
            tries.set(visitor, tries.get(visitor)! + 1)
            const outcome = await lighthouse(url, flags, formFactor === 'desktop' ? desktopConfig : undefined)
            if (!outcome) throw new Error(`Lighthouse não devolveu resultado para ${url}`)
            const error = outcome.lhr.runtimeError
            if (!error) {
              results.get(visitor)!.push(outcome)
              break
            }
            if (!FLAKY_ERRORS.has(error.code) || attempt >= MAX_TRIES) {
              throw new Error(`Lighthouse falhou em ${url} (${attempt}× ${error.code}): ${error.message}`)
            }
            process.stdout.write(
              `  ${error.code} (${visitor}): tentando de novo (${attempt + 1}/${MAX_TRIES})\n`,
            )
          }
        }
      }
      for (const [visitor, outcomes] of results) {
        outcomes.sort(
          (a, b) => (a.lhr.categories.performance?.score ?? 0) - (b.lhr.categories.performance?.score ?? 0),
        )
        const result = outcomes[Math.floor(outcomes.length / 2)]!
        rows.push(summarize(result.lhr, page.name, formFactor, visitor, tries.get(visitor)!))
        if (values.reports) {
          const out = join(root, 'tests', 'artifacts', 'lighthouse')
          await mkdir(out, { recursive: true })
          const report = Array.isArray(result.report) ? result.report[0]! : result.report
          await writeFile(join(out, `${page.name}-${formFactor}-${visitor}.html`), report)
        }
      }
    }
  }
  await cdp.close()
} finally {
  await chrome?.kill()
  await stack.stop()
  await rm(dir, { recursive: true, force: true })
}

console.log(
  `\nLighthouse ${PAGES.map((page) => page.path).join(' and ')} (local stack; median of ${RUNS} run${RUNS > 1 ? 's' : ''})\n`,
)
console.table(
  rows.map((row) => ({
    page: row.page,
    'form factor': row.formFactor,
    visitor: row.visitor,
    performance: row.scores.performance,
    accessibility: row.scores.accessibility,
    'best practices': row.scores['best-practices'],
    seo: row.scores.seo,
    FCP: row.metrics.fcp,
    LCP: row.metrics.lcp,
    TBT: row.metrics.tbt,
    CLS: row.metrics.cls,
    tries: `${row.tries} for ${RUNS}`,
  })),
)

for (const row of rows) {
  const notes = [...row.misses, ...row.seoMisses.map((miss) => `seo: ${miss}`)]
  if (notes.length === 0) continue
  console.log(`\n${row.page} (${row.formFactor}, ${row.visitor}):`)
  for (const note of notes) console.log(`  - ${note}`)
}

const failures = rows.flatMap((row) =>
  (Object.keys(TARGETS) as (keyof typeof TARGETS)[])
    .filter((category) => row.scores[category] < TARGETS[category])
    .map(
      (category) =>
        `${row.page} ${row.formFactor} ${row.visitor}: ${category} ${row.scores[category]} < ${TARGETS[category]}`,
    ),
)
if (failures.length > 0) {
  console.error(`\nBelow target:\n${failures.map((failure) => `  ${failure}`).join('\n')}`)
  process.exit(1)
}
console.log(
  `\nTargets met: performance ≥ ${TARGETS.performance} and accessibility ≥ ${TARGETS.accessibility} on every run.`,
)
