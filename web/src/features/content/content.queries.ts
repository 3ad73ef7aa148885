import { queryOptions } from '@tanstack/react-query'
import { apiParsed } from '../../lib/api.ts'
import { retryServerErrors } from '../../lib/load.ts'

const contract = () => import('../../../../worker/contract/catalog.ts')

/** The institute pages kept in the database (GET /api/paginas/{slug}). */
export type PageSlug =
  | 'quem-somos'
  | 'cursos/sobre'
  | 'pesquisa/centro-pesquisa-clinica'
  | 'pesquisa/estudos-clinicos'
  | 'pesquisa/centro-pesquisa-academica'
  | 'pesquisa/publicacoes'
  | 'contato'
  | 'politicas-de-privacidade'

export const contentKeys = {
  all: ['content'] as const,
  page: (slug: string) => [...contentKeys.all, 'page', slug] as const,
  proceedings: () => [...contentKeys.all, 'proceedings'] as const,
  edital: (slug: string) => [...contentKeys.all, 'edital', slug] as const,
}

/** A slug with a slash travels encoded: /api/paginas/pesquisa%2Fpublicacoes. */
export function pageQuery(slug: PageSlug) {
  return queryOptions({
    queryKey: contentKeys.page(slug),
    queryFn: ({ signal }) =>
      apiParsed(`/api/paginas/${encodeURIComponent(slug)}`, () => contract().then((m) => m.Page), {
        signal,
      }),
    retry: retryServerErrors,
    staleTime: 5 * 60_000,
  })
}

/** GET /api/anais: the proceedings, newest year first. */
export function proceedingsQuery() {
  return queryOptions({
    queryKey: contentKeys.proceedings(),
    queryFn: ({ signal }) =>
      apiParsed('/api/anais', () => contract().then((m) => m.ProceedingList), { signal }),
    meta: { errorTitle: 'Erro ao buscar dados.' },
  })
}

/** GET /api/editais/{slug}: an edital with its fee plans; 404 'Edital não encontrado.'. */
export function editalQuery(slug: string) {
  return queryOptions({
    queryKey: contentKeys.edital(slug),
    queryFn: ({ signal }) =>
      apiParsed(`/api/editais/${encodeURIComponent(slug)}`, () => contract().then((m) => m.Edital), {
        signal,
      }),
    retry: retryServerErrors,
  })
}
