/**
 * The page renderer the web app gives the Worker (web/src/entry-server.tsx): the Worker answers
 * a browser navigation with the page already in the HTML, and the browser hydrates it.
 */
export type RenderRequest = {
  /** Path and query of the page ('/cursos/hemodialise-para-enfermagem'). */
  url: string
  /** The site's public origin (PUBLIC_ORIGIN): canonical and Open Graph URLs are built on it. */
  origin: string
  /** Answers the app's API calls for this page, as the browser would make them (same cookies). */
  fetch: (path: string, init: RequestInit) => Promise<Response>
}

export type RenderedPage =
  | {
      kind: 'page'
      /** 200, or 404 for an unknown route, course, product or edital (the not-found page). */
      status: 200 | 404
      /** Title, description, canonical and Open Graph tags, for the document's head. */
      head: string
      /** The markup of #app. */
      html: string
      /** React Query's dehydrated cache: the browser starts from the same data. */
      state: unknown
    }
  | {
      /** The page needs the browser (a failed request, a redirect): serve the SPA shell. */
      kind: 'shell'
      reason: string
    }

export type RenderPage = (request: RenderRequest) => Promise<RenderedPage>

/** What a URL names, known before any rendering (no data loaded). */
export type PageDescription = {
  /** A route of the app matches the path (an unknown course still does: its page says so). */
  found: boolean
  /**
   * The path and only the query parameters its routes read (their `validateSearch`), sorted:
   * `/?r=123` is `/`. The page is rendered from this URL and shared under it.
   */
  key: string
}

export type PageRenderer = {
  render: RenderPage
  describe: (url: string) => PageDescription
}

export type ApiFetch = RenderRequest['fetch']

/**
 * Pages render concurrently in one isolate: the app's API calls find their own page's `fetch`
 * through this scope (the Worker backs it with AsyncLocalStorage).
 */
export type RenderScope = {
  run: <T>(fetch: ApiFetch, render: () => Promise<T>) => Promise<T>
  current: () => ApiFetch | undefined
}

export type CreatePageRenderer = (scope: RenderScope) => PageRenderer
