import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { USER_TYPES } from '../../worker/domain/roles.ts'
import { createdAt, partOf, serial, stamped } from './columns.ts'

// The schema: Accounts.

export const users = sqliteTable(
  'users',
  {
    id: serial(),
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
    ...stamped(),
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
    id: serial(),
    userId: partOf('user_id', () => users.id),
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
    userId: partOf('user_id', () => users.id),
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
    userId: partOf('user_id', () => users.id),
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
    userId: partOf('user_id', () => users.id),
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
