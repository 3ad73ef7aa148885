import { and, asc, count, eq, inArray, notInArray, sql } from 'drizzle-orm'
import type { z } from 'zod'
import { courseModules, courses, ebooks, lessons } from '../../../db/schema.ts'
import type { AppContext } from '../../context.ts'
import {
  ADMIN_CATALOG_MESSAGES,
  type AdminCourse,
  type AdminCoursePage,
  type AdminCoursesQuery,
  CourseInput,
  type CourseUpdateInput,
  type PublishInput,
} from '../../contract/admin-catalog.ts'
import { changedFields } from '../../domain/audit.ts'
import { sliderImageUrl } from '../../domain/institute.ts'
import { invalidField, notFound } from '../../errors.ts'
import { invalidateCatalog } from '../catalog/snapshot.ts'
import { certificateTemplateProblem } from '../certificates/pdf.ts'
import { toAdminImages } from './images.ts'
import {
  type AdminEdit,
  type AdminRead,
  type AdminRowRead,
  type AdminWrite,
  auditedInsert,
  listPage,
  nextVersion,
  rowOr404,
  searchOf,
  takenAs,
  versionedUpdate,
} from './internal.ts'

type CourseRow = typeof courses.$inferSelect
type ModuleRow = typeof courseModules.$inferSelect
type LessonRow = typeof lessons.$inferSelect

/** A module and a lesson as the admin API answers them (the course page and their own edits). */
export const moduleOut = (row: ModuleRow) => ({
  id: row.id,
  course_id: row.courseId,
  title: row.title,
  sort_order: row.sortOrder,
  version: row.version,
})
export const lessonOut = (row: LessonRow) => ({
  id: row.id,
  module_id: row.moduleId,
  title: row.title,
  youtube_id: row.youtubeId,
  duration_seconds: row.durationSeconds,
  body: row.body,
  sort_order: row.sortOrder,
  version: row.version,
})

/** The fields an edit records, as the API names them. */
function editable(row: CourseRow, ebookIds: number[]) {
  return {
    name: row.name,
    url: row.url,
    section: row.section,
    summary: row.summary,
    description: row.description,
    workload_hours: row.workloadHours,
    sort_order: row.sortOrder,
    is_published: row.isPublished,
    ebook_ids: ebookIds,
    certificate_share: row.certificateShare,
    watch_share: row.watchShare,
    signatory_name: row.signatoryName,
    signatory_role: row.signatoryRole,
    certificate_template: row.certificateTemplate,
  }
}

/** The columns of a course's form fields. */
const courseColumns = (input: Omit<z.output<typeof CourseInput>, 'ebook_ids'>) => ({
  name: input.name,
  url: input.url,
  section: input.section,
  summary: input.summary,
  description: input.description,
  workloadHours: input.workload_hours,
  sortOrder: input.sort_order,
  isPublished: input.is_published,
  certificateShare: input.certificate_share,
  watchShare: input.watch_share,
  signatoryName: input.signatory_name,
  signatoryRole: input.signatory_role,
  certificateTemplate: input.certificate_template,
})

/** GET /api/admin/cursos: every course (published or not), by name, with its classes counted. */
export async function listAdminCourses({
  ctx,
  query,
}: AdminRead<typeof AdminCoursesQuery>): Promise<AdminCoursePage> {
  const { db } = ctx
  const where = and(
    searchOf(query.q, courses.name, courses.url),
    query.section ? eq(courses.section, query.section) : undefined,
  )
  return listPage(ctx, query, {
    count: db.select({ total: count() }).from(courses).where(where),
    rows: db
      .select({
        course: courses,
        classes: sql<number>`(SELECT count(*) FROM classes WHERE classes.course_id = ${courses.id})`,
        openClasses: sql<number>`(SELECT count(*) FROM classes WHERE classes.course_id = ${courses.id} AND classes.is_open = 1)`,
      })
      .from(courses)
      .where(where)
      .orderBy(asc(courses.name), asc(courses.id)),
    toItem: ({ course, classes: total, openClasses }) => ({
      id: course.id,
      name: course.name,
      url: course.url,
      section: course.section,
      summary: course.summary,
      is_published: course.isPublished,
      image: course.slider[0] ? sliderImageUrl('cursos', course.slider[0]) : null,
      classes: Number(total),
      open_classes: Number(openClasses),
      version: course.version,
    }),
  })
}

/** The e-books a course gives, by id (the form's ebook_ids), as a query to batch. */
const ebookIdsOf = (ctx: AppContext, courseId: number) =>
  ctx.db.select({ id: ebooks.id }).from(ebooks).where(eq(ebooks.courseId, courseId)).orderBy(asc(ebooks.id))

/** GET /api/admin/cursos/{id}: the course with its images, e-books, modules and lessons (one round trip). */
export async function getAdminCourse({ ctx, id }: AdminRowRead): Promise<AdminCourse> {
  const { db } = ctx
  const [courseRows, ebookRows, moduleRows, lessonRows] = await db.batch([
    db.select().from(courses).where(eq(courses.id, id)),
    ebookIdsOf(ctx, id),
    db
      .select()
      .from(courseModules)
      .where(eq(courseModules.courseId, id))
      .orderBy(asc(courseModules.sortOrder), asc(courseModules.id)),
    db
      .select({ lesson: lessons })
      .from(lessons)
      .innerJoin(courseModules, eq(courseModules.id, lessons.moduleId))
      .where(eq(courseModules.courseId, id))
      .orderBy(asc(lessons.sortOrder), asc(lessons.id)),
  ])
  const course = courseRows[0]
  if (!course) throw notFound(ADMIN_CATALOG_MESSAGES.courseNotFound)
  return {
    id: course.id,
    ...editable(
      course,
      ebookRows.map((row) => row.id),
    ),
    version: course.version,
    has_signature: course.signatureKey !== null,
    images: toAdminImages('course', course.slider),
    modules: moduleRows.map((module) => ({
      ...moduleOut(module),
      lessons: lessonRows
        .filter(({ lesson }) => lesson.moduleId === module.id)
        .map(({ lesson }) => lessonOut(lesson)),
    })),
  }
}

/** GET /api/admin/cursos/disponibilidade: whether a course may take this address. */
export async function checkCourseUrl({
  ctx,
  url,
  except,
}: {
  ctx: AppContext
  url: string
  except?: number | undefined
}) {
  const parsed = CourseInput.shape.url.safeParse(url)
  if (!parsed.success) return { url, available: false, message: parsed.error.issues[0]?.message ?? null }
  const [taken] = await ctx.db
    .select({ id: courses.id })
    .from(courses)
    .where(
      except
        ? and(eq(courses.url, parsed.data), sql`${courses.id} <> ${except}`)
        : eq(courses.url, parsed.data),
    )
  return taken
    ? { url: parsed.data, available: false, message: ADMIN_CATALOG_MESSAGES.urlTaken }
    : { url: parsed.data, available: true, message: null }
}

async function checkEbooks(ctx: AppContext, ids: number[]) {
  if (ids.length === 0) return
  const found = await ctx.db.select({ id: ebooks.id }).from(ebooks).where(inArray(ebooks.id, ids))
  if (found.length !== new Set(ids).size)
    throw invalidField('ebook_ids', ADMIN_CATALOG_MESSAGES.ebookNotFound)
}

/** A certificate text too long for the page, or with characters the fonts lack: 422 before anything is written. */
async function checkCertificateTemplate(
  ctx: AppContext,
  input: {
    certificate_template: string
    name: string
    workload_hours: number | null
  },
) {
  const problem = await certificateTemplateProblem(ctx.env, input.certificate_template, {
    name: input.name,
    workloadHours: input.workload_hours,
  })
  if (problem) throw invalidField('certificate_template', problem)
}

const urlTaken = takenAs('courses.url', 'url', ADMIN_CATALOG_MESSAGES.urlTaken)

/** POST /api/admin/cursos: the course, its e-books and the audit line in one batch; then a new snapshot. */
export async function createCourse({
  ctx,
  actor,
  input,
}: AdminWrite<typeof CourseInput>): Promise<AdminCourse> {
  await checkEbooks(ctx, input.ebook_ids)
  await checkCertificateTemplate(ctx, input)
  const { db } = ctx
  const ownId = sql`(SELECT id FROM courses WHERE url = ${input.url})`
  await auditedInsert(ctx, actor, {
    insert: db.insert(courses).values({ ...courseColumns(input), createdAt: ctx.now, updatedAt: ctx.now }),
    entity: 'course',
    after: input,
    also: input.ebook_ids.length
      ? [db.update(ebooks).set({ courseId: ownId }).where(inArray(ebooks.id, input.ebook_ids))]
      : [],
  }).catch(urlTaken)
  await invalidateCatalog(ctx)
  const [created] = await db.select({ id: courses.id }).from(courses).where(eq(courses.url, input.url))
  return getAdminCourse({ ctx, id: created!.id })
}

/** PUT /api/admin/cursos/{id}: refused with 409 when the course changed since the form read it. */
export async function updateCourse({
  ctx,
  actor,
  id,
  input,
}: AdminEdit<typeof CourseUpdateInput>): Promise<AdminCourse> {
  const { db } = ctx
  const [before, linked] = await db.batch([
    db.select().from(courses).where(eq(courses.id, id)),
    ebookIdsOf(ctx, id),
  ])
  if (!before[0]) throw notFound(ADMIN_CATALOG_MESSAGES.courseNotFound)
  await checkEbooks(ctx, input.ebook_ids)
  await checkCertificateTemplate(ctx, input)
  const { version, ...fields } = input
  const ebookIds = [...new Set(input.ebook_ids)].sort((a, b) => a - b)
  const diff = changedFields(
    editable(
      before[0],
      linked.map((row) => row.id),
    ),
    { ...fields, ebook_ids: ebookIds },
  )
  await versionedUpdate(ctx, actor, {
    update: db
      .update(courses)
      .set({
        ...courseColumns(fields),
        version: nextVersion(courses.version, version),
        updatedAt: ctx.now,
      })
      .where(eq(courses.id, id)),
    audit: { entity: 'course', id, data: diff },
    also: [
      db
        .update(ebooks)
        .set({ courseId: null })
        .where(
          ebookIds.length
            ? and(eq(ebooks.courseId, id), notInArray(ebooks.id, ebookIds))
            : eq(ebooks.courseId, id),
        ),
      ...(ebookIds.length
        ? [db.update(ebooks).set({ courseId: id }).where(inArray(ebooks.id, ebookIds))]
        : []),
    ],
  }).catch(urlTaken)
  await invalidateCatalog(ctx)
  return getAdminCourse({ ctx, id })
}

/** PUT /api/admin/cursos/{id}/publicacao: shown on the site, or taken off it (its page answers 404). */
export async function setCoursePublished({
  ctx,
  actor,
  id,
  input,
}: AdminEdit<typeof PublishInput>): Promise<AdminCourse> {
  const { db } = ctx
  const before = await rowOr404(ctx, courses, id, ADMIN_CATALOG_MESSAGES.courseNotFound)
  await versionedUpdate(ctx, actor, {
    update: db
      .update(courses)
      .set({
        isPublished: input.is_published,
        version: nextVersion(courses.version, input.version),
        updatedAt: ctx.now,
      })
      .where(eq(courses.id, id)),
    audit: {
      action: input.is_published ? 'course.publish' : 'course.unpublish',
      entity: 'course',
      id,
      data: {
        before: { is_published: before.isPublished },
        after: { is_published: input.is_published },
      },
    },
  })
  await invalidateCatalog(ctx)
  return getAdminCourse({ ctx, id })
}

/** Whether a course exists (a class or a coupon may point at it). */
export async function courseExists(ctx: AppContext, id: number): Promise<boolean> {
  const [row] = await ctx.db.select({ id: courses.id }).from(courses).where(eq(courses.id, id))
  return Boolean(row)
}
