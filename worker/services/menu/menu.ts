import { asc } from 'drizzle-orm'
import { z } from 'zod'
import { menuOptions } from '../../../db/schema.ts'
import type { AppContext } from '../../context.ts'
import type { Menu, MenuOption } from '../../contract/menu.ts'
import { type Role, USER_TYPES } from '../../domain/roles.ts'
import { readSnapshot } from '../catalog/snapshot.ts'

const MenuRow = z.object({
  id: z.number(),
  parentId: z.number().nullable(),
  name: z.string(),
  url: z.string(),
  className: z.string().nullable(),
  isBlank: z.boolean(),
  permission: z.enum(USER_TYPES).nullable(),
})
type MenuRow = z.infer<typeof MenuRow>

/** The menu for a role: items without a permission show to everyone (SPEC section 2). */
export async function getMenu({ ctx, role }: { ctx: AppContext; role: Role }): Promise<Menu> {
  const { value: rows } = await readSnapshot(ctx, 'menu', z.array(MenuRow), () =>
    ctx.db
      .select({
        id: menuOptions.id,
        parentId: menuOptions.parentId,
        name: menuOptions.name,
        url: menuOptions.url,
        className: menuOptions.className,
        isBlank: menuOptions.isBlank,
        permission: menuOptions.permission,
      })
      .from(menuOptions)
      .orderBy(asc(menuOptions.sortOrder), asc(menuOptions.id)),
  )
  return buildMenu(rows, role)
}

/** Students see the student items; administrators see both the student and the admin items. */
function allowed(permission: MenuRow['permission'], role: Role): boolean {
  if (permission === null) return true
  if (permission === 'N') return role === 'N' || role === 'A'
  return role === 'A'
}

function buildMenu(rows: MenuRow[], role: Role): Menu {
  const visible = rows.filter((row) => allowed(row.permission, role))
  const link = (row: MenuRow) => ({
    name: row.name,
    url: row.url,
    ...(row.className ? { class: row.className } : {}),
    ...(row.isBlank ? { blank: true } : {}),
  })
  // The SPEC's menu is one level deep: an option and its sub-options.
  return visible
    .filter((row) => row.parentId === null)
    .map((row): MenuOption => {
      const children = visible.filter((child) => child.parentId === row.id).map(link)
      return { ...link(row), ...(children.length ? { ops: children } : {}) }
    })
}
