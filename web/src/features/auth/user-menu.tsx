import * as DropdownMenu from '@radix-ui/react-dropdown-menu'
import { useQuery } from '@tanstack/react-query'
import { KeyRound, LogOut } from 'lucide'
import { useEffect, useRef, useState } from 'react'
import type { User } from '../../../../worker/contract/auth.ts'
import type { MenuOption } from '../../../../worker/contract/menu.ts'
import { Icon } from '../../components/icons.tsx'
import { Link } from '../../components/link.tsx'
import { openModal } from '../../lib/form-modal-state.tsx'
import { accountMenuQuery } from '../menu/menu.queries.ts'
import { NEW_PASSWORD_MODAL_ID } from '../profile/modal-ids.ts'
import { useLogout } from './session.mutations.ts'
import { firstName } from './use-current-user.ts'
import { UserAvatar } from './user-avatar.tsx'
import { UserMenuButton } from './user-menu-button.tsx'

const STUDENT_AREA = /^\/usuario(\/|$)/
const ADMIN_AREA = /^\/admin(\/|$)/

/**
 * The role-filtered items of GET /api/menu that belong to the account areas. The server already
 * filters by the session's role; the url prefix decides what goes here instead of the main nav.
 */
export function accountItems(menu: MenuOption[]) {
  const links = menu.flatMap((option) => [option, ...(option.ops ?? [])])
  return {
    student: links.filter((link) => STUDENT_AREA.test(link.url)),
    admin: links.filter((link) => ADMIN_AREA.test(link.url)),
  }
}

const ITEM_CLASS =
  'flex min-h-11 cursor-pointer select-none items-center gap-2 rounded-lg px-3 py-2 text-slate-800 outline-none data-[highlighted]:bg-teal-50 data-[highlighted]:text-teal-900 data-[highlighted]:outline-2 data-[highlighted]:outline-sky-600 data-[highlighted]:outline-solid'

function MenuLinks({ label, links }: { label: string; links: MenuOption[] }) {
  if (links.length === 0) return null
  return (
    <DropdownMenu.Group>
      <DropdownMenu.Label className="px-3 pt-2 pb-1 font-semibold text-slate-600 text-xs uppercase tracking-wide">
        {label}
      </DropdownMenu.Label>
      {links.map((link) => (
        <DropdownMenu.Item key={link.url} asChild className={ITEM_CLASS}>
          <Link to={link.url}>{link.name}</Link>
        </DropdownMenu.Item>
      ))}
    </DropdownMenu.Group>
  )
}

export type UserMenuProps = {
  user: User
  /** The visitor pressed the header's button before the menu's code had arrived. */
  defaultOpen?: boolean
  /** The header's button had the focus: its replacement takes it. */
  focusTrigger?: boolean
}

/** SPEC section 2: the logged-in floating menu (greeting, photo, role items, 'Sair'); 500 px tall at most below 990 px. */
export default function UserMenu({ user, defaultOpen = false, focusTrigger = false }: UserMenuProps) {
  const menu = useQuery(accountMenuQuery())
  const logout = useLogout()
  const triggerRef = useRef<HTMLButtonElement>(null)
  // Open from the start when the visitor pressed the header's button before this code arrived;
  // a press that lands while it is being swapped in (this menu already mounted closed) opens it too.
  const [open, setOpen] = useState(defaultOpen)
  useEffect(() => {
    if (defaultOpen) setOpen(true)
  }, [defaultOpen])
  const { student, admin } = accountItems(menu.data ?? [])
  const greeting = `Seja bem-vindo ${firstName(user.name)}`

  // The button the visitor was on hands its focus to this one; a menu that opens at once takes it
  // itself (moved to the button after that, the focus would leave the menu, and close it).
  useEffect(() => {
    if (focusTrigger && !defaultOpen) triggerRef.current?.focus()
  }, [focusTrigger, defaultOpen])

  // Opened by a press that came before its code (not through Radix's own trigger), the menu
  // holds the focus itself: its first item takes it, as on Radix's keyboard open, shown by
  // Radix's highlighted attribute (which, unlike :focus, the page shows even while its window is
  // not the focused one).
  const contentRef = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (!open || !defaultOpen) return
    const frame = requestAnimationFrame(() => {
      const content = contentRef.current
      if (!content || document.activeElement !== content) return
      content
        .querySelector<HTMLElement>('[role="menuitem"]:not([data-disabled])')
        ?.focus({ preventScroll: true })
    })
    return () => cancelAnimationFrame(frame)
  }, [open, defaultOpen])

  return (
    <DropdownMenu.Root modal={false} open={open} onOpenChange={setOpen}>
      <DropdownMenu.Trigger id="user-menu-trigger" asChild>
        <UserMenuButton ref={triggerRef} user={user} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          aria-label={greeting}
          ref={contentRef}
          // Should it keep the focus itself (nothing to focus inside yet), visibly.
          className="z-50 max-h-[min(500px,var(--radix-dropdown-menu-content-available-height))] focus:outline-2 focus:outline-sky-600 focus:outline-solid w-[min(calc(100vw-1rem),18rem)] overflow-y-auto overscroll-contain rounded-xl border border-slate-200 bg-white p-2 shadow-xl min-[990px]:max-h-[var(--radix-dropdown-menu-content-available-height)]"
        >
          <div className="flex items-center gap-3 px-3 py-2">
            <UserAvatar photo={user.photo} size={48} />
            <div className="min-w-0">
              <p className="text-slate-600 text-sm">Seja bem-vindo</p>
              <p className="truncate font-semibold text-slate-900">{firstName(user.name)}</p>
              <p className="truncate text-slate-600 text-xs">{user.email}</p>
            </div>
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          {menu.isPending ? (
            <p role="status" className="px-3 py-2 text-slate-600 text-sm">
              Carregando menu...
            </p>
          ) : null}
          <MenuLinks label="Minha conta" links={student} />
          <MenuLinks label="Administração" links={admin} />
          {user.new_user ? (
            <DropdownMenu.Item
              className={ITEM_CLASS}
              onSelect={() => openModal(NEW_PASSWORD_MODAL_ID, 'store')}
            >
              <Icon drawing={KeyRound} className="size-4" />
              Adicionar nova senha
            </DropdownMenu.Item>
          ) : null}
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item
            className={ITEM_CLASS}
            disabled={logout.isPending}
            onSelect={() => logout.mutate({})}
          >
            <Icon drawing={LogOut} className="size-4" />
            Sair
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}
