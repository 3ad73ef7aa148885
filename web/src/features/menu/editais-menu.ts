import type { MenuOption } from '../../../../worker/contract/menu.ts'

/**
 * SPEC section 2: an 'Editais' submenu is added from GET /search/getSearch?menu=true.
 * Placeholder until the editais issue: return `{ name: 'Editais', url: '#', ops: [...] }` here
 * (built from that call) and the header menu appends it after the server's options.
 */
export function useEditaisMenu(): MenuOption[] {
  return []
}
