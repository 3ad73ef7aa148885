import { useQuery } from '@tanstack/react-query'
import type { MenuOption } from '../../../../worker/contract/menu.ts'
import { editaisMenuQuery } from './menu.queries.ts'

/**
 * SPEC section 2: an 'Editais' submenu is added from GET /search/getSearch?menu=true; the header
 * menu appends it after the server's options. With no published edital, or while the call
 * fails, the menu simply has no 'Editais' entry (the rest of the menu does not wait for it).
 */
export function useEditaisMenu(): MenuOption[] {
  const { data } = useQuery(editaisMenuQuery())
  if (!data || data.length === 0) return []
  return [{ name: 'Editais', url: '#', ops: data.map(({ name, url }) => ({ name, url })) }]
}
