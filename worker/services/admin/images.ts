import { eq, sql } from 'drizzle-orm'
import { courses, products, type SliderImage } from '../../../db/schema.ts'
import type { AppContext } from '../../context.ts'
import { ADMIN_CATALOG_MESSAGES, type AdminImage, type ImagesInput } from '../../contract/admin-catalog.ts'
import { sliderImageUrl } from '../../domain/institute.ts'
import { conflict, invalidField, notFound } from '../../errors.ts'
import { invalidateCatalog } from '../catalog/snapshot.ts'
import { storeCatalogImage } from '../files/files.ts'
import { type AdminRowAction, auditedWrite } from './internal.ts'

/** A slider holds at most this many images. */
export const SLIDER_MAX_IMAGES = 30

const OWNERS = {
  course: { table: courses, kind: 'cursos', notFound: ADMIN_CATALOG_MESSAGES.courseNotFound },
  product: { table: products, kind: 'produtos', notFound: ADMIN_CATALOG_MESSAGES.productNotFound },
} as const
export type ImageOwner = keyof typeof OWNERS

export const toAdminImages = (owner: ImageOwner, slider: SliderImage[]): AdminImage[] =>
  slider.map((image) => ({ image, url: sliderImageUrl(OWNERS[owner].kind, image) }))

async function sliderOf(ctx: AppContext, owner: ImageOwner, id: number): Promise<SliderImage[]> {
  const { table } = OWNERS[owner]
  const [row] = await ctx.db.select({ slider: table.slider }).from(table).where(eq(table.id, id))
  if (!row) throw notFound(OWNERS[owner].notFound)
  return row.slider
}

/**
 * Stores an uploaded image (type, size and magic number checked) in R2 and appends it to the
 * slider in one statement (JSON append), so concurrent uploads never drop one another.
 */
export async function addSliderImage({
  ctx,
  actor,
  owner,
  id,
  file,
}: AdminRowAction & { owner: ImageOwner; file: unknown }): Promise<AdminImage[]> {
  const { table, kind } = OWNERS[owner]
  const current = await sliderOf(ctx, owner, id)
  if (current.length >= SLIDER_MAX_IMAGES) {
    throw invalidField('image', `No máximo ${SLIDER_MAX_IMAGES} imagens.`)
  }
  const [name, extension] = await storeCatalogImage({ ctx, kind, file })
  const updated = await auditedWrite(ctx, actor, {
    write: ctx.db
      .update(table)
      .set({
        slider: sql`json_insert(${table.slider}, '$[#]', json_array(${name}, ${extension}))`,
        updatedAt: ctx.now,
      })
      .where(eq(table.id, id))
      .returning({ slider: table.slider }),
    audit: {
      action: `${owner}.image_add`,
      entity: owner,
      entityId: id,
      data: { after: { image: [name, extension] } },
    },
  })
  if (!updated[0]) throw notFound(OWNERS[owner].notFound)
  await invalidateCatalog(ctx)
  return toAdminImages(owner, updated[0].slider)
}

const same = (a: SliderImage, b: SliderImage) => a[0] === b[0] && a[1] === b[1]

/**
 * Reorders or removes images: `images` must be `expected` (what the screen showed) reordered,
 * less what is removed; the write applies only if the slider still is `expected` (else 409).
 */
export async function updateSliderImages({
  ctx,
  actor,
  owner,
  id,
  input,
}: AdminRowAction & { owner: ImageOwner; input: ImagesInput }): Promise<AdminImage[]> {
  const { table } = OWNERS[owner]
  const { expected, images } = input
  const unknown = images.some((image) => !expected.some((old) => same(old, image)))
  const repeated = images.some((image, index) => images.findIndex((other) => same(other, image)) !== index)
  if (unknown || repeated)
    throw invalidField('images', 'Só é possível reordenar ou remover as imagens do curso.')
  await sliderOf(ctx, owner, id)
  const updated = await auditedWrite(ctx, actor, {
    write: ctx.db
      .update(table)
      .set({ slider: images, updatedAt: ctx.now })
      .where(sql`${table.id} = ${id} AND json(${table.slider}) = json(${JSON.stringify(expected)})`)
      .returning({ slider: table.slider }),
    audit: {
      action: `${owner}.images_update`,
      entity: owner,
      entityId: id,
      data: { before: { images: expected }, after: { images } },
    },
  })
  if (!updated[0]) throw conflict(ADMIN_CATALOG_MESSAGES.imagesChanged)
  await invalidateCatalog(ctx)
  return toAdminImages(owner, updated[0].slider)
}
