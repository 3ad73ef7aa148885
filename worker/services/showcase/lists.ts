import { and, asc, eq } from 'drizzle-orm'
import { classes, products, showcaseCards, showcaseLists } from '../../../db/schema.ts'
import type { AppContext } from '../../context.ts'
import { type ShowcaseCard, ShowcaseLists } from '../../contract/showcase.ts'
import { readSnapshot } from '../catalog/snapshot.ts'

/** The home showcase: every list with its cards, in order (GET /home_itens/lists). */
export async function getShowcaseLists({ ctx }: { ctx: AppContext }) {
  return readSnapshot(ctx, 'home-lists', ShowcaseLists, () => loadShowcaseLists(ctx))
}

async function loadShowcaseLists(ctx: AppContext): Promise<ShowcaseLists> {
  const { db } = ctx
  // One batch, one round trip. Class and product cards show the live price of what the cart sells.
  const [lists, cards] = await db.batch([
    db.select().from(showcaseLists).orderBy(asc(showcaseLists.sortOrder), asc(showcaseLists.id)),
    db
      .select({ card: showcaseCards, classPrice: classes.priceCents, productPrice: products.priceCents })
      .from(showcaseCards)
      .leftJoin(classes, and(eq(showcaseCards.type, 'turma'), eq(classes.id, showcaseCards.itemId)))
      .leftJoin(products, and(eq(showcaseCards.type, 'produto'), eq(products.id, showcaseCards.itemId)))
      .orderBy(asc(showcaseCards.listId), asc(showcaseCards.sortOrder), asc(showcaseCards.id)),
  ])

  return lists.map((list) => ({
    id: list.id,
    title: list.title,
    sub_title: list.subTitle,
    cart_mode: list.isCartMode,
    itens: cards
      .filter(({ card }) => card.listId === list.id)
      .map(({ card, classPrice, productPrice }) => toShowcaseCard(card, classPrice ?? productPrice)),
  }))
}

type CardRow = Omit<typeof showcaseCards.$inferSelect, 'id' | 'listId' | 'sortOrder'> & { id: number }

/**
 * A stored card as the home page draws it; a class or product card shows `livePrice`, the price
 * the cart sells it at. The admin's preview draws its draft through this same function.
 */
export function toShowcaseCard(card: CardRow, livePrice: number | null): ShowcaseCard {
  const price = livePrice ?? card.priceCents
  return {
    id: card.itemId ?? card.id,
    type: card.type,
    name: card.name,
    ...(card.nameSplited?.length ? { name_splited: card.nameSplited } : {}),
    description_title: card.descriptionTitle,
    description: card.description,
    img: card.img,
    price,
    amount: card.amountCents !== null && card.amountCents > price ? card.amountCents : null,
    url: card.url,
    open: card.isOpen,
    product_id: card.productId,
  }
}
