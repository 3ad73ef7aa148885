import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { users } from './accounts.ts'
import { createdAt, partOf, serial, version } from './columns.ts'

// The schema: Operations.

// pending → sending (claimed by one sender) → sent; back to pending with a later next_attempt_at
// after a temporary failure; failed when the job gave up; expired when its link ran out first.
export const OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'failed', 'expired'] as const

export const emailOutbox = sqliteTable(
  'email_outbox',
  {
    id: serial(),
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
    id: serial(),
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
    linkId: partOf('link_id', () => qrLinks.id),
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

export const auditLog = sqliteTable(
  'audit_log',
  {
    id: serial(),
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
