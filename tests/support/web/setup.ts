import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'

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

// Assigned, not vi.stubGlobal: tests call vi.unstubAllGlobals() after stubbing fetch.
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

afterEach(() => {
  cleanup()
  // The app marks <html data-ready> once its effects have run (routes/__root.tsx): each test's own.
  delete document.documentElement.dataset.ready
  window.localStorage.clear()
})
