import { z } from 'zod'

const MenuLink = z.object({
  name: z.string(),
  url: z.string(),
  class: z.string().optional(),
  /** Opens in a new tab (external links such as the loyalty-card site). */
  blank: z.boolean().optional(),
})

/** A menu option with its sub-options (SPEC section 3: name, url, class, blank, ops). One level deep. */
export const MenuOption = MenuLink.extend({ ops: z.array(MenuLink).optional() })
export type MenuOption = z.infer<typeof MenuOption>

export const Menu = z.array(MenuOption)
export type Menu = z.infer<typeof Menu>
