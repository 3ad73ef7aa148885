import * as DropdownMenu from '@radix-ui/react-dropdown-menu'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { ChevronDown, KeyRound, LogOut } from 'lucide-react'
import { lazy, Suspense } from 'react'
import type { User } from '../../../../worker/contract/auth.ts'
import type { MenuOption } from '../../../../worker/contract/menu.ts'
import { openModal } from '../../lib/form-modal-state.tsx'
import { menuQuery } from '../menu/menu.queries.ts'
import { NEW_PASSWORD_MODAL_ID } from '../profile/modal-ids.ts'
import { useLogout } from './auth.mutations.ts'
import { firstName } from './use-current-user.ts'
import { UserAvatar } from './user-avatar.tsx'

const NewPasswordModal = lazy(() => import('../profile/new-password-modal.tsx'))

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

/** SPEC section 2: the logged-in floating menu (greeting, photo, role items, 'Sair'); 500 px tall at most below 990 px. */
export default function UserMenu({ user }: { user: User }) {
  const menu = useQuery(menuQuery())
  const logout = useLogout()
  const { student, admin } = accountItems(menu.data ?? [])
  const greeting = `Seja bem-vindo ${firstName(user.name)}`

  return (
    <>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger
          id="user-menu-trigger"
          className="inline-flex min-h-11 items-center gap-2 rounded-full py-1 pr-2 pl-1 text-left text-slate-800 hover:bg-slate-100 data-[state=open]:bg-slate-100"
        >
          <UserAvatar photo={user.photo} size={36} />
          <span className="sr-only sm:not-sr-only sm:flex sm:flex-col sm:leading-tight">
            <span className="text-slate-600 text-xs">Seja bem-vindo</span>{' '}
            <span className="max-w-32 truncate font-semibold text-sm">{firstName(user.name)}</span>
          </span>
          <ChevronDown aria-hidden="true" className="size-4 text-slate-600" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={8}
            collisionPadding={8}
            aria-label={greeting}
            className="z-50 max-h-[min(500px,var(--radix-dropdown-menu-content-available-height))] w-[min(calc(100vw-1rem),18rem)] overflow-y-auto overscroll-contain rounded-xl border border-slate-200 bg-white p-2 shadow-xl min-[990px]:max-h-[var(--radix-dropdown-menu-content-available-height)]"
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
            <MenuLinks label="Minha conta" links={student} />
            <MenuLinks label="Administração" links={admin} />
            {user.new_user ? (
              <DropdownMenu.Item
                className={ITEM_CLASS}
                onSelect={() => openModal(NEW_PASSWORD_MODAL_ID, 'store')}
              >
                <KeyRound aria-hidden="true" className="size-4" />
                Adicionar nova senha
              </DropdownMenu.Item>
            ) : null}
            <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
            <DropdownMenu.Item
              className={ITEM_CLASS}
              disabled={logout.isPending}
              onSelect={() => logout.mutate({})}
            >
              <LogOut aria-hidden="true" className="size-4" />
              Sair
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {user.new_user ? (
        <Suspense fallback={null}>
          <NewPasswordModal username={user.email} />
        </Suspense>
      ) : null}
    </>
  )
}
