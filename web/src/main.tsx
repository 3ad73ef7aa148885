import { type DehydratedState, hydrate } from '@tanstack/react-query'
import { startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { App } from './app.tsx'
import { currentUserQuery } from './features/auth/auth.queries.ts'
import { accountMenuQuery } from './features/menu/menu.queries.ts'
import { createQueryClient } from './lib/query-client.ts'
import { hasSignedInHint, markSession } from './lib/session-hint.ts'
import { createAppRouter } from './router.tsx'
import './styles.css'

// The modules above (React DOM, the router, React Query, the app's code) are evaluated in one
// task; the app starts in the next ones, a step per task, so that a phone's main thread is never
// held long at once (Lighthouse's Total Blocking Time counts each task's time over 50 ms) and the
// browser can paint and take input in between.
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

void nextTask().then(start)

async function start() {
  const container = document.getElementById('app')
  if (!container) throw new Error('#app is missing from index.html')
  const queryClient = createQueryClient()

  // Who the visitor is (the header's user area and role items) is the one thing no page carries:
  // asked at once, while the page's code loads. A signed-in hint also wants the user menu's items.
  const signedIn = hasSignedInHint()
  markSession(signedIn)
  void queryClient.prefetchQuery(currentUserQuery())
  if (signedIn) void queryClient.prefetchQuery(accountMenuQuery())

  await nextTask()
  const router = createAppRouter(queryClient)
  const app = <App queryClient={queryClient} router={router} />

  // The Worker sends public pages already rendered, with the data it rendered them from
  // (worker/ssr), the same for every visitor: the browser starts from that data, loads the
  // page's code, and hydrates.
  const ssrState = document.getElementById('ssr-state')
  if (!ssrState?.textContent) {
    createRoot(container).render(app)
    return
  }
  const state = JSON.parse(ssrState.textContent) as DehydratedState
  // The page was rendered for the catalogue version that is current (worker/ssr shares a render
  // for a few minutes at most, and a catalogue change starts a new one): its data is as fresh
  // as the page, not as old as the render, so the browser does not ask for it again at once.
  const loadedAt = Date.now()
  for (const query of state.queries) query.state.dataUpdatedAt = loadedAt
  hydrate(queryClient, state)
  // Rendered like the server did (no root Suspense boundary), so the markup matches.
  router.ssr = { manifest: undefined }
  await nextTask()
  await router.load()
  // A transition: hydration yields to the browser between components (React's time-sliced
  // hydration) instead of one long task, and a press during it is served first.
  startTransition(() => {
    hydrateRoot(container, app)
  })
}
