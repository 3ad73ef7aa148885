import { retryServerErrors } from '../../lib/load.ts'
import { parsedQuery } from '../../lib/parsed-query.ts'

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
export const pageQuery = (slug: PageSlug) =>
  parsedQuery(
    contentKeys.page(slug),
    `/api/paginas/${encodeURIComponent(slug)}`,
    () => contract().then((m) => m.Page),
    { retry: retryServerErrors, staleTime: 5 * 60_000 },
  )

/** GET /api/anais: the proceedings, newest year first. */
export const proceedingsQuery = () =>
  parsedQuery(contentKeys.proceedings(), '/api/anais', () => contract().then((m) => m.ProceedingList), {
    meta: { errorTitle: 'Erro ao buscar dados.' },
  })

/** GET /api/editais/{slug}: an edital with its fee plans; 404 'Edital não encontrado.'. */
export const editalQuery = (slug: string) =>
  parsedQuery(
    contentKeys.edital(slug),
    `/api/editais/${encodeURIComponent(slug)}`,
    () => contract().then((m) => m.Edital),
    { retry: retryServerErrors },
  )
