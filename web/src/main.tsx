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

const queryClient = createQueryClient()
const router = createAppRouter(queryClient)

const container = document.getElementById('app')
if (!container) throw new Error('#app is missing from index.html')

const app = <App queryClient={queryClient} router={router} />

// Who the visitor is (the header's user area and role items) is the one thing no page carries:
// asked at once, while the page's code loads. A signed-in hint also wants the user menu's items.
const signedIn = hasSignedInHint()
markSession(signedIn)
void queryClient.prefetchQuery(currentUserQuery())
if (signedIn) void queryClient.prefetchQuery(accountMenuQuery())

// The Worker sends public pages already rendered, with the data it rendered them from
// (worker/ssr), the same for every visitor: the browser starts from that data, loads the
// page's code, and hydrates.
const ssrState = document.getElementById('ssr-state')
if (ssrState?.textContent) {
  const state = JSON.parse(ssrState.textContent) as DehydratedState
  // The page was rendered for the catalogue version that is current (worker/ssr shares a render
  // for a few minutes at most, and a catalogue change starts a new one): its data is as fresh
  // as the page, not as old as the render, so the browser does not ask for it again at once.
  const loadedAt = Date.now()
  for (const query of state.queries) query.state.dataUpdatedAt = loadedAt
  hydrate(queryClient, state)
  // Rendered like the server did (no root Suspense boundary), so the markup matches.
  router.ssr = { manifest: undefined }
  void router.load().then(() => {
    // A transition: hydration yields to the browser between components (React's time-sliced
    // hydration) instead of one long task, and a press during it is served first.
    startTransition(() => {
      hydrateRoot(container, app)
    })
  })
} else {
  createRoot(container).render(app)
}
