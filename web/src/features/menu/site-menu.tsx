import { useQuery } from '@tanstack/react-query'
import { ChevronDown } from 'lucide'
import { type KeyboardEvent, useEffect, useId, useLayoutEffect, useRef, useState } from 'react'
import type { MenuOption } from '../../../../worker/contract/menu.ts'
import { Icon } from '../../components/icons.tsx'
import { SmartLink } from '../../components/smart-link.tsx'
import { useEditaisMenu } from './editais-menu.ts'
import { menuQuery } from './menu.queries.ts'

type Variant = 'desktop' | 'mobile'

const hasOwnPage = (url: string) => url !== '' && url !== '#'

// The role items (/usuario…, /admin…) belong to the logged-in user's menu, not the main nav.
const ACCOUNT_AREA = /^\/(usuario|admin)(\/|$)/

export function useMenuOptions() {
  const menu = useQuery(menuQuery())
  const editais = useEditaisMenu()
  const options = menu.data
    ? [...menu.data.filter((option) => !ACCOUNT_AREA.test(option.url)), ...editais]
    : []
  return { options, menu }
}

function OptionLink({
  option,
  className,
  onNavigate,
}: {
  option: MenuOption
  className: string
  onNavigate?: () => void
}) {
  return (
    <SmartLink href={option.url} newTab={option.blank === true} className={className} onClick={onNavigate}>
      {option.name}
      {option.blank ? <span className="sr-only"> (abre em nova aba)</span> : null}
    </SmartLink>
  )
}

/** A disclosure (button + list), the WAI pattern for site navigation: Enter/Space toggle, Escape closes. */
function SubMenu({
  option,
  variant,
  onNavigate,
}: {
  option: MenuOption
  variant: Variant
  onNavigate?: () => void
}) {
  const [open, setOpen] = useState(false)
  const listId = useId()
  const itemRef = useRef<HTMLLIElement>(null)
  const toggleRef = useRef<HTMLButtonElement>(null)
  const listRef = useRef<HTMLUListElement>(null)
  const [alignEnd, setAlignEnd] = useState(false)
  const desktop = variant === 'desktop'
  const ownPage = hasOwnPage(option.url)

  // A dropdown near the right edge (the last entry, 'Editais') opens towards the left instead.
  useLayoutEffect(() => {
    if (!open || !desktop || !itemRef.current || !listRef.current) return
    const itemLeft = itemRef.current.getBoundingClientRect().left
    const overflows = itemLeft + listRef.current.offsetWidth > document.documentElement.clientWidth - 8
    setAlignEnd(overflows)
  }, [open, desktop])

  useEffect(() => {
    if (!open || !desktop) return
    function onPointerDown(event: PointerEvent) {
      if (!itemRef.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => document.removeEventListener('pointerdown', onPointerDown)
  }, [open, desktop])

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape' && open) {
      event.stopPropagation()
      setOpen(false)
      toggleRef.current?.focus()
    }
  }

  function close() {
    setOpen(false)
    onNavigate?.()
  }

  return (
    <li
      ref={itemRef}
      className={`relative ${option.class ?? ''}`}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (desktop && !itemRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false)
      }}
    >
      <div className="flex items-center">
        {ownPage ? (
          <OptionLink
            option={option}
            className={`menu-link ${desktop ? 'pr-1' : 'flex-1'}`}
            onNavigate={close}
          />
        ) : null}
        <button
          ref={toggleRef}
          type="button"
          className={`menu-link gap-1 ${ownPage ? 'px-1.5' : ''} ${desktop || ownPage ? '' : 'flex-1 justify-between'}`}
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((value) => !value)}
        >
          {ownPage ? <span className="sr-only">Submenu {option.name}</span> : option.name}
          <Icon drawing={ChevronDown} className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`} />
        </button>
      </div>
      <ul
        ref={listRef}
        id={listId}
        hidden={!open}
        className={
          desktop
            ? `absolute top-full ${alignEnd ? 'right-0' : 'left-0'} z-50 mt-1 min-w-60 max-w-[min(24rem,calc(100vw-2rem))] rounded-xl border border-slate-200 bg-white py-2 shadow-lg`
            : 'ml-4 border-teal-100 border-l-2 py-1'
        }
      >
        {(option.ops ?? []).map((child) => (
          <MenuEntry
            key={`${child.name}-${child.url}`}
            option={child}
            variant={variant}
            onNavigate={close}
            nested
          />
        ))}
      </ul>
    </li>
  )
}

function MenuEntry({
  option,
  variant,
  onNavigate,
  nested = false,
}: {
  option: MenuOption
  variant: Variant
  onNavigate?: () => void
  nested?: boolean
}) {
  if (option.ops && option.ops.length > 0) {
    return <SubMenu option={option} variant={variant} onNavigate={onNavigate} />
  }
  return (
    <li className={option.class}>
      <OptionLink
        option={option}
        className={nested && variant === 'desktop' ? 'menu-sublink' : 'menu-link'}
        onNavigate={onNavigate}
      />
    </li>
  )
}

/** The server-built menu; `variant` picks the desktop bar or the mobile panel (below 990 px). */
export function SiteMenu({ variant, onNavigate }: { variant: Variant; onNavigate?: () => void }) {
  const { options, menu } = useMenuOptions()

  // As tall as a row of menu links, so the page does not move down when the menu arrives.
  if (menu.isPending) {
    return (
      <p className="flex min-h-11 items-center px-3 text-slate-600 text-sm" role="status">
        Carregando menu...
      </p>
    )
  }
  if (menu.isError) {
    return (
      <p className="flex min-h-11 flex-wrap items-center gap-x-1 px-3 text-slate-700 text-sm">
        Não foi possível carregar o menu.{' '}
        <button type="button" className="link" onClick={() => menu.refetch()}>
          Tentar novamente
        </button>
      </p>
    )
  }
  return (
    <ul className={variant === 'desktop' ? 'flex flex-wrap items-center gap-1' : 'flex flex-col gap-1'}>
      {options.map((option) => (
        <MenuEntry
          key={`${option.name}-${option.url}`}
          option={option}
          variant={variant}
          onNavigate={onNavigate}
        />
      ))}
    </ul>
  )
}
