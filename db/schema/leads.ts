import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { LEAD_STATES, LEAD_TARGETS } from '../../worker/domain/leads.ts'
import { createdAt, serial, version } from './columns.ts'

// The schema: Leads.

export const leads = sqliteTable(
  'leads',
  {
    id: serial(),
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
