/**
 * Reports the gzipped JavaScript the home page `/` loads before it can render: index.html's
 * entry chunk, the home route's code-split chunk, and every static import of both.
 * Exits 1 when the total exceeds the budget. Run after `vite build` (needs build.manifest).
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

type ManifestChunk = {
  file: string
  src?: string
  isEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
}
type Manifest = Record<string, ManifestChunk>

const BUDGET_KB = 150
const DIST = join(import.meta.dirname, '..', 'web', 'dist')
const HOME_ROUTE = /^src\/routes\/index\.tsx(\?.*)?$/

function readManifest(): Manifest {
  const path = join(DIST, '.vite', 'manifest.json')
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as Manifest
  } catch {
    console.error(`No Vite manifest at ${path}: run \`vite build\` first (build.manifest must be on).`)
    process.exit(1)
  }
}

/** The chunk keys reachable from `roots` through static imports only. */
function staticClosure(manifest: Manifest, roots: string[]): string[] {
  const seen = new Set<string>()
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return
    seen.add(key)
    for (const imported of manifest[key].imports ?? []) visit(imported)
  }
  for (const root of roots) visit(root)
  return [...seen]
}

const manifest = readManifest()
const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry && key.endsWith('index.html'))
const homeChunks = Object.keys(manifest).filter((key) => HOME_ROUTE.test(key))
if (entries.length === 0) {
  console.error('The manifest has no index.html entry.')
  process.exit(1)
}
if (homeChunks.length === 0)
  console.warn('Warning: no chunk for src/routes/index.tsx (is the home route code-split?).')

const files = [
  ...new Set(staticClosure(manifest, [...entries, ...homeChunks]).map((key) => manifest[key]!.file)),
]
  .filter((file) => file.endsWith('.js'))
  .map((file) => {
    const source = readFileSync(join(DIST, file))
    return { file, raw: source.length / 1024, gzip: gzipSync(source, { level: 9 }).length / 1024 }
  })
  .sort((a, b) => b.gzip - a.gzip)

const total = files.reduce((sum, file) => sum + file.gzip, 0)
const width = Math.max(...files.map((file) => file.file.length), 'Total'.length)
const row = (name: string, raw: string, gzip: string) =>
  `${name.padEnd(width)}  ${raw.padStart(10)}  ${gzip.padStart(10)}`

console.log('\nJavaScript loaded by the home page (/)\n')
console.log(row('File', 'raw KB', 'gzip KB'))
console.log('-'.repeat(width + 24))
for (const file of files) console.log(row(file.file, file.raw.toFixed(2), file.gzip.toFixed(2)))
console.log('-'.repeat(width + 24))
console.log(row('Total', files.reduce((sum, file) => sum + file.raw, 0).toFixed(2), total.toFixed(2)))
console.log(`Budget: ${BUDGET_KB} KB gzip (1 KB = 1024 bytes)\n`)

if (total > BUDGET_KB) {
  console.error(`Over budget by ${(total - BUDGET_KB).toFixed(2)} KB gzip.`)
  process.exit(1)
}
