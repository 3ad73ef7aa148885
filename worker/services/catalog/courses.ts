import { and, asc, eq } from 'drizzle-orm'
import { bundleClasses, type bundles, classes, courses } from '../../../db/schema.ts'
import type { AppContext } from '../../context.ts'
import {
  type CourseBundle,
  CourseDetail,
  CourseList,
  type CourseSummary,
  type Turma,
} from '../../contract/catalog.ts'
import { classStartDay } from '../../domain/catalog.ts'
import { capInstalments } from '../../domain/instalments.ts'
import { bundleIsForSale, priceBundle } from '../../domain/pricing.ts'
import { notFound } from '../../errors.ts'
import { bundleForPricing } from './pricing.ts'
import { readSnapshot } from './snapshot.ts'

type CourseRow = typeof courses.$inferSelect
type ClassRow = typeof classes.$inferSelect

function toSummary(course: CourseRow, courseClasses: ClassRow[]): CourseSummary {
  const open = courseClasses.filter((turma) => turma.isOpen)
  return {
    id: course.id,
    name: course.name,
    url: course.url,
    section: course.section,
    summary: course.summary,
    workload_hours: course.workloadHours,
    slider: course.slider,
    price_from: open.length ? Math.min(...open.map((turma) => turma.priceCents)) : null,
  }
}

export function toTurma(turma: ClassRow, course: Pick<CourseRow, 'name' | 'url' | 'slider'>): Turma {
  return {
    id: turma.id,
    course_id: turma.courseId,
    name: turma.name,
    price: turma.priceCents,
    student_price: turma.studentPriceCents,
    student_discount: turma.studentDiscount,
    boleto: turma.isBoletoAllowed,
    instalment_times: turma.instalmentTimes,
    type: turma.type,
    course_init: classStartDay(turma.type, turma.courseInit),
    location: turma.location,
    open: turma.isOpen,
    course: { name: course.name, url: course.url, slider: course.slider },
  }
}

/** GET /cursos/getCourses: published courses by section and order. */
export async function listCourses({ ctx }: { ctx: AppContext }) {
  return readSnapshot(ctx, 'courses', CourseList, async () => {
    const { db } = ctx
    const [courseRows, classRows] = await db.batch([
      db
        .select()
        .from(courses)
        .where(eq(courses.isPublished, true))
        .orderBy(asc(courses.section), asc(courses.sortOrder), asc(courses.id)),
      db.select().from(classes).orderBy(asc(classes.id)),
    ])
    return courseRows.map((course) =>
      toSummary(
        course,
        classRows.filter((turma) => turma.courseId === course.id),
      ),
    )
  })
}

type BundleWithClasses = typeof bundles.$inferSelect & {
  classes: { class: ClassRow & { course: CourseRow } }[]
}

/**
 * A bundle as the course page offers it, or null when the cart would refuse it. Priced by the
 * cart's own rules (its list prices, its discount), so the page and the cart say the same amount.
 */
function toCourseBundle(bundle: BundleWithClasses): CourseBundle | null {
  const members = bundle.classes.map((member) => member.class)
  if (!bundleIsForSale(bundle, members)) return null
  const priced = priceBundle(bundleForPricing(bundle, members))
  return {
    id: bundle.id,
    name: bundle.name,
    description: bundle.description,
    valor_total: priced.grossCents,
    valor_descontado: priced.netCents,
    economia: priced.discountCents,
    instalment_times: capInstalments([bundle.instalmentTimes]),
    boleto: members.every((turma) => turma.isBoletoAllowed),
    ids_turma: members.map((turma) => turma.id),
    courses: members.map((turma) => ({ name: turma.course.name, turma: turma.name })),
  }
}

/** The course page /cursos/{url}: the course, its classes and the bundles that hold one of them. */
export async function getCourseByUrl({ ctx, url }: { ctx: AppContext; url: string }) {
  const { value } = await readSnapshot(ctx, `course:${url}`, CourseDetail.nullable(), async () => {
    const { db } = ctx
    const published = and(eq(courses.url, url), eq(courses.isPublished, true))
    const holding = db
      .select({ id: bundleClasses.bundleId })
      .from(bundleClasses)
      .innerJoin(classes, eq(classes.id, bundleClasses.classId))
      .innerJoin(courses, eq(courses.id, classes.courseId))
      .where(published)
    const [course, bundleRows] = await db.batch([
      db.query.courses.findFirst({
        where: published,
        with: { classes: { orderBy: [asc(classes.courseInit), asc(classes.id)] } },
      }),
      db.query.bundles.findMany({
        where: (bundle, { and, eq, inArray }) =>
          and(eq(bundle.isPublished, true), inArray(bundle.id, holding)),
        orderBy: (bundle, { asc }) => [asc(bundle.id)],
        with: {
          classes: {
            orderBy: (member, { asc }) => [asc(member.sortOrder), asc(member.classId)],
            with: { class: { with: { course: true } } },
          },
        },
      }),
    ])
    if (!course) return null
    return {
      ...toSummary(course, course.classes),
      description: course.description,
      turmas: course.classes.map((turma) => toTurma(turma, course)),
      pacotes: bundleRows.flatMap((bundle) => toCourseBundle(bundle) ?? []),
    }
  })
  if (!value) throw notFound('Curso não encontrado.')
  return value
}
