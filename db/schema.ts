import { relations, sql } from 'drizzle-orm'
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { LEAD_TARGETS } from '../worker/domain/contact.ts'

// Enumerations shared with worker/domain: the database stores these exact strings.
export const USER_TYPES = ['N', 'A'] as const
export const COURSE_SECTIONS = ['online', 'presencial', 'nefrologia-intervencionista'] as const
export const CLASS_TYPES = ['N', 'C'] as const // N: dated (course_init); C: 'comece agora'
export const DISCOUNT_TYPES = ['P', 'F'] as const // P: percent; F: fixed amount in centavos
export const CARD_TYPES = ['turma', 'produto', 'pacote', 'curso'] as const
export const ORDER_STATUSES = ['pending', 'paid', 'failed', 'refunded', 'expired'] as const
export const PAYMENT_TYPES = ['CREDIT_CARD', 'BOLETO', 'PIX'] as const
export const PLAN_PAYMENT_METHODS = ['credit_card', 'boleto', 'debit_card'] as const
export const EBOOK_ACCESS = ['free', 'purchase'] as const
export const OUTBOX_STATUSES = ['pending', 'sent', 'failed'] as const
export { LEAD_TARGETS } // worker/domain/contact.ts: the contact form's rules are its home

export type UserType = (typeof USER_TYPES)[number]
export type CourseSection = (typeof COURSE_SECTIONS)[number]
export type ClassType = (typeof CLASS_TYPES)[number]
export type DiscountType = (typeof DISCOUNT_TYPES)[number]
export type CardType = (typeof CARD_TYPES)[number]
export type OrderStatus = (typeof ORDER_STATUSES)[number]
export type PaymentType = (typeof PAYMENT_TYPES)[number]
export type PlanPaymentMethod = (typeof PLAN_PAYMENT_METHODS)[number]

/** [file name, extension] pairs, as the SPEC's course and product sliders. */
export type SliderImage = [name: string, extension: string]

const createdAt = () =>
  integer('created_at', { mode: 'timestamp_ms' }).notNull().default(sql`(unixepoch('subsec') * 1000)`)
const updatedAt = () =>
  integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(sql`(unixepoch('subsec') * 1000)`)

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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
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
    slider: text('slider', { mode: 'json' }).$type<SliderImage[]>().notNull().default(sql`'[]'`),
    isPublished: integer('is_published', { mode: 'boolean' }).notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
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
    priceCents: integer('price_cents').notNull(),
    studentPriceCents: integer('student_price_cents'),
    studentDiscount: text('student_discount', { enum: ['A', 'N'] })
      .notNull()
      .default('N'),
    isBoletoAllowed: integer('is_boleto_allowed', { mode: 'boolean' }).notNull().default(true),
    instalmentTimes: integer('instalment_times').notNull().default(12),
    isOpen: integer('is_open', { mode: 'boolean' }).notNull().default(true),
    seats: integer('seats'),
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
    createdAt: createdAt(),
  },
  (t) => [
    // set-cupom looks a coupon up by the typed key.
    uniqueIndex('coupons_key_unique').on(t.key),
  ],
)

// ── Home showcase and menu ──────────────────────────────────────────────────

export const homeLists = sqliteTable('home_lists', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  title: text('title').notNull(),
  subTitle: text('sub_title').notNull().default(''),
  isCartMode: integer('is_cart_mode', { mode: 'boolean' }).notNull().default(false),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

export const homeCards = sqliteTable(
  'home_cards',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    listId: integer('list_id')
      .notNull()
      .references(() => homeLists.id, { onDelete: 'cascade' }),
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
    index('home_cards_list_order').on(t.listId, t.sortOrder),
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

// ── Orders and enrolments ───────────────────────────────────────────────────

export const orders = sqliteTable(
  'orders',
  {
    id: text('id').primaryKey(), // random, unguessable (appears in result URLs)
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    cartHash: text('cart_hash').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('pending'),
    paymentType: text('payment_type', { enum: PAYMENT_TYPES }),
    instalments: integer('instalments').notNull().default(1),
    grossCents: integer('gross_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    interestCents: integer('interest_cents').notNull().default(0),
    donationCents: integer('donation_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull(),
    gateway: text('gateway').notNull(),
    gatewayOrderId: text('gateway_order_id'),
    gatewayChargeId: text('gateway_charge_id'),
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
    studentDocKey: text('student_doc_key'),
    hasPassport: integer('has_passport', { mode: 'boolean' }).notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    paidAt: integer('paid_at', { mode: 'timestamp_ms' }),
    /** Random per state change: what that change writes alongside is keyed to it, so a replay adds nothing. */
    settlementId: text('settlement_id'),
  },
  (t) => [
    // A repeated submit with the same key returns the first order (DESIGN 6).
    uniqueIndex('orders_idempotency_key').on(t.idempotencyKey),
    // Webhooks find the order by the gateway's id.
    index('orders_gateway_order').on(t.gatewayOrderId),
    // /usuario/compras lists a user's orders.
    index('orders_user').on(t.userId, t.createdAt),
  ],
)

export const orderItems = sqliteTable(
  'order_items',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    itemType: text('item_type', { enum: ['turma', 'produto', 'pacote'] }).notNull(),
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
    status: text('status', { enum: ['active', 'cancelled'] })
      .notNull()
      .default('active'),
    createdAt: createdAt(),
  },
  (t) => [
    // A paid order enrols once per class: a second insert is a no-op.
    uniqueIndex('enrollments_user_class').on(t.userId, t.classId),
    // /admin/matriculas lists a class's students.
    index('enrollments_class').on(t.classId),
  ],
)

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
    status: text('status', { enum: ['submitted', 'approved', 'rejected', 'cancelled'] })
      .notNull()
      .default('submitted'),
    createdAt: createdAt(),
  },
  (t) => [
    // One application per user and edital.
    uniqueIndex('applications_edital_user').on(t.editalId, t.userId),
    // /usuario/editais lists the user's applications.
    index('applications_user').on(t.userId),
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
    amountCents: integer('amount_cents').notNull(),
    paymentMethods: text('payment_methods', { mode: 'json' }).$type<PlanPaymentMethod[]>().notNull(),
    instalmentTimes: integer('instalment_times').notNull().default(1),
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
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('pending'),
    paymentMethod: text('payment_method', { enum: PLAN_PAYMENT_METHODS }).notNull(),
    instalments: integer('instalments').notNull().default(1),
    amountCents: integer('amount_cents').notNull(),
    gateway: text('gateway').notNull(),
    gatewayOrderId: text('gateway_order_id'),
    boletoUrl: text('boleto_url'),
    payNumber: text('pay_number'),
    createdAt: createdAt(),
    paidAt: integer('paid_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    // Same key, same payment (DESIGN 6).
    uniqueIndex('plan_payments_idempotency_key').on(t.idempotencyKey),
    // /usuario/editais shows an application's payments.
    index('plan_payments_application').on(t.applicationId),
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
    clicks: integer('clicks').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    // The short link /q/{slug} resolves by slug.
    uniqueIndex('qr_links_slug_unique').on(t.slug),
  ],
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
  ],
)

// ── Relations (for drizzle's relational queries: one SQL statement each) ────

export const coursesRelations = relations(courses, ({ many }) => ({
  classes: many(classes),
  ebooks: many(ebooks),
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
export const homeListsRelations = relations(homeLists, ({ many }) => ({
  cards: many(homeCards),
}))
export const homeCardsRelations = relations(homeCards, ({ one }) => ({
  list: one(homeLists, { fields: [homeCards.listId], references: [homeLists.id] }),
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
export const ordersRelations = relations(orders, ({ many }) => ({
  items: many(orderItems),
}))
export const orderItemsRelations = relations(orderItems, ({ one }) => ({
  order: one(orders, { fields: [orderItems.orderId], references: [orders.id] }),
}))
