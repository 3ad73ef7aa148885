import { asc, eq } from 'drizzle-orm'
import { z } from 'zod'
import { courses, editais, products } from '../../../db/schema.ts'
import type { AppContext } from '../../context.ts'
import { readSnapshot } from './snapshot.ts'

/** Public pages of SPEC section 2 that a search engine should index. */
const STATIC_PATHS = [
  '/',
  '/quem-somos',
  '/cursos',
  '/cursos/sobre',
  '/pesquisa/centro-pesquisa-clinica',
  '/pesquisa/estudos-clinicos',
  '/pesquisa/centro-pesquisa-academica',
  '/pesquisa/publicacoes',
  '/produtos',
  '/ebooks',
  '/anais',
  '/contato',
  '/politicas-de-privacidade',
]

export async function listPublicPaths({ ctx }: { ctx: AppContext }): Promise<string[]> {
  const { value } = await readSnapshot(ctx, 'sitemap', z.array(z.string()), async () => {
    const { db } = ctx
    const [courseRows, productRows, editalRows] = await db.batch([
      db
        .select({ url: courses.url })
        .from(courses)
        .where(eq(courses.isPublished, true))
        .orderBy(asc(courses.id)),
      db
        .select({ id: products.id })
        .from(products)
        .where(eq(products.isPublished, true))
        .orderBy(asc(products.id)),
      db
        .select({ slug: editais.slug })
        .from(editais)
        .where(eq(editais.isPublished, true))
        .orderBy(asc(editais.id)),
    ])
    return [
      ...STATIC_PATHS,
      ...courseRows.map((row) => `/cursos/${row.url}`),
      ...productRows.map((row) => `/produtos/${row.id}`),
      ...editalRows.map((row) => `/editais/${row.slug}`),
    ]
  })
  return value
}
