import { z } from 'zod'
import { CARD_TYPES } from '../domain/catalog.ts'
import { Cents } from './money.ts'

export const ShowcaseCard = z.object({
  id: z.number().int(),
  /** What add-to-cart sends as data.type, with `id` as data.id. */
  type: z.enum(CARD_TYPES),
  name: z.string(),
  /** Several lines of the name, shown joined with '+'. */
  name_splited: z.array(z.string()).optional(),
  description_title: z.string(),
  description: z.string(),
  /** Image URL; null when the card has none (the UI shows the default course image). */
  img: z.string().nullable(),
  price: Cents,
  /** Original price, shown struck through; null when there is none. */
  amount: Cents.nullable(),
  url: z.string().nullable(),
  open: z.boolean(),
  product_id: z.number().int().nullable(),
})
export type ShowcaseCard = z.infer<typeof ShowcaseCard>

export const ShowcaseList = z.object({
  id: z.number().int(),
  title: z.string(),
  sub_title: z.string(),
  /** In cart mode every card's button is 'Adicionar ao carrinho'. */
  cart_mode: z.boolean(),
  itens: z.array(ShowcaseCard),
})
export type ShowcaseList = z.infer<typeof ShowcaseList>

export const ShowcaseLists = z.array(ShowcaseList)
export type ShowcaseLists = z.infer<typeof ShowcaseLists>
