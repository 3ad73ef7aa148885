// `npm run check:deploy`: builds the production Workers exactly as `wrangler deploy` would, with
// wrangler.toml's (and wrangler.pdf.toml's) production vars and bindings, without uploading them
// (--dry-run). A configuration or bundle that would not deploy fails here, in CI, instead of at
// release time; so does a site Worker above its size budget (issue 42: 1 024 KiB gzipped, every
// module counted), whose upload, gzipped size and largest parts it prints. The assets it would
// upload (web/deploy) must hold no demo course material.
import { readdir, stat } from 'node:fs/promises'
import { DEMO_FILES_DIR, runBuild } from './build.ts'
import { root } from './lib/stack.ts'
import { dryRunUpload, GZIP_BUDGET_KIB, type Upload } from './lib/worker-size.ts'

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

// Both Workers as they would deploy (the PDF Worker first: the site's binds to it). The site's
// Worker is what every visitor's first page starts: its whole upload, every module, gzipped,
// must stay within the budget (issue 42).
const uploads: Upload[] = []
for (const config of ['wrangler.pdf.toml', 'wrangler.toml']) {
  try {
    uploads.push(await dryRunUpload(config))
  } catch (error) {
    console.error((error as { log?: string }).log ?? '')
    console.error(`O Worker de produção (${config}) não passou no deploy --dry-run.`)
    process.exit(1)
  }
}
for (const upload of uploads) {
  console.log(
    `\n${upload.config}: upload ${upload.uploadKib.toFixed(2)} KiB, gzip ${upload.gzipKib.toFixed(2)} KiB` +
      (upload.config === 'wrangler.toml' ? ` (orçamento: ${GZIP_BUDGET_KIB} KiB gzip)` : ''),
  )
  console.log('  maiores partes (KiB no bundle, antes do gzip):')
  for (const { part, kib } of upload.largest) console.log(`  ${kib.toFixed(0).padStart(7)}  ${part}`)
}
const site = uploads.find((upload) => upload.config === 'wrangler.toml')!
if (site.gzipKib > GZIP_BUDGET_KIB) {
  console.error(
    `\nO Worker do site passou do orçamento: ${site.gzipKib.toFixed(2)} KiB gzip > ${GZIP_BUDGET_KIB} KiB.`,
  )
  process.exit(1)
}
