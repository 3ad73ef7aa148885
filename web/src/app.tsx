import { type QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import type { AppRouter } from './router.tsx'

/**
 * The app as both sides render it: the Worker to HTML (entry-server.tsx), the browser hydrating
 * that HTML (main.tsx). The same tree on both, so the markup and the `useId` values match.
 */
export function App({ queryClient, router }: { queryClient: QueryClient; router: AppRouter }) {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  )
}
