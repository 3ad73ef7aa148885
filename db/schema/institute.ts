import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { EBOOK_ACCESS } from '../../worker/domain/catalog.ts'
import { courses } from './catalog.ts'
import { createdAt, serial, updatedAt } from './columns.ts'

// The schema: Institute content.

export const pages = sqliteTable('pages', {
  slug: text('slug').primaryKey(), // the page route, e.g. 'quem-somos', 'pesquisa/publicacoes'
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  body: text('body').notNull().default(''),
  updatedAt: updatedAt(),
})

export const proceedings = sqliteTable('proceedings', {
  id: serial(),
  title: text('title').notNull(),
  year: integer('year').notNull(),
  description: text('description').notNull().default(''),
  fileKey: text('file_key').notNull(),
  createdAt: createdAt(),
})

export const ebooks = sqliteTable('ebooks', {
  id: serial(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  courseId: integer('course_id').references(() => courses.id, { onDelete: 'set null' }),
  access: text('access', { enum: EBOOK_ACCESS }).notNull().default('purchase'),
  coverImg: text('cover_img'),
  fileKey: text('file_key').notNull(),
  pages: integer('pages'),
  createdAt: createdAt(),
})
