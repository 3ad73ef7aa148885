import { relative, resolve } from 'node:path'
import tailwindcss from '@tailwindcss/vite'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import { defineConfig, type Plugin, type ProxyOptions } from 'vite'

const WORKER_ORIGIN = 'http://127.0.0.1:8787'

// Browser navigations the Worker must answer itself (OAuth start, API reference, downloads).
const WORKER_NAVIGATIONS = /^\/(api|redirect|auth|files|download)(\/|\?|$)/
const VITE_INTERNALS = /^\/(@|src\/|node_modules\/|__)/
const HAS_EXTENSION = /\.[a-z0-9]+$/i

/** Dev only: page navigations and Vite's own files stay here; every other request goes to the Worker. */
const workerProxy: ProxyOptions = {
  target: WORKER_ORIGIN,
  changeOrigin: false,
  bypass(req) {
    const url = req.url ?? '/'
    const path = url.split(/[?#]/)[0] ?? '/'
    if (path.startsWith('/api/')) return undefined
    if (VITE_INTERNALS.test(path) || HAS_EXTENSION.test(path)) return url
    const isNavigation = req.method === 'GET' && (req.headers.accept ?? '').includes('text/html')
    if (isNavigation && !WORKER_NAVIGATIONS.test(path)) return url
    return undefined
  },
}

/**
 * The production build's module list (web/dist/.vite/modules.json, beside Vite's manifest): which
 * packages the browser runs, read by the runtime guard (tests/e2e/react-runtime.test.ts).
 */
const moduleList: Plugin = {
  name: 'renalis:module-list',
  apply: 'build',
  generateBundle(_, bundle) {
    const modules = new Set<string>()
    for (const file of Object.values(bundle)) {
      if (file.type !== 'chunk') continue
      for (const id of file.moduleIds) modules.add(relative(import.meta.dirname, id.replace(/\?.*$/, '')))
    }
    this.emitFile({
      type: 'asset',
      fileName: '.vite/modules.json',
      source: `${JSON.stringify([...modules].sort(), null, 1)}\n`,
    })
  },
}

export default defineConfig({
  root: 'web',
  // zod set up for the browser (JIT off) before any schema is built: web/src/lib/zod.ts.
  resolve: {
    alias: [
      { find: /^zod$/, replacement: resolve(import.meta.dirname, 'web/src/lib/zod.ts') },
      // The router's store asks for the selector hook through its shim for React 17; React 19
      // has the hook itself, and the package's own build for it leaves the fallback out.
      {
        find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
        replacement: 'use-sync-external-store/with-selector',
      },
    ],
  },
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // A route's page, error and not-found components in one file: a route costs one request.
      codeSplittingOptions: {
        defaultBehavior: [['component', 'pendingComponent', 'errorComponent', 'notFoundComponent']],
      },
      routesDirectory: resolve(import.meta.dirname, 'web/src/routes'),
      generatedRouteTree: resolve(import.meta.dirname, 'web/src/routeTree.gen.ts'),
    }),
    tailwindcss(),
    moduleList,
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    modulePreload: false,
    rolldownOptions: {
      // Libraries' 'use client' lines mean nothing to a client-only bundle.
      onLog(level, log, handler) {
        if (log.code === 'MODULE_LEVEL_DIRECTIVE') return
        handler(level, log)
      },
      output: {
        codeSplitting: {
          groups: [
            // Everything the entry imports statically (React, the router, the layout, the shared
            // helpers) stays in the entry's file, as Rollup would keep it: Rolldown would otherwise
            // split two dozen small common chunks off it, shared with the lazy routes, and each
            // file a page loads first costs a phone a main-thread task of its own. The '$initial'
            // tag follows only what is used, so a barrel (Lucide's icons, the libraries'
            // hooks) brings in no more than the first load needs.
            { name: 'app', tags: ['$initial'], priority: 2 },
            // The catalogue pages' shared pieces (prices, dates, pictures, markdown) in one file
            // rather than six: each file is a task on a phone. Without their dependencies: the
            // home page's cards share the cart button and the price format with those pages, and
            // must not load every catalogue page to get them.
            {
              name: 'catalog',
              test: /[\\/]web[\\/]src[\\/](features[\\/]catalog|lib[\\/]date)/,
              priority: 1,
              includeDependenciesRecursively: false,
            },
            // What the admin screens share with public pages stays in the file those pages load
            // (else the bundler splits it off: one more file for them, one more name in every first load).
            {
              name: 'order-record',
              test: /[\\/](worker[\\/]domain[\\/]payments|web[\\/]src[\\/]features[\\/]checkout[\\/](checkout\.queries|order-record))\.ts$/,
              priority: 1,
            },
            {
              name: 'money',
              test: /[\\/]worker[\\/](domain[\\/]catalog|contract[\\/]money)\.ts$/,
              priority: 1,
              includeDependenciesRecursively: false,
            },
            {
              name: 'password-form',
              test: /[\\/]web[\\/]src[\\/](lib[\\/]form-modal\.tsx|features[\\/]profile[\\/](profile\.mutations\.ts|password-form\.tsx))$/,
              priority: 1,
              // Only these three: their dependencies (Radix, the form library) stay in their own files.
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '^/.*': workerProxy },
  },
})
