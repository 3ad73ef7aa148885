/**
 * The page renderer the Worker runs for browser navigations (worker/ssr): the same routes,
 * loaders and components as the browser, rendered to HTML with the data they loaded, so a
 * visitor sees the page before any JavaScript runs. The browser then hydrates it (main.tsx).
 */
import { dehydrate, type QueryClient } from '@tanstack/react-query'
import { createMemoryHistory, type RouterHistory } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { renderToReadableStream } from 'react-dom/server'
import type { CreatePageRenderer, PageDescription, RenderPage } from '../../worker/contract/ssr.ts'
import { App } from './app.tsx'
import { type AppRouteTree, createRouterWith } from './create-router.ts'
import { editaisMenuQuery, menuQuery } from './features/menu/menu.queries.ts'
import { setApiTransport } from './lib/api.ts'
import { isClientError } from './lib/load.ts'
import { setPublicOrigin } from './lib/public-origin.ts'
import { createQueryClient } from './lib/query-client.ts'
// The Worker's tree: the browser-only screens are bare routes there (scripts/ssr-route-tree.ts).
import { routeTree } from './routeTree.server.gen.ts'

const createAppRouter = (queryClient: QueryClient, history: RouterHistory) =>
  createRouterWith(routeTree as unknown as AppRouteTree, queryClient, history)

/**
 * The renderer, bound to the Worker's scope: API calls made while a page renders reach that
 * page's request (its cookies), however many pages render at once.
 */
export const createPageRenderer: CreatePageRenderer = (scope) => {
  setApiTransport((path, init) => {
    const fetchForPage = scope.current()
    if (!fetchForPage) return Promise.reject(new Error(`API call outside a page render: ${path}`))
    return fetchForPage(path, init)
  })
  return {
    render: (request) => {
      // One origin per deployment: the module keeps it for every render of this isolate.
      setPublicOrigin(request.origin)
      return scope.run(request.fetch, () => render(request.url))
    },
    describe: describePage,
  }
}

/** A router that only matches paths (no data, no rendering), built once. */
let matcher: ReturnType<typeof createAppRouter> | undefined

/**
 * Whether a route answers the path, and the page's key: the path plus the query parameters
 * that a matched route validates (and so may read). Anything else in the query changes nothing
 * on the page, so `/?utm_source=x` and `/?r=<random>` are the page `/`.
 */
export function describePage(url: string): PageDescription {
  matcher ??= createAppRouter(createQueryClient(), createMemoryHistory())
  const { pathname, searchParams } = new URL(url, 'http://pagina.invalid')
  const [routes, rawParams, route] = matcher.getMatchedRoutes(pathname)
  // The match is fuzzy: what a route leaves unmatched ('**') makes the path unknown.
  const found = route !== undefined && route.id !== '__root__' && rawParams['**'] === undefined
  const raw = Object.fromEntries(searchParams)
  const read = new Set<string>()
  for (const matched of routes) {
    const validate = matched.options.validateSearch
    if (typeof validate !== 'function') continue
    try {
      for (const [name, value] of Object.entries(validate(raw) ?? {})) if (value !== undefined) read.add(name)
    } catch {
      // Invalid values: the page ignores them, so they are not part of it either.
    }
  }
  const kept = [...searchParams].filter(([name]) => read.has(name)).sort(([a], [b]) => (a < b ? -1 : 1))
  return { found, key: kept.length > 0 ? `${pathname}?${new URLSearchParams(kept)}` : pathname }
}

const render = async (url: string): ReturnType<RenderPage> => {
  const queryClient = createQueryClient()
  // No retries on the server: a failed call means the browser renders the page itself.
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } })
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [url] }))

  // Every page shows the header's menu and Editais, the same for every visitor: loaded beside the
  // page's data. Who the visitor is never enters the render (the browser asks, main.tsx).
  const layout = Promise.all([
    queryClient.prefetchQuery(menuQuery()),
    queryClient.prefetchQuery(editaisMenuQuery()),
  ])
  await router.load()
  await layout
  // Loaders that start a request without waiting for it (the home lists, /cursos): wait here.
  await Promise.all(
    queryClient
      .getQueryCache()
      .findAll({ fetchStatus: 'fetching' })
      .map((query) => query.fetch().catch(() => undefined)),
  )

  const matches = router.state.matches
  // A redirect (a guard, a trailing slash) commits no matches: the browser follows it itself.
  if (matches.length === 0) return { kind: 'shell', reason: 'redirect' }
  if (matches.some((match) => match.status === 'error' || match.status === 'pending')) {
    return { kind: 'shell', reason: 'route failed to load' }
  }
  // A 404 or 422 is the page's answer (the not-found page); any other failure is the browser's to retry.
  const failed = queryClient
    .getQueryCache()
    .findAll({ predicate: (query) => query.state.status === 'error' && !isClientError(query.state.error) })
  if (failed.length > 0)
    return { kind: 'shell', reason: `query failed: ${JSON.stringify(failed[0]?.queryKey)}` }

  // Rendered inside a whole document so React puts the head tags (title, meta, canonical,
  // preloads) in <head> and leaves the rest where the browser will find it when it hydrates #app.
  const documentHtml = await renderComplete(
    // No <head> element of our own: React writes one, and a sibling before <body> would shift
    // the useId values away from the browser's (hydrating #app alone).
    <html lang="pt-BR">
      <body>
        <div id="app">
          <App queryClient={queryClient} router={router} />
        </div>
      </body>
    </html>,
  )
  const { head, html } = splitDocument(documentHtml)
  // An unknown course or product, or an unknown path (its not-found boundary is the root).
  const notFound = matches.some((match) => match.status === 'notFound' || match._notFound === true)
  return { kind: 'page', status: notFound ? 404 : 200, head, html, state: dehydrate(queryClient) }
}

/**
 * The whole page, lazy components included (the user menu, dialogs), with React DOM's Web-streams
 * renderer (the one meant for Workers): read once every Suspense boundary has resolved
 * (`allReady`), so the HTML has real content where a streamed render would send fallbacks and
 * patch-up scripts. A component that throws fails the render, whether a route's error boundary
 * would have caught it in the browser or not (React's server render runs no error boundary): the
 * Worker then sends the SPA shell and the browser renders the page itself, so no error screen can
 * end up in a page shared with everyone (tests/worker/page-render-errors.test.ts).
 */
async function renderComplete(element: ReactNode): Promise<string> {
  let failure: unknown
  const stream = await renderToReadableStream(element, {
    // Every boundary inline: React would otherwise move large ones to the end of the document
    // with a script that puts them in place, and the page would need JavaScript to show them.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError(error) {
      failure ??= error
    },
  })
  await stream.allReady
  const documentHtml = await new Response(stream).text()
  if (failure) throw failure
  return documentHtml
}

const APP_OPEN = '<body><div id="app">'
const APP_CLOSE = '</div></body></html>'

/** The head's tags and #app's markup of the document rendered above. */
function splitDocument(documentHtml: string): { head: string; html: string } {
  const appStart = documentHtml.indexOf(APP_OPEN)
  if (appStart < 0 || !documentHtml.endsWith(APP_CLOSE)) {
    throw new Error('Unexpected document shape from the renderer')
  }
  const beforeBody = documentHtml.slice(0, appStart)
  const head = /<head>([\s\S]*)<\/head>/.exec(beforeBody)?.[1] ?? ''
  return { head, html: documentHtml.slice(appStart + APP_OPEN.length, -APP_CLOSE.length) }
}
