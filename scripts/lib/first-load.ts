// The JavaScript a browser actually fetches for a page: Chromium opens it with an empty cache
// and every script it requests until the network is idle is counted, lazy chunks included
// (DESIGN 10). `npm run build` and the end-to-end suite fail above the budget.
import { gzipSync } from 'node:zlib'
import { type Browser, type BrowserContext, chromium } from 'playwright-core'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.ts'

/** Gzipped KB (1 KB = 1024 bytes) of JavaScript the home page may fetch. */
export const FIRST_LOAD_BUDGET_KB = 125

export type FetchedScript = { path: string; rawKb: number; gzipKb: number }
export type FirstLoad = { page: string; scripts: FetchedScript[]; totalKb: number }

/**
 * Opens `origin + path` in a fresh context (no cache), waits until the app answers input
 * (`<html data-ready>`) and then until no request has been in flight for 1 s, and sums the
 * scripts it fetched, each gzipped at level 9 as a server would send it.
 */
export async function measureFirstLoad(
  origin: string,
  path = '/',
  options: { browser?: Browser; prepare?: (context: BrowserContext) => Promise<void> } = {},
): Promise<FirstLoad> {
  const browser =
    options.browser ?? (await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS }))
  const context = await browser.newContext()
  try {
    // A signed-in visitor, say: the context's requests share its cookies.
    await options.prepare?.(context)
    const page = await context.newPage()
    const pending = new Set<Promise<void>>()
    const scripts: FetchedScript[] = []
    let inFlight = 0
    let lastActivity = Date.now()
    page.on('request', () => {
      inFlight++
      lastActivity = Date.now()
    })
    const settled = () => {
      inFlight--
      lastActivity = Date.now()
    }
    page.on('requestfailed', settled)
    page.on('requestfinished', settled)
    page.on('response', (response) => {
      if (!(response.headers()['content-type'] ?? '').includes('javascript')) return
      const read = response
        .body()
        .then((body) => {
          scripts.push({
            path: new URL(response.url()).pathname,
            rawKb: body.length / 1024,
            gzipKb: gzipSync(body, { level: 9 }).length / 1024,
          })
        })
        .catch(() => undefined)
      pending.add(read)
    })

    await page.goto(origin + path, { waitUntil: 'load' })
    await page.waitForFunction(() => document.documentElement.dataset.ready === 'true', undefined, {
      timeout: 30_000,
    })
    const deadline = Date.now() + 30_000
    while (Date.now() < deadline && (inFlight > 0 || Date.now() - lastActivity < 1_000)) {
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    await Promise.all(pending)
    scripts.sort((a, b) => b.gzipKb - a.gzipKb)
    return { page: path, scripts, totalKb: scripts.reduce((sum, script) => sum + script.gzipKb, 0) }
  } finally {
    await context.close()
    if (!options.browser) await browser.close()
  }
}

export function formatFirstLoad(load: FirstLoad, label = load.page): string {
  const width = Math.max(...load.scripts.map((script) => script.path.length), 'Total'.length)
  const row = (name: string, raw: string, gzip: string) =>
    `${name.padEnd(width)}  ${raw.padStart(10)}  ${gzip.padStart(10)}`
  return [
    `\nJavaScript Chromium fetched for ${label} until the network was idle\n`,
    row('File', 'raw KB', 'gzip KB'),
    '-'.repeat(width + 24),
    ...load.scripts.map((script) => row(script.path, script.rawKb.toFixed(2), script.gzipKb.toFixed(2))),
    '-'.repeat(width + 24),
    row(
      `Total (${load.scripts.length} files)`.padEnd(width).slice(0, Math.max(width, 5)),
      load.scripts.reduce((sum, script) => sum + script.rawKb, 0).toFixed(2),
      load.totalKb.toFixed(2),
    ),
    `Budget: ${FIRST_LOAD_BUDGET_KB} KB gzip (1 KB = 1024 bytes)\n`,
  ].join('\n')
}
