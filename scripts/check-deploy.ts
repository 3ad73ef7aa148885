// `npm run check:deploy`: builds the production Worker exactly as `wrangler deploy` would, with
// wrangler.toml's production vars and bindings, without uploading it (--dry-run). A configuration
// or bundle that would not deploy fails here, in CI, instead of at release time.
import { spawnSync } from 'node:child_process'
import { mkdtemp, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { runBuild } from './build.ts'
import { root } from './lib/stack.ts'

const built = await stat(`${root}web/dist/index.html`).then(
  () => true,
  () => false,
)
if (!built) await runBuild()

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
