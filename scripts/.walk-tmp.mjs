// static-import reachability from worker/index.ts (esbuild metafile); `node walk.mjs [module-substring]` prints why a module is reached
import * as esbuild from 'esbuild'
const target = process.argv[2]
const r = await esbuild.build({ entryPoints: ['worker/index.ts'], bundle: true, write: false, metafile: true, format: 'esm', platform: 'neutral', conditions: ['workerd', 'worker', 'browser'], mainFields: ['module', 'main'], external: ['cloudflare:*', 'node:*', '*.ttf', '*.wasm'], logLevel: 'silent', jsx: 'automatic', loader: { '.css': 'empty', '.svg': 'text', '.png': 'empty' } })
const inputs = r.metafile.inputs
const seen = new Map([['worker/index.ts', null]]); const queue = ['worker/index.ts']
while (queue.length) { const m = queue.shift(); for (const i of inputs[m]?.imports ?? []) { if (i.kind !== 'import-statement' || i.external) continue; if (!seen.has(i.path)) { seen.set(i.path, m); queue.push(i.path) } } }
if (target) { for (const [m] of seen) if (m.includes(target)) { let c = m, chain = []; while (c) { chain.push(c); c = seen.get(c) } console.log(chain.reverse().join('\n  <- ')) ; console.log() } }
else { const mine = [...seen.keys()].filter((m) => !m.includes('node_modules')); console.log(mine.length, 'own modules at startup;', seen.size, 'in all'); console.log(mine.filter((m) => /contract|services|db\/schema|web\//.test(m)).sort().join('\n')) }
