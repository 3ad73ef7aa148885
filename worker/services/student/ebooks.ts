import { asc, eq, inArray, or } from 'drizzle-orm'
import { courses, ebookLibrary, ebooks } from '../../../db/schema.ts'
import type { UserCall } from '../../context.ts'
import type { EbookLibrary } from '../../contract/student.ts'
import { ebookCard, ebookCourse } from '../../domain/catalog.ts'
import { AppError, notFound } from '../../errors.ts'
import { activeCourseIds } from './access.ts'
import { downloadLink, linksExpireAt } from './downloads.ts'

export const EBOOK_MESSAGES = {
  notFound: 'E-book não encontrado.',
  notFree: 'Este e-book vem com a compra do curso: ele aparece aqui depois da matrícula.',
} as const

/**
 * GET /api/usuario/ebooks: the student's e-books (with an active course, or in the library), each
 * with its download link, and the free ones not yet added (one round trip).
 */
export async function getLibrary({ ctx, userId }: UserCall): Promise<EbookLibrary> {
  const { db } = ctx
  const library = db
    .select({ id: ebookLibrary.ebookId })
    .from(ebookLibrary)
    .where(eq(ebookLibrary.userId, userId))
  const [owned, added, free] = await db.batch([
    db
      .select({ ebook: ebooks, courseName: courses.name, courseUrl: courses.url })
      .from(ebooks)
      .leftJoin(courses, eq(courses.id, ebooks.courseId))
      .where(or(inArray(ebooks.id, library), inArray(ebooks.courseId, activeCourseIds(ctx, userId))))
      .orderBy(asc(ebooks.id)),
    db.select({ id: ebookLibrary.ebookId }).from(ebookLibrary).where(eq(ebookLibrary.userId, userId)),
    db.select().from(ebooks).where(eq(ebooks.access, 'free')).orderBy(asc(ebooks.id)),
  ])
  const inLibrary = new Set(added.map((row) => row.id))
  const ownedIds = new Set(owned.map((row) => row.ebook.id))
  return {
    owned: await Promise.all(
      owned.map(async ({ ebook, courseName, courseUrl }) => ({
        ...ebookCard(ebook),
        pages: ebook.pages,
        source: inLibrary.has(ebook.id) ? ('biblioteca' as const) : ('curso' as const),
        course: ebookCourse(courseName, courseUrl),
        download_url: await downloadLink(ctx, userId, 'ebook', ebook.id),
      })),
    ),
    free: free.filter((ebook) => !ownedIds.has(ebook.id)).map(ebookCard),
    links_expire_at: linksExpireAt(ctx).toISOString(),
  }
}

/** POST /api/usuario/ebooks/{id}: a free e-book into the library (again: nothing changes). */
export async function addFreeEbook({ ctx, userId, ebookId }: UserCall<{ ebookId: number }>) {
  const [ebook] = await ctx.db.select().from(ebooks).where(eq(ebooks.id, ebookId))
  if (!ebook) throw notFound(EBOOK_MESSAGES.notFound)
  if (ebook.access !== 'free') throw new AppError('CONFLICT', EBOOK_MESSAGES.notFree)
  await ctx.db.insert(ebookLibrary).values({ userId, ebookId, addedAt: ctx.now }).onConflictDoNothing()
  return getLibrary({ ctx, userId })
}
