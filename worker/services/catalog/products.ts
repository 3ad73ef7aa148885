import { and, asc, eq } from 'drizzle-orm'
import { products } from '../../../db/schema.ts'
import type { AppContext } from '../../context.ts'
import { Product, ProductList } from '../../contract/catalog.ts'
import { notFound } from '../../errors.ts'
import { readSnapshot } from './snapshot.ts'

function toProduct(row: typeof products.$inferSelect): Product {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price: row.priceCents,
    slider: row.slider,
  }
}

export async function listProducts({ ctx }: { ctx: AppContext }) {
  return readSnapshot(ctx, 'products', ProductList, async () => {
    const rows = await ctx.db
      .select()
      .from(products)
      .where(eq(products.isPublished, true))
      .orderBy(asc(products.id))
    return rows.map(toProduct)
  })
}

export async function getProduct({ ctx, id }: { ctx: AppContext; id: number }) {
  const { value } = await readSnapshot(ctx, `product:${id}`, Product.nullable(), async () => {
    const [row] = await ctx.db
      .select()
      .from(products)
      .where(and(eq(products.id, id), eq(products.isPublished, true)))
    return row ? toProduct(row) : null
  })
  if (!value) throw notFound('Produto não encontrado.')
  return value
}
