import { and, asc, desc, eq } from 'drizzle-orm'
import { courses, ebooks, editais, pages, proceedings } from '../../../db/schema.ts'
import type { AppContext } from '../../context.ts'
import { EbookList, Edital, Page, ProceedingList, SearchResults } from '../../contract/catalog.ts'
import { ebookCard, ebookCourse } from '../../domain/catalog.ts'
import { notFound } from '../../errors.ts'
import { publicFileUrl } from '../files/files.ts'
import { FEE_ORDER, toFeePlan } from '../plans/fees.ts'
import { readSnapshot } from './snapshot.ts'

/** An institute page (quem-somos, pesquisa/…, politicas-de-privacidade), editable in the database. */
export async function getPage({ ctx, slug }: { ctx: AppContext; slug: string }) {
  const { value } = await readSnapshot(ctx, `page:${slug}`, Page.nullable(), async () => {
    const [row] = await ctx.db.select().from(pages).where(eq(pages.slug, slug))
    return row ? { slug: row.slug, title: row.title, description: row.description, body: row.body } : null
  })
  if (!value) throw notFound('Página não encontrada.')
  return value
}

export async function listEbooks({ ctx }: { ctx: AppContext }) {
  return readSnapshot(ctx, 'ebooks', EbookList, async () => {
    const rows = await ctx.db
      .select({ ebook: ebooks, courseName: courses.name, courseUrl: courses.url })
      .from(ebooks)
      .leftJoin(courses, eq(courses.id, ebooks.courseId))
      .orderBy(asc(ebooks.id))
    return rows.map(({ ebook, courseName, courseUrl }) => ({
      ...ebookCard(ebook),
      pages: ebook.pages,
      access: ebook.access,
      course: ebookCourse(courseName, courseUrl),
    }))
  })
}

export async function listProceedings({ ctx }: { ctx: AppContext }) {
  return readSnapshot(ctx, 'proceedings', ProceedingList, async () => {
    const rows = await ctx.db.select().from(proceedings).orderBy(desc(proceedings.year), asc(proceedings.id))
    return rows.map((row) => ({
      id: row.id,
      title: row.title,
      year: row.year,
      description: row.description,
      file_url: `/files/${encodeURIComponent(row.fileKey)}`,
    }))
  })
}

/** GET /search/getSearch?menu=true: the published editais for the 'Editais' submenu. */
export async function listEditaisForMenu({ ctx }: { ctx: AppContext }) {
  return readSnapshot(ctx, 'editais-menu', SearchResults, async () => {
    const rows = await ctx.db
      .select({ title: editais.title, slug: editais.slug })
      .from(editais)
      .where(eq(editais.isPublished, true))
      .orderBy(desc(editais.isOpen), asc(editais.id))
    return rows.map((row) => ({ name: row.title, url: `/editais/${row.slug}` }))
  })
}

export async function getEdital({ ctx, slug }: { ctx: AppContext; slug: string }) {
  const { value } = await readSnapshot(ctx, `edital:${slug}`, Edital.nullable(), async () => {
    const edital = await ctx.db.query.editais.findFirst({
      where: and(eq(editais.slug, slug), eq(editais.isPublished, true)),
      with: {
        plans: {
          orderBy: [...FEE_ORDER],
        },
      },
    })
    if (!edital) return null
    return {
      id: edital.id,
      slug: edital.slug,
      title: edital.title,
      summary: edital.summary,
      body: edital.body,
      is_open: edital.isOpen,
      opens_at: edital.opensAt?.toISOString() ?? null,
      closes_at: edital.closesAt?.toISOString() ?? null,
      places: edital.places,
      pdf_url: edital.pdfKey ? publicFileUrl(edital.pdfKey) : null,
      plans: edital.plans.map(toFeePlan),
    }
  })
  if (!value) throw notFound('Edital não encontrado.')
  return value
}
