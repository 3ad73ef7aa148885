import { act, cleanup, configure, waitFor } from '@testing-library/react'
import { toast } from 'sonner'
import { afterEach, expect, vi } from 'vitest'

// `npm test` runs the web tests beside the e2e build on two cores: findBy*/waitFor get 5 s, not 1 s.
configure({ asyncUtilTimeout: 5000 })

// happy-dom lacks the layout observers embla-carousel needs; they never fire here.
class NoopObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return []
  }
}

// Assigned, not vi.stubGlobal: every test's globals are unstubbed after it (below).
Object.assign(globalThis, { ResizeObserver: NoopObserver, IntersectionObserver: NoopObserver })

if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener() {},
      removeListener() {},
      addEventListener() {},
      removeEventListener() {},
      dispatchEvent: () => false,
    }) as MediaQueryList
}

// Every test starts from the same world: real timers, the real fetch and globals, no spies, no toasts.
afterEach(async () => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  // Sonner keeps its toasts in a module-level store: dismissed so none leaks into the next test.
  act(() => {
    toast.dismiss()
  })
  await waitFor(() => expect(document.querySelectorAll('[data-sonner-toast]')).toHaveLength(0))
  cleanup()
  // The app marks <html data-ready> once its effects have run (routes/__root.tsx): each test's own.
  delete document.documentElement.dataset.ready
  window.localStorage.clear()
})
