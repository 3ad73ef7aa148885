import { spawnSync } from 'node:child_process'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { root } from '../../scripts/lib/stack.ts'

// Decision 009: the browser and the Worker run React and React DOM, the stack's own, and nothing
// in their place. Read from what ships: the production build the suite's global setup made
// (web/dist, with its module list from vite.config.ts) and the Worker bundled as `wrangler deploy`
// bundles it (--dry-run, with esbuild's metafile).
//
// Recorded run, 2026-11-25: this file against main as it stood on decision 008 (e1c8352: Vite's
// and wrangler's aliases of react and react-dom to preact/compat), built with the module-list
// plugin added: both tests failed at their first assertion —
//   browser: expected [ 'node_modules/preact/compat/client.mjs',
//            'node_modules/preact/compat/dist/compat.mjs', … (6) ] to deeply equal []
//   Worker:  expected [ 'node_modules/preact/dist/preact.mjs', …,
//            'node_modules/preact-render-to-string/dist/index.module.js' (6) ] to deeply equal []

const REACT_DOM_VERSION = (
  JSON.parse(await readFile(join(root, 'node_modules/react-dom/package.json'), 'utf8')) as { version: string }
).version

/** A module that would stand in for React: Preact, its compat layer or its renderer, or another. */
const STAND_IN = /(^|\/)node_modules\/(preact|preact-render-to-string|@preact\/[^/]+|inferno|nervjs)\//

/** React DOM's own registration with the developer tools: its renderer's name and version. */
const REACT_DOM_MARK = new RegExp(
  `rendererPackageName:\\s*["\`']react-dom["\`'][\\s\\S]{0,200}?reconcilerVersion:\\s*["\`']${REACT_DOM_VERSION.replaceAll('.', '\\.')}["\`']`,
)

const reactModules = (modules: string[]) =>
  modules.filter((module) => /(^|\/)node_modules\/react(-dom)?\//.test(module))

describe('React in the browser', () => {
  let modules: string[]
  let code: string

  beforeAll(async () => {
    modules = JSON.parse(await readFile(join(root, 'web/dist/.vite/modules.json'), 'utf8')) as string[]
    const assets = join(root, 'web/dist/assets')
    const scripts = (await readdir(assets)).filter((file) => file.endsWith('.js'))
    code = (await Promise.all(scripts.map((file) => readFile(join(assets, file), 'utf8')))).join('\n')
  })

  it('bundles React and React DOM, and no stand-in for them', () => {
    expect(modules.filter((module) => STAND_IN.test(module))).toEqual([])
    const react = reactModules(modules)
    expect(react).toContain('node_modules/react/cjs/react.production.js')
    expect(react).toContain('node_modules/react-dom/cjs/react-dom-client.production.js')
    expect(code).toMatch(REACT_DOM_MARK)
  })
})

describe('React in the Worker (the page renderer)', () => {
  let outdir: string
  let modules: string[]
  let code: string

  beforeAll(async () => {
    outdir = await mkdtemp(join(tmpdir(), 'renalis-runtime-'))
    const result = spawnSync(
      process.execPath,
      [
        join(root, 'node_modules/wrangler/bin/wrangler.js'),
        'deploy',
        '--dry-run',
        '--outdir',
        outdir,
        '--metafile',
      ],
      {
        cwd: root,
        encoding: 'utf8',
        // As `wrangler deploy` bundles for production (the test runner's NODE_ENV=test would pick
        // React's development builds).
        env: {
          ...process.env,
          NODE_ENV: 'production',
          WRANGLER_SEND_METRICS: 'false',
          CLOUDFLARE_CF_FETCH_ENABLED: 'false',
        },
      },
    )
    if (result.status !== 0) throw new Error(`wrangler deploy --dry-run: ${result.stderr || result.stdout}`)
    const meta = JSON.parse(await readFile(join(outdir, 'bundle-meta.json'), 'utf8')) as {
      inputs: Record<string, unknown>
    }
    modules = Object.keys(meta.inputs)
    const files = (await readdir(outdir)).filter((file) => file.endsWith('.js'))
    code = (await Promise.all(files.map((file) => readFile(join(outdir, file), 'utf8')))).join('\n')
  }, 120_000)

  afterAll(async () => {
    if (outdir) await rm(outdir, { recursive: true, force: true })
  })

  it("renders with React DOM's Web-streams server, and no stand-in for React", () => {
    expect(modules.filter((module) => STAND_IN.test(module))).toEqual([])
    const react = reactModules(modules)
    expect(react).toContain('node_modules/react/cjs/react.production.js')
    // The Workers build of react-dom/server (its `workerd` export): renderToReadableStream.
    expect(react.some((module) => /react-dom-server\.edge\.production\.js$/.test(module))).toBe(true)
    expect(code).toContain('renderToReadableStream')
    // React DOM's server checks that React is its own version, and names its own in the message.
    expect(code).toMatch(new RegExp(`react-dom:\\s+${REACT_DOM_VERSION.replaceAll('.', '\\.')}\\b`))
  })
})
