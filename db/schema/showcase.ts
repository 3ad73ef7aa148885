import { sql } from 'drizzle-orm'
import { check, index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { CARD_TYPES } from '../../worker/domain/catalog.ts'
import { USER_TYPES } from '../../worker/domain/roles.ts'
import { products } from './catalog.ts'
import { partOf, serial, stamped, updatedAt, version } from './columns.ts'

// The schema: Home showcase and menu.

export const showcaseLists = sqliteTable('showcase_lists', {
  id: serial(),
  title: text('title').notNull(),
  subTitle: text('sub_title').notNull().default(''),
  isCartMode: integer('is_cart_mode', { mode: 'boolean' }).notNull().default(false),
  sortOrder: integer('sort_order').notNull().default(0),
  ...stamped(),
})

export const showcaseCards = sqliteTable(
  'showcase_cards',
  {
    id: serial(),
    listId: partOf('list_id', () => showcaseLists.id),
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
    id: serial(),
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

/** The home showcase as a whole: publishing the editor's lists checks and bumps this version. */
export const showcaseState = sqliteTable(
  'showcase_state',
  {
    id: integer('id').primaryKey(),
    version: version(),
    updatedAt: updatedAt(),
  },
  (t) => [check('showcase_state_single_row', sql`${t.id} = 1`)],
)
