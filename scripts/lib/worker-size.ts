// What a Worker costs where it starts (issue 42): its upload as `wrangler deploy` would send it
// (`--dry-run`), and the CPU of its startup (`wrangler check startup`: the global scope run in
// workerd and profiled). Used by `npm run check:deploy` (the size budget) and `npm run bench`
// (the startup figure).
import { spawnSync } from 'node:child_process'
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = fileURLToPath(new URL('../..', import.meta.url))
const WRANGLER = join(root, 'node_modules/wrangler/bin/wrangler.js')

/** The site's Worker's budget: its whole upload, every module, gzipped. */
export const GZIP_BUDGET_KIB = 1024
/** The site's Worker's startup CPU goal (median of 3 runs of `wrangler check startup`, idle excluded). */
export const STARTUP_GOAL_MS = 80

/** wrangler from node_modules, no metrics sent, its output kept. */
export function wrangler(args: string[]) {
  return spawnSync(process.execPath, [WRANGLER, ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' },
    maxBuffer: 64 * 1024 * 1024,
  })
}

export type Upload = {
  /** wrangler.toml or wrangler.pdf.toml. */
  config: string
  /** wrangler's own figures ("Total Upload: … KiB / gzip: … KiB"). */
  uploadKib: number
  gzipKib: number
  /** The largest parts of the bundle (esbuild's metafile): package or source folder, KiB in the output. */
  largest: Array<{ part: string; kib: number }>
  /** wrangler's output, printed when it fails. */
  log: string
}

/** Where a bundled input comes from: its package, or its source folder. */
function partOf(input: string): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)
  if (pkg) return pkg[1]!
  const parts = input.replace(/^(\.\.\/)+/, '').split('/')
  return parts.length > 2 ? parts.slice(0, 3).join('/') : parts.join('/')
}

/** `wrangler deploy --dry-run` of `config`: its upload's figures and largest parts; throws when it would not deploy. */
export async function dryRunUpload(config: string, extraArgs: string[] = []): Promise<Upload> {
  const dir = await mkdtemp(join(tmpdir(), 'renalis-deploy-'))
  try {
    const metafile = join(dir, 'meta.json')
    const result = wrangler([
      'deploy',
      '--dry-run',
      '--config',
      join(root, config),
      '--outdir',
      join(dir, 'out'),
      '--metafile',
      metafile,
      ...extraArgs,
    ])
    const log = `${result.stdout}${result.stderr}`
    const figures = /Total Upload: ([\d.]+) KiB \/ gzip: ([\d.]+) KiB/.exec(log)
    if (result.status !== 0 || !figures) {
      throw Object.assign(new Error(`${config}: o deploy --dry-run falhou`), { log })
    }
    const meta = JSON.parse(await readFile(metafile, 'utf8')) as {
      outputs: Record<string, { bytes: number; inputs: Record<string, { bytesInOutput: number }> }>
    }
    const byPart = new Map<string, number>()
    for (const [name, output] of Object.entries(meta.outputs)) {
      if (name.endsWith('.map')) continue
      for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
        byPart.set(partOf(input), (byPart.get(partOf(input)) ?? 0) + bytesInOutput)
      }
    }
    // Modules that are no code (the fonts, as Data modules) are files of their own beside it.
    for (const file of await readdir(join(dir, 'out'))) {
      if (/\.(m?js|map)$/.test(file) || file === 'README.md') continue
      byPart.set(file.replace(/^[0-9a-f]{40}-/, ''), (await stat(join(dir, 'out', file))).size)
    }
    const largest = [...byPart]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 12)
      .map(([part, bytes]) => ({ part, kib: bytes / 1024 }))
    return { config, uploadKib: Number(figures[1]), gzipKib: Number(figures[2]), largest, log }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/**
 * The site's Worker's startup CPU: `wrangler check startup` `runs` times on one production
 * bundle (the dry run's, built once), each run's active time (its profile's samples, idle
 * excluded; garbage collection included), sorted.
 */
export async function startupCpuMs(runs = 3): Promise<number[]> {
  const dir = await mkdtemp(join(tmpdir(), 'renalis-startup-'))
  try {
    const bundle = join(dir, 'worker.bundle')
    const built = wrangler(['deploy', '--dry-run', '--outfile', bundle])
    if (built.status !== 0)
      throw new Error(`wrangler deploy --dry-run falhou:\n${built.stdout}${built.stderr}`)
    const times: number[] = []
    // A run wrangler gives up on (no profile within its 10 s, a machine busy with other work) is
    // no measure: it is run again, a few times at most.
    let retries = 3
    for (let run = 0; run < runs; run++) {
      const result = wrangler([
        'check',
        'startup',
        '--worker',
        bundle,
        '--outfile',
        join(dir, `startup-${run}.cpuprofile`),
      ])
      const log = `${result.stdout}${result.stderr}`
      const active = /Active: ([\d.]+) ms/.exec(log)
      if (!active && /timed out/.test(log) && retries-- > 0) {
        run -= 1
        continue
      }
      if (result.status !== 0 || !active) {
        throw new Error(`wrangler check startup falhou:\n${result.stdout}${result.stderr}`)
      }
      times.push(Number(active[1]))
    }
    return times.sort((a, b) => a - b)
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

export const median = (sorted: number[]) => sorted[Math.floor(sorted.length / 2)]!
