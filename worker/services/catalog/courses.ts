import { and, asc, eq } from 'drizzle-orm'
import { classes, courses } from '../../../db/schema.ts'
import type { AppContext } from '../../context.ts'
import { CourseDetail, CourseList, type CourseSummary, type Turma } from '../../contract/catalog.ts'
import { notFound } from '../../errors.ts'
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
    course_init: turma.type === 'N' ? turma.courseInit : null,
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

/** The course page /cursos/{url}: the course and its classes. */
export async function getCourseByUrl({ ctx, url }: { ctx: AppContext; url: string }) {
  const { value } = await readSnapshot(ctx, `course:${url}`, CourseDetail.nullable(), async () => {
    const course = await ctx.db.query.courses.findFirst({
      where: and(eq(courses.url, url), eq(courses.isPublished, true)),
      with: { classes: { orderBy: [asc(classes.courseInit), asc(classes.id)] } },
    })
    if (!course) return null
    return {
      ...toSummary(course, course.classes),
      description: course.description,
      turmas: course.classes.map((turma) => toTurma(turma, course)),
    }
  })
  if (!value) throw notFound('Curso não encontrado.')
  return value
}
