import { QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createQueryClient } from './lib/query-client.ts'
import { createAppRouter } from './router.tsx'
import './styles.css'

const queryClient = createQueryClient()
const router = createAppRouter(queryClient)

const container = document.getElementById('app')
if (!container) throw new Error('#app is missing from index.html')

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
)
