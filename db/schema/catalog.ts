import { sql } from 'drizzle-orm'
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import {
  CLASS_TYPES,
  COURSE_SECTIONS,
  DISCOUNT_TYPES,
  STUDENT_DISCOUNTS,
} from '../../worker/domain/catalog.ts'
import { DEFAULT_COURSE_SHARE } from '../../worker/domain/certificates.ts'
import { DEFAULT_WATCH_SHARE } from '../../worker/domain/study.ts'
import { createdAt, edited, partOf, serial, version } from './columns.ts'

// The schema: Catalogue.

/** [file name, extension] pairs, as the SPEC's course and product sliders. */
export type SliderImage = [name: string, extension: string]

export const courses = sqliteTable(
  'courses',
  {
    id: serial(),
    url: text('url').notNull(),
    name: text('name').notNull(),
    section: text('section', { enum: COURSE_SECTIONS }).notNull(),
    summary: text('summary').notNull().default(''),
    description: text('description').notNull().default(''),
    workloadHours: integer('workload_hours'),
    /** The share of the lessons (percent) a student must have watched to issue the certificate. */
    certificateShare: integer('certificate_share').notNull().default(DEFAULT_COURSE_SHARE),
    /** The share (percent) of a video's distinct seconds that makes its lesson done (issue 39). */
    watchShare: integer('watch_share').notNull().default(DEFAULT_WATCH_SHARE),
    /** Who signs the course's certificates: name, role, and the signature picture in FILES. */
    signatoryName: text('signatory_name'),
    signatoryRole: text('signatory_role'),
    signatureKey: text('signature_key'),
    /** The certificate's text, with placeholders ({nome}, {curso}, {horas}, {inicio}, {conclusao}); '' the default text. */
    certificateTemplate: text('certificate_template').notNull().default(''),
    slider: text('slider', { mode: 'json' }).$type<SliderImage[]>().notNull().default(sql`'[]'`),
    isPublished: integer('is_published', { mode: 'boolean' }).notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    ...edited(),
  },
  (t) => [
    // Course pages are reached by /cursos/{url}.
    uniqueIndex('courses_url_unique').on(t.url),
    // /cursos lists each section in order.
    index('courses_section_order').on(t.section, t.sortOrder),
  ],
)

export const classes = sqliteTable(
  'classes',
  {
    id: serial(),
    courseId: partOf('course_id', () => courses.id),
    name: text('name').notNull(),
    type: text('type', { enum: CLASS_TYPES }).notNull().default('N'),
    courseInit: text('course_init'), // ISO date (YYYY-MM-DD) of a dated class
    location: text('location'),
    /** For an in-person class: schedule, what to bring, how to get there (markdown). */
    details: text('details').notNull().default(''),
    priceCents: integer('price_cents').notNull(),
    studentPriceCents: integer('student_price_cents'),
    studentDiscount: text('student_discount', { enum: STUDENT_DISCOUNTS }).notNull().default('N'),
    isBoletoAllowed: integer('is_boleto_allowed', { mode: 'boolean' }).notNull().default(true),
    instalmentTimes: integer('instalment_times').notNull().default(12),
    isOpen: integer('is_open', { mode: 'boolean' }).notNull().default(true),
    seats: integer('seats'),
    ...edited(),
  },
  (t) => [
    // A course page lists its classes.
    index('classes_course').on(t.courseId),
  ],
)

export const products = sqliteTable('products', {
  id: serial(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  priceCents: integer('price_cents').notNull(),
  slider: text('slider', { mode: 'json' }).$type<SliderImage[]>().notNull().default(sql`'[]'`),
  isPublished: integer('is_published', { mode: 'boolean' }).notNull().default(true),
  ...edited(),
})

export const bundles = sqliteTable('bundles', {
  id: serial(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  discountType: text('discount_type', { enum: DISCOUNT_TYPES }).notNull(),
  // Exactly one of the two applies, by discount_type.
  discountPercent: integer('discount_percent'),
  discountCents: integer('discount_cents'),
  instalmentTimes: integer('instalment_times').notNull().default(12),
  isPublished: integer('is_published', { mode: 'boolean' }).notNull().default(true),
  ...edited(),
})

export const bundleClasses = sqliteTable(
  'bundle_classes',
  {
    bundleId: partOf('bundle_id', () => bundles.id),
    classId: partOf('class_id', () => classes.id),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.bundleId, t.classId] })],
)

export const coupons = sqliteTable(
  'coupons',
  {
    id: serial(),
    key: text('key').notNull(), // the code a buyer types, stored uppercased
    type: text('type', { enum: ['C'] })
      .notNull()
      .default('C'), // 'C': per class (SPEC section 3)
    discountType: text('discount_type', { enum: DISCOUNT_TYPES }).notNull(),
    discountPercent: integer('discount_percent'),
    discountCents: integer('discount_cents'),
    classId: integer('class_id').references(() => classes.id, { onDelete: 'cascade' }),
    courseId: integer('course_id').references(() => courses.id, { onDelete: 'cascade' }),
    isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }),
    maxUses: integer('max_uses'),
    usedCount: integer('used_count').notNull().default(0),
    /**
     * Late payments honoured when no use was left: an order whose hold had ended (its boleto's due
     * date or its PIX's expiry passed) paid after the last use sold (issue 29, item 10).
     */
    overLimitUses: integer('over_limit_uses').notNull().default(0),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [
    // set-cupom looks a coupon up by the typed key.
    uniqueIndex('coupons_key_unique').on(t.key),
    // A use is reserved when an order is written (used_count + 1 in the order's batch): past the
    // limit this check fails the whole batch, so a limit of N never sells N + 1 (issue 12, item 6).
    check('coupons_uses_within_limit', sql`${t.maxUses} IS NULL OR ${t.usedCount} <= ${t.maxUses}`),
  ],
)
