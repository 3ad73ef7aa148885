import { asc, eq } from 'drizzle-orm'
import { bundles, classes, courses, ebooks, products } from '../../../db/schema.ts'
import type { AppContext } from '../../context.ts'
import type { AdminOptions } from '../../contract/admin-catalog.ts'

/** More than an institute's catalogue holds; the selects of the admin forms list these. */
const OPTIONS_MAX = 2000

/** GET /api/admin/opcoes: what the admin forms' selects offer, in one round trip. */
export async function listAdminOptions({ ctx }: { ctx: AppContext }): Promise<AdminOptions> {
  const { db } = ctx
  const [courseRows, classRows, productRows, bundleRows, ebookRows] = await db.batch([
    db
      .select({ id: courses.id, name: courses.name, url: courses.url, section: courses.section })
      .from(courses)
      .orderBy(asc(courses.name))
      .limit(OPTIONS_MAX),
    db
      .select({
        id: classes.id,
        courseId: classes.courseId,
        name: classes.name,
        courseName: courses.name,
        price: classes.priceCents,
        instalmentTimes: classes.instalmentTimes,
        isOpen: classes.isOpen,
      })
      .from(classes)
      .innerJoin(courses, eq(courses.id, classes.courseId))
      .orderBy(asc(courses.name), asc(classes.courseInit), asc(classes.id))
      .limit(OPTIONS_MAX),
    db
      .select({ id: products.id, name: products.name, price: products.priceCents })
      .from(products)
      .orderBy(asc(products.name))
      .limit(OPTIONS_MAX),
    db
      .select({ id: bundles.id, name: bundles.name })
      .from(bundles)
      .orderBy(asc(bundles.name))
      .limit(OPTIONS_MAX),
    db
      .select({ id: ebooks.id, title: ebooks.title, courseId: ebooks.courseId })
      .from(ebooks)
      .orderBy(asc(ebooks.title))
      .limit(OPTIONS_MAX),
  ])
  return {
    courses: courseRows,
    classes: classRows.map((row) => ({
      id: row.id,
      course_id: row.courseId,
      label: `${row.courseName} — ${row.name}`,
      price: row.price,
      instalment_times: row.instalmentTimes,
      is_open: row.isOpen,
    })),
    products: productRows,
    bundles: bundleRows,
    ebooks: ebookRows.map((row) => ({ id: row.id, title: row.title, course_id: row.courseId })),
  }
}
