import { hydrate, QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { StrictMode, startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { createQueryClient } from './lib/query-client.ts'
import { createAppRouter } from './router.tsx'
import './styles.css'

const queryClient = createQueryClient()
const router = createAppRouter(queryClient)

const container = document.getElementById('app')
if (!container) throw new Error('#app is missing from index.html')

const app = (
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>
)

// The Worker sends public pages already rendered, with the data it rendered them from
// (worker/ssr): the browser starts from that data, loads the page's code, and hydrates.
const ssrState = document.getElementById('ssr-state')
if (ssrState?.textContent) {
  hydrate(queryClient, JSON.parse(ssrState.textContent))
  // Rendered like the server did (no root Suspense boundary), so the markup matches.
  router.ssr = { manifest: undefined }
  void router.load().then(() => {
    // A transition: hydration yields to the browser between components instead of one long task.
    startTransition(() => {
      hydrateRoot(container, app)
    })
  })
} else {
  createRoot(container).render(app)
}
