import { asc, eq, inArray, notInArray, type SQL, sql } from 'drizzle-orm'
import type { z } from 'zod'
import {
  bundleClasses,
  bundles,
  classes,
  courses,
  products,
  showcaseCards,
  showcaseLists,
  showcaseState,
} from '../../../db/schema.ts'
import type { AppContext } from '../../context.ts'
import {
  type AdminShowcase,
  SHOWCASE_MESSAGES,
  type ShowcaseInput,
  type ShowcasePreviewInput,
} from '../../contract/admin-showcase.ts'
import type { ShowcaseLists } from '../../contract/showcase.ts'
import { anchorFromTitle } from '../../domain/anchors.ts'
import type { CardType } from '../../domain/catalog.ts'
import { sliderImageUrl } from '../../domain/institute.ts'
import { priceBundle } from '../../domain/pricing.ts'
import { AppError } from '../../errors.ts'
import { bundleForPricing } from '../catalog/pricing.ts'
import { invalidateCatalog } from '../catalog/snapshot.ts'
import { toShowcaseCard } from '../showcase/lists.ts'
import { type AdminWrite, auditStatement, nextVersion, withVersionCheck } from './internal.ts'

type Draft = z.output<typeof ShowcasePreviewInput>['lists']
type CardValues = Omit<typeof showcaseCards.$inferInsert, 'listId' | 'sortOrder'>

/** What a card may point at, and what the home page shows of it. */
type Item = {
  name: string
  price: number
  livePrice: number | null
  url: string | null
  img: string | null
  productId: number | null
}

/** Every class, product, course and bundle a card may show, with what the card takes from it. */
async function loadItems(ctx: AppContext) {
  const { db } = ctx
  const [courseRows, classRows, productRows, bundleRows, memberRows] = await db.batch([
    db.select({ id: courses.id, name: courses.name, url: courses.url, slider: courses.slider }).from(courses),
    db.select().from(classes),
    db
      .select({ id: products.id, name: products.name, price: products.priceCents, slider: products.slider })
      .from(products),
    db.select().from(bundles),
    db
      .select({ bundleId: bundleClasses.bundleId, classId: bundleClasses.classId })
      .from(bundleClasses)
      .orderBy(asc(bundleClasses.sortOrder), asc(bundleClasses.classId)),
  ])
  const courseById = new Map(courseRows.map((row) => [row.id, row]))
  const classById = new Map(classRows.map((row) => [row.id, row]))
  const items = new Map<string, Item>()
  const images: Record<string, string[]> = {}
  const courseImages = (courseId: number | undefined) =>
    (courseId === undefined ? [] : (courseById.get(courseId)?.slider ?? [])).map((pair) =>
      sliderImageUrl('cursos', pair),
    )

  for (const course of courseRows) {
    const open = classRows.filter((turma) => turma.courseId === course.id && turma.isOpen)
    const price = open.length ? Math.min(...open.map((turma) => turma.priceCents)) : 0
    images[`curso:${course.id}`] = courseImages(course.id)
    items.set(`curso:${course.id}`, {
      name: course.name,
      price,
      livePrice: null,
      url: `/cursos/${course.url}`,
      img: images[`curso:${course.id}`]![0] ?? null,
      productId: null,
    })
  }
  for (const turma of classRows) {
    const course = courseById.get(turma.courseId)
    images[`turma:${turma.id}`] = courseImages(turma.courseId)
    items.set(`turma:${turma.id}`, {
      name: course?.name ?? turma.name,
      price: turma.priceCents,
      livePrice: turma.priceCents,
      url: course ? `/cursos/${course.url}` : null,
      img: images[`turma:${turma.id}`]![0] ?? null,
      productId: null,
    })
  }
  for (const product of productRows) {
    images[`produto:${product.id}`] = product.slider.map((pair) => sliderImageUrl('produtos', pair))
    items.set(`produto:${product.id}`, {
      name: product.name,
      price: product.price,
      livePrice: product.price,
      url: `/produtos/${product.id}`,
      img: images[`produto:${product.id}`]![0] ?? null,
      productId: product.id,
    })
  }
  for (const bundle of bundleRows) {
    const members = memberRows
      .filter((row) => row.bundleId === bundle.id)
      .flatMap((row) => {
        const turma = classById.get(row.classId)
        return turma ? [turma] : []
      })
    const priced = priceBundle(bundleForPricing(bundle, members))
    images[`pacote:${bundle.id}`] = courseImages(members[0]?.courseId)
    items.set(`pacote:${bundle.id}`, {
      name: bundle.name,
      price: priced.netCents,
      livePrice: null,
      url: null,
      img: images[`pacote:${bundle.id}`]![0] ?? null,
      productId: null,
    })
  }
  return { items, images }
}

/**
 * The draft's cards as they would be stored, each with the live price the home page shows; 422
 * naming the card whose item no longer exists, or two lists whose titles make the same anchor.
 */
function resolveDraft(draft: Draft, items: Map<string, Item>) {
  const errors = new Map<string, string[]>()
  const anchors = new Map<string, number>()
  draft.forEach((list, index) => {
    const anchor = anchorFromTitle(list.title)
    if (anchors.has(anchor)) errors.set(`lists.${index}.title`, [SHOWCASE_MESSAGES.sameTitle])
    anchors.set(anchor, index)
  })
  const lists = draft.map((list, listIndex) => ({
    ...list,
    cards: list.cards.map((card, cardIndex) => {
      const item = items.get(`${card.type}:${card.item_id}`)
      if (!item) errors.set(`lists.${listIndex}.cards.${cardIndex}.item_id`, [SHOWCASE_MESSAGES.itemNotFound])
      if (list.cart_mode && card.type === 'curso') {
        errors.set(`lists.${listIndex}.cards.${cardIndex}.type`, [SHOWCASE_MESSAGES.notForSale])
      }
      const values: CardValues = {
        type: card.type as CardType,
        itemId: card.item_id,
        name: card.name,
        nameSplited: card.name_splited?.length ? card.name_splited : null,
        descriptionTitle: card.description_title,
        description: card.description,
        img: card.img === undefined ? (item?.img ?? null) : card.img,
        priceCents: item?.price ?? 0,
        amountCents: card.amount,
        url: item?.url ?? null,
        isOpen: card.open,
        productId: item?.productId ?? null,
      }
      return { values, livePrice: item?.livePrice ?? null }
    }),
  }))
  if (errors.size > 0) {
    throw new AppError('VALIDATION', [...errors.values()].flat().join('\n'), Object.fromEntries(errors))
  }
  return lists
}

const asShowcaseCard = (values: CardValues, livePrice: number | null, id: number) =>
  toShowcaseCard(
    {
      ...values,
      id,
      itemId: values.itemId ?? null,
      nameSplited: values.nameSplited ?? null,
      descriptionTitle: values.descriptionTitle ?? '',
      description: values.description ?? '',
      img: values.img ?? null,
      priceCents: values.priceCents ?? 0,
      amountCents: values.amountCents ?? null,
      url: values.url ?? null,
      isOpen: values.isOpen ?? false,
      productId: values.productId ?? null,
    },
    livePrice,
  )

/** GET /api/admin/vitrine: the lists and cards as stored, the version to publish against, the images. */
export async function getAdminShowcase({ ctx }: { ctx: AppContext }): Promise<AdminShowcase> {
  const { db } = ctx
  const [stateRows, listRows, cardRows] = await db.batch([
    db.select().from(showcaseState).where(eq(showcaseState.id, 1)),
    db.select().from(showcaseLists).orderBy(asc(showcaseLists.sortOrder), asc(showcaseLists.id)),
    db
      .select()
      .from(showcaseCards)
      .orderBy(asc(showcaseCards.listId), asc(showcaseCards.sortOrder), asc(showcaseCards.id)),
  ])
  const { items, images } = await loadItems(ctx)
  return {
    version: stateRows[0]?.version ?? 1,
    lists: listRows.map((list) => ({
      id: list.id,
      title: list.title,
      sub_title: list.subTitle,
      cart_mode: list.isCartMode,
      cards: cardRows
        .filter((card) => card.listId === list.id)
        .map((card) => {
          const item = card.itemId === null ? undefined : items.get(`${card.type}:${card.itemId}`)
          return {
            id: card.id,
            type: card.type,
            item_id: card.itemId ?? 0,
            name: card.name,
            name_splited: card.nameSplited ?? null,
            description_title: card.descriptionTitle,
            description: card.description,
            img: card.img,
            amount: card.amountCents,
            open: card.isOpen,
            price: item?.livePrice ?? item?.price ?? card.priceCents,
          }
        }),
    })),
    images,
  }
}

/** POST /api/admin/vitrine/previa: the draft exactly as GET /home_itens/lists would answer it. */
export async function previewShowcase({
  ctx,
  input,
}: {
  ctx: AppContext
  input: z.output<typeof ShowcasePreviewInput>
}): Promise<ShowcaseLists> {
  const { items } = await loadItems(ctx)
  return resolveDraft(input.lists, items).map((list, listIndex) => ({
    id: list.id ?? -(listIndex + 1),
    title: list.title,
    sub_title: list.sub_title,
    cart_mode: list.cart_mode,
    itens: list.cards.map(({ values, livePrice }, cardIndex) =>
      asShowcaseCard(values, livePrice, -(listIndex * 100 + cardIndex + 1)),
    ),
  }))
}

const summary = (
  lists: { title: string; cart_mode: boolean; cards: { type: string; item_id: number }[] }[],
) =>
  lists.map((list) => ({
    title: list.title,
    cart_mode: list.cart_mode,
    cards: list.cards.map((card) => `${card.type}:${card.item_id}`),
  }))

/**
 * PUT /api/admin/vitrine: publishes the editor's lists as a whole, in one batch (never half a
 * showcase), against the version the editor read (409 when someone published meanwhile); then a
 * new catalogue snapshot, so the home page shows it within the edge cache's lifetime.
 */
export async function publishShowcase({
  ctx,
  actor,
  input,
}: AdminWrite<typeof ShowcaseInput>): Promise<AdminShowcase> {
  const before = await getAdminShowcase({ ctx })
  const { items } = await loadItems(ctx)
  const lists = resolveDraft(input.lists, items)
  const known = new Set(before.lists.map((list) => list.id))
  const keptIds = lists.flatMap((list) => (list.id !== null && known.has(list.id) ? [list.id] : []))
  const { db } = ctx
  const newListId = sql`(SELECT max(${showcaseLists.id}) FROM ${showcaseLists})`
  const statements: SQL[] = [
    sql`INSERT INTO showcase_state (id, version) VALUES (1, 1) ON CONFLICT (id) DO NOTHING`,
  ]
  const writes = lists.flatMap((list, index) => {
    const listId = list.id !== null && known.has(list.id) ? list.id : null
    const fields = {
      title: list.title,
      subTitle: list.sub_title,
      isCartMode: list.cart_mode,
      sortOrder: index + 1,
    }
    const listStatement =
      listId === null
        ? db.insert(showcaseLists).values({ ...fields, createdAt: ctx.now, updatedAt: ctx.now })
        : db
            .update(showcaseLists)
            .set({ ...fields, updatedAt: ctx.now })
            .where(eq(showcaseLists.id, listId))
    const cardStatements = list.cards.map(({ values }, cardIndex) =>
      db.insert(showcaseCards).values({ ...values, listId: listId ?? newListId, sortOrder: cardIndex + 1 }),
    )
    return [listStatement, ...cardStatements]
  })
  await withVersionCheck(() =>
    db.batch([
      db.run(statements[0]!),
      db
        .update(showcaseState)
        .set({ version: nextVersion(showcaseState.version, input.version), updatedAt: ctx.now })
        .where(eq(showcaseState.id, 1)),
      keptIds.length
        ? db.delete(showcaseLists).where(notInArray(showcaseLists.id, keptIds))
        : db.delete(showcaseLists),
      ...(keptIds.length ? [db.delete(showcaseCards).where(inArray(showcaseCards.listId, keptIds))] : []),
      ...writes,
      db.run(
        auditStatement(ctx, actor, {
          action: 'showcase.publish',
          entity: 'showcase',
          entityId: 1,
          data: {
            before: { lists: summary(before.lists) },
            after: {
              lists: summary(
                input.lists.map((list) => ({ ...list, cards: list.cards.map((card) => ({ ...card })) })),
              ),
            },
          },
        }),
      ),
    ]),
  )
  await invalidateCatalog(ctx)
  return getAdminShowcase({ ctx })
}
