import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext, HeadContent, Outlet, useRouterState } from '@tanstack/react-router'
import { useEffect } from 'react'
import { isPersonalPage } from '../../../worker/domain/translation.ts'
import { NotFound } from '../components/not-found.tsx'
import { ToasterHost } from '../components/toaster-host.tsx'
import { ContactWidget } from '../features/contact/contact-widget.tsx'
import { RouteFocus, StickyHeaderOffset } from '../layout/page-focus.tsx'
import { SiteFooter } from '../layout/site-footer.tsx'
import { SiteHeader } from '../layout/site-header.tsx'
import { replayEarlyClicks } from '../lib/early-clicks.ts'
import { FormModalProvider } from '../lib/form-modal-state.tsx'

export type RouterContext = { queryClient: QueryClient }

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFound,
})

/**
 * `<html data-ready>` once the app has mounted (or hydrated a page the Worker rendered): from
 * then on the page answers input. End-to-end tests and monitoring wait for it. Buttons pressed
 * before that moment are pressed again now.
 */
function ReadyMark() {
  useEffect(() => {
    document.documentElement.dataset.ready = 'true'
    replayEarlyClicks()
  }, [])
  return null
}

function RootLayout() {
  // A personal page's text (names, e-mails, orders) goes to no translator, ours or the browser's.
  const personal = useRouterState({ select: (state) => isPersonalPage(state.location.pathname) })
  return (
    <FormModalProvider>
      {/* Title, meta and links go to <head> (React hoists them); JSON-LD stays here. */}
      <HeadContent />
      <a href="#conteudo" className="skip-link">
        Pular para o conteúdo
      </a>
      <div className="flex min-h-dvh flex-col">
        <SiteHeader />
        <main id="conteudo" tabIndex={-1} className="flex-1" translate={personal ? 'no' : undefined}>
          <Outlet />
        </main>
        <SiteFooter />
      </div>
      <ContactWidget />
      <ToasterHost />
      <ReadyMark />
      <RouteFocus />
      <StickyHeaderOffset />
    </FormModalProvider>
  )
}
