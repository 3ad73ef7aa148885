import { useRouterState } from '@tanstack/react-router'
import { Menu as MenuIcon, X } from 'lucide'
import { type KeyboardEvent, useEffect, useRef, useState } from 'react'
import { INSTITUTE } from '../../../worker/domain/institute.ts'
import { Icon } from '../components/icons.tsx'
import { Link } from '../components/link.tsx'
import { UserArea } from '../features/auth/user-area.tsx'
import { CartButton } from '../features/cart/cart-button.tsx'
import { SiteMenu } from '../features/menu/site-menu.tsx'
import { SearchBox } from '../features/search/search-box.tsx'

export function SiteHeader() {
  const [mobileOpen, setMobileOpen] = useState(false)
  const toggleRef = useRef<HTMLButtonElement>(null)
  const pathname = useRouterState({ select: (state) => state.location.pathname })

  // A navigation closes the mobile menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every route change on purpose
  useEffect(() => setMobileOpen(false), [pathname])

  function closeMobile(event: KeyboardEvent) {
    if (event.key !== 'Escape') return
    setMobileOpen(false)
    toggleRef.current?.focus()
  }

  return (
    <header className="sticky top-0 z-40 border-slate-200 border-b bg-white/95 backdrop-blur">
      <div className="container-page flex flex-wrap items-center gap-x-2 gap-y-2 py-3">
        <Link to="/" className="shrink-0 rounded-lg">
          <img
            src="/img/logo.svg"
            alt={`${INSTITUTE.name} – página inicial`}
            width={220}
            height={56}
            className="h-10 w-auto md:h-12"
          />
        </Link>
        <SearchBox className="order-last basis-full md:order-none md:mx-4 md:max-w-md md:flex-1 md:basis-auto" />
        <div className="ml-auto flex items-center gap-2">
          <CartButton />
          <UserArea />
          <button
            ref={toggleRef}
            type="button"
            className="icon-btn min-[990px]:hidden"
            aria-expanded={mobileOpen}
            aria-controls="menu-mobile"
            aria-label="Menu"
            onClick={() => setMobileOpen((open) => !open)}
          >
            <Icon drawing={mobileOpen ? X : MenuIcon} className="size-6" />
          </button>
        </div>
      </div>
      <nav aria-label="Menu principal" className="hidden border-slate-100 border-t min-[990px]:block">
        <div className="container-page py-1">
          <SiteMenu variant="desktop" />
        </div>
      </nav>
      <nav
        id="menu-mobile"
        aria-label="Menu principal"
        hidden={!mobileOpen}
        onKeyDown={closeMobile}
        className="max-h-[500px] overflow-y-auto overscroll-contain border-slate-100 border-t bg-white min-[990px]:hidden"
      >
        <div className="container-page py-2">
          {mobileOpen ? <SiteMenu variant="mobile" onNavigate={() => setMobileOpen(false)} /> : null}
        </div>
      </nav>
    </header>
  )
}
