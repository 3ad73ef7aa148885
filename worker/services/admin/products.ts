import { asc, count, eq } from 'drizzle-orm'
import type { z } from 'zod'
import { products } from '../../../db/schema.ts'
import {
  ADMIN_CATALOG_MESSAGES,
  type AdminListQuery,
  type AdminProduct,
  type AdminProductPage,
  type ProductInput,
  type ProductUpdateInput,
} from '../../contract/admin-catalog.ts'
import { changedFields } from '../../domain/audit.ts'
import { notFound } from '../../errors.ts'
import { invalidateCatalog } from '../catalog/snapshot.ts'
import { toAdminImages } from './images.ts'
import {
  type AdminEdit,
  type AdminRead,
  type AdminWrite,
  auditedInsert,
  listPage,
  nextVersion,
  rowOr404,
  searchOf,
  versionedUpdate,
} from './internal.ts'

type ProductRow = typeof products.$inferSelect

const editable = (row: ProductRow) => ({
  name: row.name,
  description: row.description,
  price: row.priceCents,
  is_published: row.isPublished,
})

const productColumns = (input: z.output<typeof ProductInput>) => ({
  name: input.name,
  description: input.description,
  priceCents: input.price,
  isPublished: input.is_published,
})

const toAdminProduct = (row: ProductRow): AdminProduct => ({
  id: row.id,
  ...editable(row),
  images: toAdminImages('product', row.slider),
  version: row.version,
})

export async function listAdminProducts({
  ctx,
  query,
}: AdminRead<typeof AdminListQuery>): Promise<AdminProductPage> {
  const { db } = ctx
  const where = searchOf(query.q, products.name)
  return listPage(ctx, query, {
    count: db.select({ total: count() }).from(products).where(where),
    rows: db.select().from(products).where(where).orderBy(asc(products.name), asc(products.id)),
    toItem: toAdminProduct,
  })
}

export async function createProduct({
  ctx,
  actor,
  input,
}: AdminWrite<typeof ProductInput>): Promise<AdminProduct> {
  const inserted = await auditedInsert(ctx, actor, {
    insert: ctx.db
      .insert(products)
      .values({ ...productColumns(input), createdAt: ctx.now, updatedAt: ctx.now })
      .returning(),
    entity: 'product',
    after: input,
  })
  await invalidateCatalog(ctx)
  return toAdminProduct(inserted[0]!)
}

export async function updateProduct({
  ctx,
  actor,
  id,
  input,
}: AdminEdit<typeof ProductUpdateInput>): Promise<AdminProduct> {
  const before = await rowOr404(ctx, products, id, ADMIN_CATALOG_MESSAGES.productNotFound)
  const { version, ...fields } = input
  const updated = await versionedUpdate(ctx, actor, {
    update: ctx.db
      .update(products)
      .set({ ...productColumns(fields), version: nextVersion(products.version, version), updatedAt: ctx.now })
      .where(eq(products.id, id))
      .returning(),
    audit: { entity: 'product', id, data: changedFields(editable(before), fields) },
  })
  if (!updated[0]) throw notFound(ADMIN_CATALOG_MESSAGES.productNotFound)
  await invalidateCatalog(ctx)
  return toAdminProduct(updated[0])
}
