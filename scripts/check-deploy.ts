// `npm run check:deploy`: builds the production Worker exactly as `wrangler deploy` would, with
// wrangler.toml's production vars and bindings, without uploading it (--dry-run). A configuration
// or bundle that would not deploy fails here, in CI, instead of at release time. The assets it
// would upload (web/deploy) must hold no demo course material.
import { spawnSync } from 'node:child_process'
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DEMO_FILES_DIR, runBuild } from './build.ts'
import { root } from './lib/stack.ts'

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  )
if (!(await exists(`${root}web/dist/index.html`)) || !(await exists(`${root}web/deploy/index.html`))) {
  await runBuild()
}

// Paid e-books and course material shipped for the local demo never reach production's assets.
const demo = (await readdir(`${root}web/deploy`, { recursive: true })).filter((path) =>
  path.split(/[\\/]/).includes(DEMO_FILES_DIR),
)
if (demo.length > 0) {
  console.error(
    `web/deploy tem arquivos de demonstração (${DEMO_FILES_DIR}): ${demo.slice(0, 3).join(', ')}…`,
  )
  process.exit(1)
}

const outdir = await mkdtemp(join(tmpdir(), 'renalis-deploy-'))
try {
  const result = spawnSync(
    process.execPath,
    [`${root}node_modules/wrangler/bin/wrangler.js`, 'deploy', '--dry-run', '--outdir', outdir],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' },
    },
  )
  if (result.status !== 0) {
    console.error('O Worker de produção não passou no deploy --dry-run.')
    process.exit(result.status ?? 1)
  }
} finally {
  await rm(outdir, { recursive: true, force: true })
}
