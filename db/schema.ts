import { relations, sql } from 'drizzle-orm'
import {
  check,
  index,
  integer,
  primaryKey,
  sqliteTable,
  sqliteView,
  text,
  uniqueIndex,
} from 'drizzle-orm/sqlite-core'
import {
  ASSESSMENT_DEFAULTS,
  type AttemptAnswers,
  type AttemptQuestion,
} from '../worker/domain/assessment.ts'
import {
  CARD_TYPES,
  CLASS_TYPES,
  COURSE_SECTIONS,
  DISCOUNT_TYPES,
  EBOOK_ACCESS,
  ORDER_ITEM_TYPES,
  STUDENT_DISCOUNTS,
  STUDENT_DOC_STATES,
} from '../worker/domain/catalog.ts'
import {
  ATTENDANCE_STATES,
  CERTIFICATE_KINDS,
  type CertificateEvidence,
  DEFAULT_CONFERENCE_SHARE,
  DEFAULT_COURSE_SHARE,
} from '../worker/domain/certificates.ts'
import { APPLICATION_STATES, FEE_KINDS } from '../worker/domain/editais.ts'
import { ENROLLMENT_SOURCES, ENROLLMENT_STATUSES } from '../worker/domain/enrollments.ts'
import { LEAD_STATES, LEAD_TARGETS } from '../worker/domain/leads.ts'
import { WITHDRAWAL_STATES } from '../worker/domain/orders.ts'
import {
  DIFFERENCE_KINDS,
  ORDER_STATES,
  PAYMENT_TYPES,
  PLAN_PAYMENT_METHODS,
  type PlanPaymentMethod,
} from '../worker/domain/payments.ts'
import { REMINDER_KINDS, SUPPRESSION_REASONS } from '../worker/domain/reminders.ts'
import { USER_TYPES } from '../worker/domain/roles.ts'
import { DEFAULT_WATCH_SHARE } from '../worker/domain/study.ts'

// Enumerations have one home each in worker/domain (catalog, roles, payments, leads); the database
// stores their exact strings.
// pending → sending (claimed by one sender) → sent; back to pending with a later next_attempt_at
// after a temporary failure; failed when the job gave up; expired when its link ran out first.
export const OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'failed', 'expired'] as const

/** [file name, extension] pairs, as the SPEC's course and product sliders. */
export type SliderImage = [name: string, extension: string]

const createdAt = () =>
  integer('created_at', { mode: 'timestamp_ms' }).notNull().default(sql`(unixepoch('subsec') * 1000)`)
const updatedAt = () =>
  integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(sql`(unixepoch('subsec') * 1000)`)
/**
 * What an admin form read: an edit sends it back and is refused (409) when someone saved first.
 * Admin writes set it to `version + 1` only when it still holds the value read (services/admin).
 */
const version = () => integer('version').notNull().default(1)

// ── Accounts ────────────────────────────────────────────────────────────────

export const users = sqliteTable(
  'users',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    photoKey: text('photo_key'),
    type: text('type', { enum: USER_TYPES }).notNull().default('N'),
    passwordHash: text('password_hash'),
    isNewUser: integer('is_new_user', { mode: 'boolean' }).notNull().default(false),
    /**
     * When the owner proved the e-mail (a link or code sent to it, or a provider login that verified
     * it); null until then, and an unproved account reaches only what its own sessions did
     * (decision 010).
     */
    emailVerifiedAt: integer('email_verified_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** The owner deleted the account (LGPD art. 18): its personal data were anonymised then. */
    deletedAt: integer('deleted_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    // Login looks users up by e-mail, stored lowercased.
    uniqueIndex('users_email_unique').on(t.email),
  ],
)

export const oauthAccounts = sqliteTable(
  'oauth_accounts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['google', 'facebook', 'sandbox'] }).notNull(),
    providerUserId: text('provider_user_id').notNull(),
    email: text('email'),
    createdAt: createdAt(),
  },
  (t) => [
    // An account is keyed by provider + provider user id (DESIGN 7).
    uniqueIndex('oauth_accounts_provider_user').on(t.provider, t.providerUserId),
    // Listing a user's linked providers.
    index('oauth_accounts_user').on(t.userId),
  ],
)

export const sessions = sqliteTable(
  'sessions',
  {
    // SHA-256 of the session token: a leaked table does not leak live cookies.
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    userAgent: text('user_agent'),
    /** Last request seen (updated at most every few minutes): a session idle too long ends. */
    lastSeenAt: integer('last_seen_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    // Ending all of a user's sessions on password change.
    index('sessions_user').on(t.userId),
  ],
)

export const passwordResets = sqliteTable(
  'password_resets',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    usedAt: integer('used_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    // A new reset request invalidates the user's earlier links.
    index('password_resets_user').on(t.userId),
  ],
)

export const EMAIL_TOKEN_PURPOSES = ['confirm', 'change', 'not_me', 'code'] as const

/**
 * Tokens e-mailed to prove an address or undo a change (decision 010): the sign-up confirmation
 * link, the e-mail change's link to the new address, the old address's "não fui eu" link, and the
 * short code of the new-user password modal. Only the SHA-256 is kept; each is used once.
 */
export const emailTokens = sqliteTable(
  'email_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: EMAIL_TOKEN_PURPOSES }).notNull(),
    /** The address the token proves (the new one, for a change). */
    email: text('email').notNull(),
    /** Wrong codes typed against this token (a code dies after a few). */
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    usedAt: integer('used_at', { mode: 'timestamp_ms' }),
  },
  (t) => [index('email_tokens_user').on(t.userId, t.purpose)],
)

// ── Catalogue ───────────────────────────────────────────────────────────────

export const courses = sqliteTable(
  'courses',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
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
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
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
    id: integer('id').primaryKey({ autoIncrement: true }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
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
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // A course page lists its classes.
    index('classes_course').on(t.courseId),
  ],
)

export const products = sqliteTable('products', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  priceCents: integer('price_cents').notNull(),
  slider: text('slider', { mode: 'json' }).$type<SliderImage[]>().notNull().default(sql`'[]'`),
  isPublished: integer('is_published', { mode: 'boolean' }).notNull().default(true),
  version: version(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

export const bundles = sqliteTable('bundles', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  discountType: text('discount_type', { enum: DISCOUNT_TYPES }).notNull(),
  // Exactly one of the two applies, by discount_type.
  discountPercent: integer('discount_percent'),
  discountCents: integer('discount_cents'),
  instalmentTimes: integer('instalment_times').notNull().default(12),
  isPublished: integer('is_published', { mode: 'boolean' }).notNull().default(true),
  version: version(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

export const bundleClasses = sqliteTable(
  'bundle_classes',
  {
    bundleId: integer('bundle_id')
      .notNull()
      .references(() => bundles.id, { onDelete: 'cascade' }),
    classId: integer('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.bundleId, t.classId] })],
)

export const coupons = sqliteTable(
  'coupons',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
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

// ── Home showcase and menu ──────────────────────────────────────────────────

export const showcaseLists = sqliteTable('showcase_lists', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  title: text('title').notNull(),
  subTitle: text('sub_title').notNull().default(''),
  isCartMode: integer('is_cart_mode', { mode: 'boolean' }).notNull().default(false),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

export const showcaseCards = sqliteTable(
  'showcase_cards',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    listId: integer('list_id')
      .notNull()
      .references(() => showcaseLists.id, { onDelete: 'cascade' }),
    type: text('type', { enum: CARD_TYPES }).notNull(),
    itemId: integer('item_id'), // class, product, bundle or course id, by type
    name: text('name').notNull(),
    nameSplited: text('name_splited', { mode: 'json' }).$type<string[]>(),
    descriptionTitle: text('description_title').notNull().default(''),
    description: text('description').notNull().default(''),
    img: text('img'),
    priceCents: integer('price_cents').notNull().default(0),
    amountCents: integer('amount_cents'), // original price, shown struck through
    url: text('url'),
    isOpen: integer('is_open', { mode: 'boolean' }).notNull().default(false),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    // The showcase reads each list's cards in order.
    index('showcase_cards_list_order').on(t.listId, t.sortOrder),
  ],
)

export const menuOptions = sqliteTable(
  'menu_options',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    parentId: integer('parent_id'),
    name: text('name').notNull(),
    url: text('url').notNull(),
    className: text('class_name'),
    isBlank: integer('is_blank', { mode: 'boolean' }).notNull().default(false),
    permission: text('permission', { enum: USER_TYPES }), // null: shown to everyone
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    // The menu is read whole, children grouped under parents in order.
    index('menu_options_parent_order').on(t.parentId, t.sortOrder),
  ],
)

// ── Institute content ───────────────────────────────────────────────────────

export const pages = sqliteTable('pages', {
  slug: text('slug').primaryKey(), // the page route, e.g. 'quem-somos', 'pesquisa/publicacoes'
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  body: text('body').notNull().default(''),
  updatedAt: updatedAt(),
})

export const proceedings = sqliteTable('proceedings', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  title: text('title').notNull(),
  year: integer('year').notNull(),
  description: text('description').notNull().default(''),
  fileKey: text('file_key').notNull(),
  createdAt: createdAt(),
})

export const ebooks = sqliteTable('ebooks', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  courseId: integer('course_id').references(() => courses.id, { onDelete: 'set null' }),
  access: text('access', { enum: EBOOK_ACCESS }).notNull().default('purchase'),
  coverImg: text('cover_img'),
  fileKey: text('file_key').notNull(),
  pages: integer('pages'),
  createdAt: createdAt(),
})

// ── Course content (the student area; edited in the admin area) ─────────────

export const courseModules = sqliteTable(
  'course_modules',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // A course page for its students lists its modules in order.
    index('course_modules_course_order').on(t.courseId, t.sortOrder),
  ],
)

export const lessons = sqliteTable(
  'lessons',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    moduleId: integer('module_id')
      .notNull()
      .references(() => courseModules.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** YouTube video id, played through the privacy-friendly embed; null for a reading. */
    youtubeId: text('youtube_id'),
    durationSeconds: integer('duration_seconds'),
    /** Markdown shown beside or instead of the video. */
    body: text('body').notNull().default(''),
    sortOrder: integer('sort_order').notNull().default(0),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // A module lists its lessons in order.
    index('lessons_module_order').on(t.moduleId, t.sortOrder),
  ],
)

export const lessonProgress = sqliteTable(
  'lesson_progress',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    watchedAt: integer('watched_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.lessonId] })],
)

/**
 * The one playback a student has going (issue 39): a player instance names itself with a uuid,
 * and a new one replaces the old. What its beats credit may never pass MAX_CREDITED_RATE × the
 * wall time since it opened (the server's clock) plus a small slack.
 */
export const lessonPlaybacks = sqliteTable('lesson_playbacks', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  playback: text('playback').notNull(),
  lessonId: integer('lesson_id')
    .notNull()
    .references(() => lessons.id, { onDelete: 'cascade' }),
  openedAt: integer('opened_at', { mode: 'timestamp_ms' }).notNull(),
  /** Media milliseconds its beats were credited, each segment counted. */
  creditedMs: integer('credited_ms').notNull().default(0),
  lastBeatAt: integer('last_beat_at', { mode: 'timestamp_ms' }).notNull(),
})

/**
 * Media played and credited (issue 39): [from_ms, to_ms) of a lesson's video, as the server
 * accepted it. A segment that goes on where one of its playback ended extends that row.
 */
export const lessonSegments = sqliteTable(
  'lesson_segments',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    playback: text('playback').notNull(),
    fromMs: integer('from_ms').notNull(),
    toMs: integer('to_ms').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // A student's evidence is read by course (its lessons), never across students.
    index('lesson_segments_user_lesson').on(t.userId, t.lessonId),
    // A beat extends the segment its playback left off.
    index('lesson_segments_playback').on(t.playback, t.toMs),
  ],
)

/** A lesson without video shown to its student (issue 39): its evidence is having been opened. */
export const lessonOpenings = sqliteTable(
  'lesson_openings',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    openedAt: integer('opened_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.lessonId] })],
)

/** Downloadable material of a course (R2, behind short-lived signed links). */
export const courseMaterials = sqliteTable(
  'course_materials',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    fileKey: text('file_key').notNull(),
    contentType: text('content_type').notNull().default('application/pdf'),
    sizeBytes: integer('size_bytes'),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    // A course page for its students lists its material in order.
    index('course_materials_course_order').on(t.courseId, t.sortOrder),
  ],
)

/** E-books in a student's library: bought, granted with a course, or a free one added by hand. */
export const ebookLibrary = sqliteTable(
  'ebook_library',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ebookId: integer('ebook_id')
      .notNull()
      .references(() => ebooks.id, { onDelete: 'cascade' }),
    addedAt: integer('added_at', { mode: 'timestamp_ms' })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [primaryKey({ columns: [t.userId, t.ebookId] })],
)

// ── Orders and enrollments ───────────────────────────────────────────────────

export const orders = sqliteTable(
  'orders',
  {
    id: text('id').primaryKey(), // random, unguessable (appears in result URLs)
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    cartHash: text('cart_hash').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    status: text('status', { enum: ORDER_STATES }).notNull().default('pending'),
    paymentType: text('payment_type', { enum: PAYMENT_TYPES }),
    instalments: integer('instalments').notNull().default(1),
    grossCents: integer('gross_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    interestCents: integer('interest_cents').notNull().default(0),
    donationCents: integer('donation_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull(),
    gateway: text('gateway').notNull(),
    gatewayOrderId: text('gateway_order_id'),
    /** The provider's charge: what a refund cancels and what webhooks and the reconciliation re-read. */
    gatewayChargeId: text('gateway_charge_id'),
    /** When the current attempt to send the order to the provider began: one sender at a time. */
    chargeAttemptAt: integer('charge_attempt_at', { mode: 'timestamp_ms' }),
    boletoUrl: text('boleto_url'),
    boletoLine: text('boleto_line'),
    boletoDueAt: integer('boleto_due_at', { mode: 'timestamp_ms' }),
    pixCode: text('pix_code'),
    pixExpiresAt: integer('pix_expires_at', { mode: 'timestamp_ms' }),
    payer: text('payer', { mode: 'json' })
      .$type<{ name: string; email: string; cpf: string; phone: string }>()
      .notNull(),
    billingAddress: text('billing_address', { mode: 'json' }).$type<Record<string, string>>(),
    gifts: text('gifts', { mode: 'json' }).$type<unknown[]>(),
    isStudent: integer('is_student', { mode: 'boolean' }).notNull().default(false),
    /** The student document in R2 (deleted 30 days after its review: then null). */
    studentDocKey: text('student_doc_key'),
    /** The student document's review by the institute; null without one (issue 29, item 3). */
    studentDocStatus: text('student_doc_status', { enum: STUDENT_DOC_STATES }),
    studentDocDecidedAt: integer('student_doc_decided_at', { mode: 'timestamp_ms' }),
    /** Why it was rejected, as the student reads it. */
    studentDocReason: text('student_doc_reason'),
    /** Rejected: the difference is paid by then, or the order is cancelled and refunded. */
    studentDocDeadline: integer('student_doc_deadline', { mode: 'timestamp_ms' }),
    /** What the student price took off the list prices: the difference a rejection asks for. */
    studentDiscountCents: integer('student_discount_cents').notNull().default(0),
    /** An order that pays the difference of a rejected student document: the order it belongs to. */
    differenceOf: text('difference_of'),
    /** What such an order pays: a student price's difference, or what a boleto paid short missed. */
    differenceKind: text('difference_kind', { enum: DIFFERENCE_KINDS }),
    hasPassport: integer('has_passport', { mode: 'boolean' }).notNull().default(false),
    /**
     * A guest's order made with the e-mail of an account that never proved it: no account holds
     * it until someone proves this address, and then that account claims it (decision 010).
     */
    claimEmail: text('claim_email'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    paidAt: integer('paid_at', { mode: 'timestamp_ms' }),
    /** What the provider confirmed as refunded (partial or total), in centavos. */
    refundedCents: integer('refunded_cents').notNull().default(0),
    refundedAt: integer('refunded_at', { mode: 'timestamp_ms' }),
    chargedBackAt: integer('charged_back_at', { mode: 'timestamp_ms' }),
    /**
     * A refund asked of the provider and not yet confirmed: its Idempotency-Key, when and how much.
     * Only the request that sets it calls the provider (20 clicks, one DELETE).
     */
    refundKey: text('refund_key'),
    refundRequestedAt: integer('refund_requested_at', { mode: 'timestamp_ms' }),
    refundRequestedCents: integer('refund_requested_cents'),
    /** Last time the scheduled reconciliation re-read the order at the provider. */
    reconciledAt: integer('reconciled_at', { mode: 'timestamp_ms' }),
    /** Random per state change: what that change writes alongside is keyed to it, so a replay adds nothing. */
    settlementId: text('settlement_id'),
    /**
     * How many times the order went to the provider: an expired boleto or PIX issued again for the
     * same order is a new provider order, whose code is the order id + '-' + this number.
     */
    chargeAttempts: integer('charge_attempts').notNull().default(1),
    /**
     * Paid after its seat was released (an expired order paid late) into a class with no seat
     * left: honoured, and flagged for the institute to decide (decision 011).
     */
    isOverSeats: integer('is_over_seats', { mode: 'boolean' }).notNull().default(false),
    /**
     * A use of each coupon of its lines is counted for this order in coupons.used_count: reserved
     * when it is written, taken for good once paid (a refund does not give it back), given back when
     * it fails or expires, or, still unpaid, once its PIX expired or its boleto fell due; a late
     * payment takes it again (services/checkout/coupon-holds.ts).
     */
    couponHeld: integer('coupon_held', { mode: 'boolean' }).notNull().default(false),
    /**
     * What the provider says arrived (its `paid_amount`): a boleto paid short (`underpaid`) or over
     * (`overpaid`) differs from the total (issue 30, item 4); null until paid.
     */
    receivedCents: integer('received_cents'),
    /**
     * A gift's recipient (the order's `gifts`): the account, found or made by the gift's e-mail when
     * the order is paid, that holds its enrollments (issue 22, item 7).
     */
    recipientUserId: integer('recipient_user_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * A paid gift to an address whose account has not proved it while someone holds it: no account
     * receives it until one proves this address, which then becomes its recipient (decision 010).
     */
    giftClaimEmail: text('gift_claim_email'),
    /** The buyer's request to give the purchase up within 7 days (CDC art. 49; issue 22, item 8). */
    withdrawalStatus: text('withdrawal_status', { enum: WITHDRAWAL_STATES }),
    withdrawalReason: text('withdrawal_reason'),
    withdrawalRequestedAt: integer('withdrawal_requested_at', { mode: 'timestamp_ms' }),
    /** The institute's answer to a request it refused, as the buyer reads it. */
    withdrawalAnswer: text('withdrawal_answer'),
    withdrawalDecidedAt: integer('withdrawal_decided_at', { mode: 'timestamp_ms' }),
    /** The buyer ticked 'Quero receber lembretes sobre esta compra por e-mail' (issue 25). */
    remindersConsent: integer('reminders_consent', { mode: 'boolean' }).notNull().default(false),
  },
  (t) => [
    // A repeated submit with the same key returns the first order (DESIGN 6).
    uniqueIndex('orders_idempotency_key').on(t.idempotencyKey),
    // The review's deadline job, and an order's difference payments.
    index('orders_student_doc').on(t.studentDocStatus, t.studentDocDeadline),
    index('orders_difference_of').on(t.differenceOf),
    // Webhooks find the order by the gateway's id.
    index('orders_gateway_order').on(t.gatewayOrderId),
    // Charge webhooks (charge.refunded, charge.chargedback) find the order by the charge's id.
    index('orders_gateway_charge').on(t.gatewayChargeId),
    // The reconciliation picks paid orders by payment date and pending ones by state.
    index('orders_status_paid').on(t.status, t.paidAt),
    // /usuario/compras lists a user's orders.
    index('orders_user').on(t.userId, t.createdAt),
    // The admin dashboard sums what was paid, and counts orders, within a period.
    index('orders_paid_at').on(t.paidAt),
    index('orders_created').on(t.createdAt),
    // Claimed when an account proves the address.
    index('orders_claim_email').on(t.claimEmail),
    // A gift waiting for its recipient's proof, claimed the same way.
    index('orders_gift_claim_email').on(t.giftClaimEmail),
    // The admin's list of purchases given up, waiting for an answer.
    index('orders_withdrawal').on(t.withdrawalStatus),
  ],
)

export const orderItems = sqliteTable(
  'order_items',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    itemType: text('item_type', { enum: ORDER_ITEM_TYPES }).notNull(),
    itemId: integer('item_id').notNull(),
    classId: integer('class_id').references(() => classes.id),
    courseId: integer('course_id').references(() => courses.id),
    couponId: integer('coupon_id').references(() => coupons.id),
    name: text('name').notNull(),
    grossCents: integer('gross_cents').notNull(),
    netCents: integer('net_cents').notNull(),
  },
  (t) => [
    // An order is read with its items.
    index('order_items_order').on(t.orderId),
    // A class's seats are counted over its order lines (class_seats).
    index('order_items_class').on(t.classId),
  ],
)

export const enrollments = sqliteTable(
  'enrollments',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    classId: integer('class_id')
      .notNull()
      .references(() => classes.id, { onDelete: 'cascade' }),
    orderId: text('order_id').references(() => orders.id, { onDelete: 'set null' }),
    status: text('status', { enum: ENROLLMENT_STATUSES }).notNull().default('active'),
    /** 'manual': an administrator enrolled the student (paid outside the site), with a note. */
    source: text('source', { enum: ENROLLMENT_SOURCES }).notNull().default('order'),
    note: text('note').notNull().default(''),
    /** An in-person class's attendance, marked by the admin after it ends (null: not marked). */
    attendance: text('attendance', { enum: ATTENDANCE_STATES }),
    attendanceAt: integer('attendance_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [
    // A paid order enrols once per class: a second insert is a no-op.
    uniqueIndex('enrollments_user_class').on(t.userId, t.classId),
    // /admin/matriculas lists a class's students.
    index('enrollments_class').on(t.classId),
    // /admin/matriculas lists every enrollment newest first, and filters by period.
    index('enrollments_created').on(t.createdAt),
  ],
)

/**
 * A class's seats, counted rather than stored (decision 011): held by its pending orders (and its
 * orders paid short, while the difference is due or the institute decides: issue 40), taken by
 * its paid or partly refunded orders and by its active manual enrollments. A state change releases
 * a seat by itself. Triggers (migration 0009) refuse an order line, or an order issued again, that
 * would put a class over its seats; the manual enrollment checks the same view.
 */
export const classSeats = sqliteView('class_seats', {
  classId: integer('class_id').notNull(),
  seats: integer('seats'),
  held: integer('held').notNull(),
  taken: integer('taken').notNull(),
}).as(sql`SELECT c.id AS class_id, c.seats AS seats,
  (SELECT count(DISTINCT i.order_id) FROM order_items i JOIN orders o ON o.id = i.order_id
    WHERE i.class_id = c.id AND o.status IN ('pending', 'underpaid')) AS held,
  (SELECT count(DISTINCT i.order_id) FROM order_items i JOIN orders o ON o.id = i.order_id
    WHERE i.class_id = c.id AND o.status IN ('paid', 'partially_refunded'))
  + (SELECT count(*) FROM enrollments e
    WHERE e.class_id = c.id AND e.status = 'active' AND e.order_id IS NULL) AS taken
  FROM classes c`)

// ── Leads ───────────────────────────────────────────────────────────────────

export const leads = sqliteTable(
  'leads',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    description: text('description').notNull().default(''),
    target: text('target', { enum: LEAD_TARGETS }).notNull().default('contato'),
    recipient: text('recipient'),
    isHandled: integer('is_handled', { mode: 'boolean' }).notNull().default(false),
    /** new → in_progress → answered (is_handled follows: answered). */
    state: text('state', { enum: LEAD_STATES }).notNull().default('new'),
    note: text('note').notNull().default(''),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [
    // /admin/leads lists the newest first.
    index('leads_created').on(t.createdAt),
  ],
)

// ── Editais, applications and fee plans ─────────────────────────────────────

export const editais = sqliteTable(
  'editais',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    body: text('body').notNull().default(''),
    isOpen: integer('is_open', { mode: 'boolean' }).notNull().default(true),
    opensAt: integer('opens_at', { mode: 'timestamp_ms' }),
    closesAt: integer('closes_at', { mode: 'timestamp_ms' }),
    isPublished: integer('is_published', { mode: 'boolean' }).notNull().default(true),
    /** How many applications may be approved; null: no limit. */
    places: integer('places'),
    /** The call's PDF in the FILES bucket (served at /api/editais/{slug}/pdf). */
    pdfKey: text('pdf_key'),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [
    // Each edital page is reached by its slug.
    uniqueIndex('editais_slug_unique').on(t.slug),
  ],
)

export const applications = sqliteTable(
  'applications',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    editalId: integer('edital_id')
      .notNull()
      .references(() => editais.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: APPLICATION_STATES }).notNull().default('submitted'),
    /** Why it was not approved, as the applicant reads it. */
    decisionReason: text('decision_reason'),
    decidedAt: integer('decided_at', { mode: 'timestamp_ms' }),
    /** The applicant asked for e-mail reminders of the fees falling due (issue 25). */
    remindersConsent: integer('reminders_consent', { mode: 'boolean' }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    // One application per user and edital.
    uniqueIndex('applications_edital_user').on(t.editalId, t.userId),
    // /usuario/editais lists the user's applications.
    index('applications_user').on(t.userId),
    // The admin lists a call's applications by state; approvals count the approved.
    index('applications_edital_status').on(t.editalId, t.status),
  ],
)

export const feePlans = sqliteTable(
  'fee_plans',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    editalId: integer('edital_id')
      .notNull()
      .references(() => editais.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The registration fee (payable on applying) or a monthly fee (payable once approved). */
    kind: text('kind', { enum: FEE_KINDS }).notNull().default('registration'),
    amountCents: integer('amount_cents').notNull(),
    paymentMethods: text('payment_methods', { mode: 'json' }).$type<PlanPaymentMethod[]>().notNull(),
    instalmentTimes: integer('instalment_times').notNull().default(1),
    /** The due day (YYYY-MM-DD in Curitiba); unpaid after it, the fee is late. */
    dueOn: text('due_on'),
    createdAt: createdAt(),
  },
  (t) => [
    // An edital page lists its plans.
    index('fee_plans_edital').on(t.editalId),
  ],
)

export const planPayments = sqliteTable(
  'plan_payments',
  {
    id: text('id').primaryKey(),
    planId: integer('plan_id')
      .notNull()
      .references(() => feePlans.id),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    idempotencyKey: text('idempotency_key').notNull(),
    status: text('status', { enum: ORDER_STATES }).notNull().default('pending'),
    paymentMethod: text('payment_method', { enum: PLAN_PAYMENT_METHODS }).notNull(),
    instalments: integer('instalments').notNull().default(1),
    amountCents: integer('amount_cents').notNull(),
    gateway: text('gateway').notNull(),
    gatewayOrderId: text('gateway_order_id'),
    /** As on orders: refunds and chargebacks are read from the charge (DESIGN 6). */
    gatewayChargeId: text('gateway_charge_id'),
    refundedCents: integer('refunded_cents').notNull().default(0),
    /** As on orders: a refund asked of the provider and not yet confirmed (one DELETE however often clicked). */
    refundKey: text('refund_key'),
    refundRequestedAt: integer('refund_requested_at', { mode: 'timestamp_ms' }),
    refundRequestedCents: integer('refund_requested_cents'),
    boletoUrl: text('boleto_url'),
    payNumber: text('pay_number'),
    createdAt: createdAt(),
    paidAt: integer('paid_at', { mode: 'timestamp_ms' }),
    /** The payer form (SPEC 3): name, e-mail, CPF, phone, and the user's id when it is the student's own. */
    payer: text('payer', { mode: 'json' })
      .$type<{ id?: number; name: string; email: string; cpf: string; phone: string }>()
      .notNull()
      .default(sql`'{}'`),
    billingAddress: text('billing_address', { mode: 'json' }).$type<Record<string, string>>(),
    boletoDueAt: integer('boleto_due_at', { mode: 'timestamp_ms' }),
    /** As on orders: one attempt at the provider at a time (a lease). */
    chargeAttemptAt: integer('charge_attempt_at', { mode: 'timestamp_ms' }),
    /** A debit card waiting for the issuer's 3-D Secure challenge: where the payer goes. */
    authenticationUrl: text('authentication_url'),
    /** Why the provider refused it, in pt-BR, for the payment screen and Meus editais. */
    refusalReason: text('refusal_reason'),
    settlementId: text('settlement_id'),
    reconciledAt: integer('reconciled_at', { mode: 'timestamp_ms' }),
    refundedAt: integer('refunded_at', { mode: 'timestamp_ms' }),
    chargedBackAt: integer('charged_back_at', { mode: 'timestamp_ms' }),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }),
    /**
     * Paid late (after it expired or failed) when another payment had already paid the same fee:
     * that payment's id. Recorded as the provider reports it, outside the one-open rule, for the
     * institute to refund (services/payments/plan-payments.ts).
     */
    duplicateOf: text('duplicate_of'),
    /** As on orders: what the provider says arrived (a boleto paid short or over). */
    receivedCents: integer('received_cents'),
  },
  (t) => [
    // Same key, same payment (DESIGN 6).
    uniqueIndex('plan_payments_idempotency_key').on(t.idempotencyKey),
    // /usuario/editais shows an application's payments.
    index('plan_payments_application').on(t.applicationId),
    // A plan is paid at most once per application, whatever the concurrency: one open payment
    // (a late payment of one that had expired is recorded as a duplicate, outside the rule).
    uniqueIndex('plan_payments_one_open')
      .on(t.applicationId, t.planId)
      .where(sql`status IN ('pending', 'paid', 'partially_refunded') AND duplicate_of IS NULL`),
    // Webhooks and the reconciliation find a payment by the provider's ids.
    index('plan_payments_gateway_charge').on(t.gatewayChargeId),
    index('plan_payments_gateway_order').on(t.gatewayOrderId),
    // The reconciliation picks pending and recently paid payments.
    index('plan_payments_status_paid').on(t.status, t.paidAt),
  ],
)

// ── Conference ──────────────────────────────────────────────────────────────

export const conferenceTalks = sqliteTable(
  'conference_talks',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    day: integer('day').notNull(), // session pair [day, slot]
    slot: integer('slot').notNull(),
    initAt: integer('init_at', { mode: 'timestamp_ms' }).notNull(),
    title: text('title').notNull(),
    speaker: text('speaker').notNull(),
    content: text('content').notNull().default(''), // speaker bio
    videoId: text('video_id'),
    videoInit: integer('video_init').notNull().default(0), // seconds into the video
    youtubeId: text('youtube_id'),
  },
  (t) => [uniqueIndex('conference_talks_session').on(t.day, t.slot)],
)

/** The conference's certificate settings (one row): the share of the programme to watch, the signatory. */
export const conferenceSettings = sqliteTable(
  'conference_settings',
  {
    id: integer('id').primaryKey(),
    minShare: integer('min_share').notNull().default(DEFAULT_CONFERENCE_SHARE),
    signatoryName: text('signatory_name'),
    signatoryRole: text('signatory_role'),
    signatureKey: text('signature_key'),
    version: version(),
    updatedAt: updatedAt(),
  },
  (t) => [check('conference_settings_single_row', sql`${t.id} = 1`)],
)

/**
 * Seconds of each talk a signed-in viewer watched: aggregated by the conference's Durable Object
 * from the players' heartbeats and added here in batches, never a write per heartbeat.
 */
export const conferenceAttendance = sqliteTable(
  'conference_attendance',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    talkId: integer('talk_id')
      .notNull()
      .references(() => conferenceTalks.id, { onDelete: 'cascade' }),
    seconds: integer('seconds').notNull().default(0),
    lastSeenAt: integer('last_seen_at', { mode: 'timestamp_ms' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.talkId] })],
)

/** One row per flush of the attendance: a flush sent again adds nothing (as qr_click_flushes). */
export const conferenceAttendanceFlushes = sqliteTable('conference_attendance_flushes', {
  id: text('id').primaryKey(),
  createdAt: createdAt(),
})

// ── Final assessment ────────────────────────────────────────────────────────

/**
 * A course's final assessment (issue 39, decision 022), set by the admin; no row is an assessment
 * switched off, with the defaults. When enabled, the course's certificate asks for a passed attempt.
 */
export const assessmentSettings = sqliteTable('assessment_settings', {
  courseId: integer('course_id')
    .primaryKey()
    .references(() => courses.id, { onDelete: 'cascade' }),
  isEnabled: integer('is_enabled', { mode: 'boolean' }).notNull().default(false),
  /** Questions drawn for each attempt (all of the active bank when it has fewer). */
  examSize: integer('exam_size').notNull().default(ASSESSMENT_DEFAULTS.examSize),
  passPercent: integer('pass_percent').notNull().default(ASSESSMENT_DEFAULTS.passPercent),
  maxAttempts: integer('max_attempts').notNull().default(ASSESSMENT_DEFAULTS.maxAttempts),
  /** From the second failure on, each further attempt waits this long after the last failure. */
  waitHours: integer('wait_hours').notNull().default(ASSESSMENT_DEFAULTS.waitHours),
  /** Null: untimed. */
  timeLimitMinutes: integer('time_limit_minutes'),
  version: version(),
  updatedAt: updatedAt(),
})

/** The course's question bank: single choice, 2 to 5 options, exactly one right. */
export const assessmentQuestions = sqliteTable(
  'assessment_questions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    prompt: text('prompt').notNull(),
    options: text('options', { mode: 'json' }).$type<string[]>().notNull(),
    /** The right option's position in `options`. */
    correctOption: integer('correct_option').notNull(),
    /** Shown only to a student who passed (decision 022). */
    explanation: text('explanation'),
    /** A question taken out of the draws (kept: attempts asked it). */
    isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The admin lists a course's bank in order; an attempt draws from its active questions.
    index('assessment_questions_course_order').on(t.courseId, t.sortOrder),
    check(
      'assessment_questions_options',
      sql`json_array_length(${t.options}) BETWEEN 2 AND 5 AND ${t.correctOption} >= 0 AND ${t.correctOption} < json_array_length(${t.options})`,
    ),
  ],
)

/**
 * A student's attempt at a course's assessment: the questions drawn, with their options in the
 * order shown and the right one (never sent to the browser before it is submitted), the answers
 * saved as the student goes, and once ended its score. Numbered per student and course.
 */
export const assessmentAttempts = sqliteTable(
  'assessment_attempts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    questions: text('questions', { mode: 'json' }).$type<AttemptQuestion[]>().notNull(),
    answers: text('answers', { mode: 'json' }).$type<AttemptAnswers>().notNull(),
    /** Each save adds one: a submission scores the answers it read, or reads again. */
    revision: integer('revision').notNull().default(0),
    /** The pass mark when it started: a later change of the settings does not move it. */
    passPercent: integer('pass_percent').notNull(),
    startedAt: integer('started_at', { mode: 'timestamp_ms' }).notNull(),
    deadlineAt: integer('deadline_at', { mode: 'timestamp_ms' }),
    /** When it ended: submitted, or its deadline when the time ran out first. */
    submittedAt: integer('submitted_at', { mode: 'timestamp_ms' }),
    scorePercent: integer('score_percent'),
    isPassed: integer('is_passed', { mode: 'boolean' }),
  },
  (t) => [
    // Attempts are numbered per student and course; two starts at once make one.
    uniqueIndex('assessment_attempts_number').on(t.userId, t.courseId, t.number),
    // At most one open attempt per student and course, whatever the concurrency.
    uniqueIndex('assessment_attempts_one_open').on(t.userId, t.courseId).where(sql`submitted_at IS NULL`),
    // The admin's view of a course's attempts.
    index('assessment_attempts_course').on(t.courseId),
  ],
)

/** Attempts the admin granted a student beyond the course's allowance (one at a time). */
export const assessmentExtraAttempts = sqliteTable(
  'assessment_extra_attempts',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    extra: integer('extra').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.courseId] })],
)

// ── Certificates ────────────────────────────────────────────────────────────

/**
 * A certificate (issue 24), verified by anyone at /certificados/{code}. One per subject and
 * generation: `subject` names what it attests (`course:{user}:{course}`, `in_person:{user}:{class}`,
 * `conference:{user}`, `speaker:{talk}`), so ten requests at once insert one row; a reissue after a
 * name correction is the next generation, and the old one names its replacement.
 */
export const certificates = sqliteTable(
  'certificates',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** Public, random, unguessable: what the QR code and the verification page carry. */
    code: text('code').notNull(),
    kind: text('kind', { enum: CERTIFICATE_KINDS }).notNull(),
    subject: text('subject').notNull(),
    generation: integer('generation').notNull().default(1),
    /** The holder's account; null for a speaker without one, or once the account is deleted. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    courseId: integer('course_id').references(() => courses.id, { onDelete: 'set null' }),
    classId: integer('class_id').references(() => classes.id, { onDelete: 'set null' }),
    talkId: integer('talk_id').references(() => conferenceTalks.id, { onDelete: 'set null' }),
    /** The name printed, as the holder confirmed it; null once the account is deleted (LGPD). */
    holderName: text('holder_name'),
    /** What was completed (the course's name, the talk's title, the conference). */
    title: text('title').notNull(),
    /** The hours attested, in minutes (a conference's hours watched are not whole hours). */
    minutes: integer('minutes').notNull(),
    /** First and last day (YYYY-MM-DD in Curitiba) of what it attests. */
    startedOn: text('started_on'),
    completedOn: text('completed_on').notNull(),
    /** The text printed, the template's placeholders already filled in. */
    body: text('body').notNull(),
    signatory: text('signatory', { mode: 'json' }).$type<{
      name: string
      role: string
      signatureKey: string | null
    }>(),
    /** The Open Badges 3.0 credential, signed when issued (JWT); null once the holder's name is erased. */
    credential: text('credential'),
    issuedAt: integer('issued_at', { mode: 'timestamp_ms' }).notNull(),
    revokedAt: integer('revoked_at', { mode: 'timestamp_ms' }),
    revokedReason: text('revoked_reason'),
    /** A chargeback of the purchase that paid for it is open: suspended until it is won or lost. */
    suspendedAt: integer('suspended_at', { mode: 'timestamp_ms' }),
    suspendedReason: text('suspended_reason'),
    /** What earned it (share watched, assessment, attendance): told in the credential's evidence. */
    evidence: text('evidence', { mode: 'json' }).$type<CertificateEvidence>(),
    /** A reissue's code: this one was replaced by it. */
    replacedBy: text('replaced_by'),
    /** The credential's pseudonymous subject (`urn:uuid:…`, its `credentialSubject.id` and `sub`). */
    recipientId: text('recipient_id'),
    /** Its entry in the signed status lists (decision 020): the list's number and a random index. */
    statusList: integer('status_list'),
    statusIndex: integer('status_index'),
  },
  (t) => [
    uniqueIndex('certificates_code_unique').on(t.code),
    // One certificate per entry of a status list; also what a list's regeneration reads, by list.
    uniqueIndex('certificates_status_entry').on(t.statusList, t.statusIndex),
    // Issuing twice at once inserts one row; a reissue is the next generation.
    uniqueIndex('certificates_subject_generation').on(t.subject, t.generation),
    // Meus cursos lists the holder's certificates.
    index('certificates_user').on(t.userId),
    // The admin's list, newest first.
    index('certificates_issued').on(t.issuedAt),
  ],
)

// ── Sales recovery ──────────────────────────────────────────────────────────

/**
 * A checkout left before paying (issue 25): the e-mail a buyer who consented typed and the cart
 * they had (its immutable hash and what it held), one row per address and cart. An order for that
 * cart and address closes it.
 */
export const abandonedCheckouts = sqliteTable(
  'abandoned_checkouts',
  {
    id: text('id').primaryKey(), // random: the link back to the checkout carries it
    email: text('email').notNull(),
    cartHash: text('cart_hash').notNull(),
    /** What the e-mail lists: the lines' names and prices, and the total, as the checkout showed them. */
    items: text('items', { mode: 'json' }).$type<{ name: string; cents: number }[]>().notNull(),
    totalCents: integer('total_cents').notNull(),
    /** The cart itself, to put back in the browser that follows the link. */
    cart: text('cart', { mode: 'json' }).$type<unknown>().notNull(),
    createdAt: createdAt(),
    /** Last time the buyer was seen at the checkout with this cart (the delays count from it). */
    seenAt: integer('seen_at', { mode: 'timestamp_ms' }).notNull(),
    /** The order made for this cart and address: no more reminders. */
    orderId: text('order_id').references(() => orders.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('abandoned_checkouts_email_cart').on(t.email, t.cartHash),
    // The job picks the open ones by when they were last seen.
    index('abandoned_checkouts_open').on(t.orderId, t.seenAt),
  ],
)

/**
 * A reminder sent: one row per kind and subject (`{kind}:{checkout id}`, `{kind}:{order id}:{attempt}`,
 * `{kind}:{plan payment or fee and application}`), written in the same batch as its outbox message,
 * so two runs at once or a run resumed never send one twice nor skip one.
 */
export const reminders = sqliteTable(
  'reminders',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    kind: text('kind', { enum: REMINDER_KINDS }).notNull(),
    subject: text('subject').notNull(),
    email: text('email').notNull(),
    checkoutId: text('checkout_id').references(() => abandonedCheckouts.id, { onDelete: 'set null' }),
    orderId: text('order_id').references(() => orders.id, { onDelete: 'set null' }),
    applicationId: integer('application_id').references(() => applications.id, { onDelete: 'set null' }),
    planId: integer('plan_id').references(() => feePlans.id, { onDelete: 'set null' }),
    outboxId: integer('outbox_id'),
    /** Held back by the per-address cap (REMINDER_SETTINGS.sequencesPerAddress): recorded, never sent. */
    isCapped: integer('is_capped', { mode: 'boolean' }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('reminders_subject_unique').on(t.subject),
    // The dashboard counts reminders sent, and the orders paid after one, within a period.
    index('reminders_created').on(t.createdAt),
    index('reminders_order').on(t.orderId),
    // The recovery figures ask, per abandoned checkout, whether (and when) it was reminded.
    index('reminders_checkout').on(t.checkoutId),
    // A person's reminders, for the privacy export and the account's deletion, and the per-address cap.
    index('reminders_email').on(t.email, t.kind, t.createdAt),
  ],
)

/** Addresses that receive no reminder: unsubscribed in one click, or bounced. */
export const emailSuppressions = sqliteTable('email_suppressions', {
  email: text('email').primaryKey(),
  reason: text('reason', { enum: SUPPRESSION_REASONS }).notNull(),
  createdAt: createdAt(),
})

// ── Operations ──────────────────────────────────────────────────────────────

export const emailOutbox = sqliteTable(
  'email_outbox',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    status: text('status', { enum: OUTBOX_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }),
    /** Pending: not before then (backoff). Sending: the claim lapses then (a sender that died). */
    nextAttemptAt: integer('next_attempt_at', { mode: 'timestamp_ms' }),
    /** A message worthless after then (a password-reset link) is never sent later. */
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }),
    /**
     * The message carries a secret link or code: once sent or expired, production keeps no usable
     * copy of it (its text is blanked; the local mailbox keeps it for the developer).
     */
    secret: integer('secret', { mode: 'boolean' }).notNull().default(false),
    /** Extra headers of the message (a reminder's List-Unsubscribe and List-Unsubscribe-Post). */
    headers: text('headers', { mode: 'json' }).$type<Record<string, string>>(),
  },
  (t) => [
    // The sender picks pending messages oldest first; the dev mailbox lists newest first.
    index('email_outbox_status_created').on(t.status, t.createdAt),
  ],
)

export const qrLinks = sqliteTable(
  'qr_links',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    targetUrl: text('target_url').notNull(),
    /** Clicks counted so far (flushed from the link's Durable Object; per day in qr_link_clicks). */
    clicks: integer('clicks').notNull().default(0),
    /** A disabled link answers 404: a printed QR code can be switched off. */
    isEnabled: integer('is_enabled', { mode: 'boolean' }).notNull().default(true),
    version: version(),
    createdAt: createdAt(),
  },
  (t) => [
    // The short link /l/{slug} resolves by slug.
    uniqueIndex('qr_links_slug_unique').on(t.slug),
  ],
)

/** Clicks of a short link per day in Curitiba, added by each flush of its counter. */
export const qrLinkClicks = sqliteTable(
  'qr_link_clicks',
  {
    linkId: integer('link_id')
      .notNull()
      .references(() => qrLinks.id, { onDelete: 'cascade' }),
    day: text('day').notNull(), // YYYY-MM-DD
    clicks: integer('clicks').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.linkId, t.day] })],
)

/**
 * One row per flush of a link's counter: a flush sent again after its answer was lost fails on
 * this key and adds nothing, so every click is counted exactly once. Rows older than a week go.
 */
export const qrClickFlushes = sqliteTable('qr_click_flushes', {
  id: text('id').primaryKey(),
  linkId: integer('link_id').notNull(),
  createdAt: createdAt(),
})

/** The home showcase as a whole: publishing the editor's lists checks and bumps this version. */
export const showcaseState = sqliteTable(
  'showcase_state',
  {
    id: integer('id').primaryKey(),
    version: integer('version').notNull().default(1),
    updatedAt: updatedAt(),
  },
  (t) => [check('showcase_state_single_row', sql`${t.id} = 1`)],
)

export const auditLog = sqliteTable(
  'audit_log',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    data: text('data', { mode: 'json' }).$type<Record<string, unknown>>(),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    // The admin dashboard shows an entity's history, newest first.
    index('audit_log_entity').on(t.entity, t.entityId, t.createdAt),
    // …and the whole log, newest first.
    index('audit_log_created').on(t.createdAt),
  ],
)

// ── Relations (for drizzle's relational queries: one SQL statement each) ────

export const coursesRelations = relations(courses, ({ many }) => ({
  classes: many(classes),
  ebooks: many(ebooks),
  modules: many(courseModules),
  materials: many(courseMaterials),
}))
export const classesRelations = relations(classes, ({ one, many }) => ({
  course: one(courses, { fields: [classes.courseId], references: [courses.id] }),
  bundles: many(bundleClasses),
}))
export const bundlesRelations = relations(bundles, ({ many }) => ({
  classes: many(bundleClasses),
}))
export const bundleClassesRelations = relations(bundleClasses, ({ one }) => ({
  bundle: one(bundles, { fields: [bundleClasses.bundleId], references: [bundles.id] }),
  class: one(classes, { fields: [bundleClasses.classId], references: [classes.id] }),
}))
export const showcaseListsRelations = relations(showcaseLists, ({ many }) => ({
  cards: many(showcaseCards),
}))
export const showcaseCardsRelations = relations(showcaseCards, ({ one }) => ({
  list: one(showcaseLists, { fields: [showcaseCards.listId], references: [showcaseLists.id] }),
}))
export const courseModulesRelations = relations(courseModules, ({ one, many }) => ({
  course: one(courses, { fields: [courseModules.courseId], references: [courses.id] }),
  lessons: many(lessons),
}))
export const courseMaterialsRelations = relations(courseMaterials, ({ one }) => ({
  course: one(courses, { fields: [courseMaterials.courseId], references: [courses.id] }),
}))
export const lessonsRelations = relations(lessons, ({ one }) => ({
  module: one(courseModules, { fields: [lessons.moduleId], references: [courseModules.id] }),
}))
export const ebooksRelations = relations(ebooks, ({ one }) => ({
  course: one(courses, { fields: [ebooks.courseId], references: [courses.id] }),
}))
export const editaisRelations = relations(editais, ({ many }) => ({
  plans: many(feePlans),
}))
export const feePlansRelations = relations(feePlans, ({ one }) => ({
  edital: one(editais, { fields: [feePlans.editalId], references: [editais.id] }),
}))
export const applicationsRelations = relations(applications, ({ one, many }) => ({
  edital: one(editais, { fields: [applications.editalId], references: [editais.id] }),
  payments: many(planPayments),
}))
export const planPaymentsRelations = relations(planPayments, ({ one }) => ({
  application: one(applications, { fields: [planPayments.applicationId], references: [applications.id] }),
  plan: one(feePlans, { fields: [planPayments.planId], references: [feePlans.id] }),
}))
export const ordersRelations = relations(orders, ({ many }) => ({
  items: many(orderItems),
}))
export const orderItemsRelations = relations(orderItems, ({ one }) => ({
  order: one(orders, { fields: [orderItems.orderId], references: [orders.id] }),
}))

export * from './schema/live-questions.ts'
