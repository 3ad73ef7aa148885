import { z } from 'zod'
import { CARD_TYPES } from '../domain/catalog.ts'
import { Id, Version } from './admin.ts'
import { Cents } from './money.ts'

// The home showcase editor (/admin/home): the lists of SPEC section 2 and their cards, edited as a
// whole, previewed as the home page draws them, and published at once (one version).

export const SHOWCASE_MESSAGES = {
  itemNotFound: 'O item escolhido não existe mais. Escolha outro.',
  sameTitle: 'Duas listas com o mesmo título teriam o mesmo link (âncora): mude um deles.',
  notForSale: 'Numa lista com carrinho, o card vende uma turma, um produto ou um pacote (não um curso).',
  published: 'Vitrine publicada.',
} as const

const ImagePath = z
  .string()
  .trim()
  .max(500)
  .regex(/^\/(?!\/)[^\s"<>\\]*$/, { error: 'A imagem deve ser um endereço do site (começando com /).' })

export const ShowcaseCardInput = z
  .object({
    /** The card's id when it already exists (its position may change). */
    id: Id.nullable().default(null),
    type: z.enum(CARD_TYPES, { error: 'Escolha o tipo do card.' }),
    /** The class, product, bundle or course it shows. */
    item_id: Id,
    name: z
      .string({ error: 'Informe o nome do card.' })
      .trim()
      .min(2, { error: 'Informe o nome do card.' })
      .max(160),
    /** Lines of the name, joined with '+' on the card. */
    name_splited: z
      .array(z.string().trim().min(1).max(80))
      .max(6, { error: 'No máximo 6 linhas.' })
      .nullable()
      .default(null),
    description_title: z.string().trim().max(160).default(''),
    description: z.string().trim().max(600).default(''),
    /**
     * Omitted: the item's first picture, as it is when published. null: none (the home page draws
     * the default course image), kept so when the showcase is published again.
     */
    img: ImagePath.nullable().optional(),
    /** The original price, shown struck through when above the price. */
    amount: Cents.max(100_000_000).nullable().default(null),
    open: z.boolean().default(true),
  })
  .strict()
export type ShowcaseCardInput = z.input<typeof ShowcaseCardInput>

export const ShowcaseListInput = z
  .object({
    id: Id.nullable().default(null),
    title: z
      .string({ error: 'Informe o título da lista.' })
      .trim()
      .min(2, { error: 'Informe o título da lista.' })
      .max(80),
    sub_title: z.string().trim().max(300).default(''),
    cart_mode: z.boolean().default(false),
    cards: z.array(ShowcaseCardInput).max(40, { error: 'No máximo 40 cards por lista.' }),
  })
  .strict()
export type ShowcaseListInput = z.input<typeof ShowcaseListInput>

const Lists = z.array(ShowcaseListInput).max(20, { error: 'No máximo 20 listas.' })

export const ShowcasePreviewInput = z.object({ lists: Lists }).strict()
export type ShowcasePreviewInput = z.input<typeof ShowcasePreviewInput>
export const ShowcaseInput = z.object({ lists: Lists, version: Version }).strict()
export type ShowcaseInput = z.input<typeof ShowcaseInput>

export const AdminShowcaseCard = z.object({
  id: z.number().int(),
  type: z.enum(CARD_TYPES),
  item_id: z.number().int(),
  name: z.string(),
  name_splited: z.array(z.string()).nullable(),
  description_title: z.string(),
  description: z.string(),
  img: z.string().nullable(),
  amount: Cents.nullable(),
  open: z.boolean(),
  /** As the home page shows it (the live price of the class or product). */
  price: Cents,
})
export type AdminShowcaseCard = z.infer<typeof AdminShowcaseCard>

export const AdminShowcase = z.object({
  version: z.number().int(),
  lists: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      sub_title: z.string(),
      cart_mode: z.boolean(),
      cards: z.array(AdminShowcaseCard),
    }),
  ),
  /** Images a card may use: each item's slider, by `${type}:${item_id}`. */
  images: z.record(z.string(), z.array(z.string())),
})
export type AdminShowcase = z.infer<typeof AdminShowcase>
