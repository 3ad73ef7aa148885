import { and, asc, eq } from 'drizzle-orm'
import { classes, homeCards, homeLists, products } from '../../../db/schema.ts'
import type { AppContext } from '../../context.ts'
import { type HomeCard, HomeLists } from '../../contract/home.ts'
import { readSnapshot } from '../catalog/snapshot.ts'

/** The home showcase: every list with its cards, in order (GET /home_itens/lists). */
export async function getHomeLists({ ctx }: { ctx: AppContext }) {
  return readSnapshot(ctx, 'home-lists', HomeLists, () => loadHomeLists(ctx))
}

async function loadHomeLists(ctx: AppContext): Promise<HomeLists> {
  const { db } = ctx
  // One batch, one round trip. Class and product cards show the live price of what the cart sells.
  const [lists, cards] = await db.batch([
    db.select().from(homeLists).orderBy(asc(homeLists.sortOrder), asc(homeLists.id)),
    db
      .select({ card: homeCards, classPrice: classes.priceCents, productPrice: products.priceCents })
      .from(homeCards)
      .leftJoin(classes, and(eq(homeCards.type, 'turma'), eq(classes.id, homeCards.itemId)))
      .leftJoin(products, and(eq(homeCards.type, 'produto'), eq(products.id, homeCards.itemId)))
      .orderBy(asc(homeCards.listId), asc(homeCards.sortOrder), asc(homeCards.id)),
  ])

  return lists.map((list) => ({
    id: list.id,
    title: list.title,
    sub_title: list.subTitle,
    cart_mode: list.isCartMode,
    itens: cards
      .filter(({ card }) => card.listId === list.id)
      .map(({ card, classPrice, productPrice }) => toHomeCard(card, classPrice ?? productPrice)),
  }))
}

type CardRow = Omit<typeof homeCards.$inferSelect, 'id' | 'listId' | 'sortOrder'> & { id: number }

/**
 * A stored card as the home page draws it; a class or product card shows `livePrice`, the price
 * the cart sells it at. The admin's preview draws its draft through this same function.
 */
export function toHomeCard(card: CardRow, livePrice: number | null): HomeCard {
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
