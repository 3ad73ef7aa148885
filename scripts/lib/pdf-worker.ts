// The PDF Worker (wrangler.pdf.toml, decision 025) as the worker tests run it: bundled by
// wrangler exactly as `wrangler deploy` would (its --dry-run output), then loaded by the tests'
// Miniflare as an auxiliary Worker beside the site's (vitest.config.ts), which reaches it through
// its CERTIFICATE_PDF service binding as in production. The bundle is kept in
// .wrangler/pdf-worker and made again only when one of its inputs changed.
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { root, wrangler } from './worker-size.ts'

const CACHE = join(root, '.wrangler', 'pdf-worker')
const CURRENT = join(CACHE, 'current.json')
export const PDF_WORKER_CONFIG = join(root, 'wrangler.pdf.toml')
/** The PDF Worker's name in wrangler.pdf.toml, which wrangler.toml's service binding names. */
export const PDF_WORKER_NAME = 'instituto-rim-pdf'

type Built = { dir: string; key: string; inputs: string[] }

/** A digest of the files the bundle was made from (and of the configuration). */
async function digest(inputs: string[]): Promise<string> {
  const hash = createHash('sha256')
  for (const input of [PDF_WORKER_CONFIG, ...inputs].sort()) {
    hash.update(input)
    hash.update(await readFile(input).catch(() => Buffer.from('(absent)')))
  }
  return hash.digest('hex')
}

/** The directory of the PDF Worker's bundle (index.js and its font modules), made if stale. */
export async function buildPdfWorker(): Promise<string> {
  const current = await readFile(CURRENT, 'utf8').then(
    (text) => JSON.parse(text) as Built,
    () => undefined,
  )
  if (current && existsSync(current.dir) && (await digest(current.inputs)) === current.key) return current.dir

  await mkdir(CACHE, { recursive: true })
  const dir = await mkdtemp(join(CACHE, 'build-'))
  const metafile = join(dir, 'meta.json')
  const result = wrangler([
    'deploy',
    '--dry-run',
    '--config',
    PDF_WORKER_CONFIG,
    '--outdir',
    join(dir, 'bundle'),
    '--metafile',
    metafile,
  ])
  if (result.status !== 0) {
    throw new Error(`O Worker de PDF não compilou:\n${result.stdout}\n${result.stderr}`)
  }
  const meta = JSON.parse(await readFile(metafile, 'utf8')) as { inputs: Record<string, unknown> }
  const inputs = Object.keys(meta.inputs)
    .filter((input) => !input.includes(':'))
    .map((input) => resolve(root, input))
  const built: Built = { dir: join(dir, 'bundle'), key: await digest(inputs), inputs }
  const next = `${CURRENT}.${process.pid}`
  await writeFile(next, JSON.stringify(built))
  await rename(next, CURRENT)
  if (current && current.dir !== built.dir)
    await rm(join(current.dir, '..'), { recursive: true, force: true })
  return built.dir
}

/** Miniflare's options for the PDF Worker's bundle in `dir` (an auxiliary Worker of the tests). */
export function pdfWorkerOptions(dir: string) {
  const config = readFileSync(PDF_WORKER_CONFIG, 'utf8')
  const field = (name: string) => new RegExp(`^${name} = (.+)$`, 'm').exec(config)?.[1] ?? ''
  return {
    name: PDF_WORKER_NAME,
    compatibilityDate: JSON.parse(field('compatibility_date')) as string,
    compatibilityFlags: JSON.parse(field('compatibility_flags')) as string[],
    modulesRoot: dir,
    modules: readdirSync(dir)
      .filter((file) => file.endsWith('.js') || file.endsWith('.ttf'))
      .sort((a, b) => Number(b === 'index.js') - Number(a === 'index.js'))
      .map((file) => ({
        type: file.endsWith('.js') ? ('ESModule' as const) : ('Data' as const),
        path: join(dir, file),
      })),
  }
}
