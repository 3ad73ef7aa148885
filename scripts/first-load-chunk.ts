import type { Plugin } from 'vite'

/**
 * Puts every module the entry imports statically (React, the router, the layout, the shared
 * helpers) in one chunk, 'app', as Rollup would keep them in the entry: Rolldown would otherwise
 * split two dozen small common chunks off it, shared with the lazy routes, and each file a page
 * loads first costs a phone a main-thread task of its own. Lazy routes still load on demand.
 */
export function firstLoadChunk(): { plugin: Plugin; test: (id: string) => boolean } {
  const firstLoad = new Set<string>()
  const entries = new Set<string>()
  const plugin: Plugin = {
    name: 'first-load-chunk',
    apply: 'build',
    buildEnd() {
      firstLoad.clear()
      entries.clear()
      for (const id of this.getModuleIds()) {
        const info = this.getModuleInfo(id)
        if (!info?.isEntry) continue
        entries.add(id)
        // index.html's own script (main.tsx) stays the entry chunk.
        if (id.endsWith('.html')) for (const imported of info.importedIds) entries.add(imported)
      }
      const pending = [...entries]
      while (pending.length > 0) {
        const id = pending.pop()!
        if (firstLoad.has(id)) continue
        firstLoad.add(id)
        pending.push(...(this.getModuleInfo(id)?.importedIds ?? []))
      }
    },
  }
  return { plugin, test: (id) => firstLoad.has(id) && !entries.has(id) }
}
