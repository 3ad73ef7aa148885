import { INSTITUTE } from '../../../worker/contract/institute.ts'

/** Route `head` for a page: 'Cursos' → 'Cursos | Instituto Renalis'. */
export function pageHead(title: string) {
  return { meta: [{ title: `${title} | ${INSTITUTE.name}` }] }
}
