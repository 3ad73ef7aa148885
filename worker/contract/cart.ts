import { z } from 'zod'
import { CART_ITEM_TYPES, DISCOUNT_TYPES } from '../domain/catalog.ts'
import { CART_TEXT } from './cart-messages.ts'
import { Turma } from './catalog.ts'
import { Cents } from './money.ts'

export const CART_HASH_PATTERN = /^[A-Za-z0-9_-]{32,64}$/
export const CartHash = z.string().regex(CART_HASH_PATTERN, { error: 'Carrinho inválido.' })

export const ItemType = z.enum(CART_ITEM_TYPES, { error: 'Tipo de item inválido.' })
export type ItemType = z.infer<typeof ItemType>

export const CART_MESSAGES = {
  ...CART_TEXT,
  notFound: 'Carrinho não encontrado. Ele pode ter expirado.',
  itemUnavailable: 'Este item não está disponível para compra.',
  /**
   * One answer for a code that does not exist, is off, expired, used up or does not apply: which
   * of these it is would tell a guesser that a code exists (issue 29, item 10).
   */
  couponInvalid: 'Cupom inválido, expirado ou que não vale para os itens do carrinho.',
  couponStudentDoc: 'Cupons não valem junto com o preço de estudante.',
} as const

/** POST /carrinho-de-compras/update-cart. No hash starts a new cart. */
export const UpdateCartInput = z
  .object({
    hash: CartHash.nullish(),
    data: z.object({ id: z.number().int().positive({ error: 'Item inválido.' }), type: ItemType }).strict(),
    option: z.enum(['add', 'remove'], { error: 'Use option add ou remove.' }),
  })
  .strict()
export type UpdateCartInput = z.infer<typeof UpdateCartInput>

export const SetCouponInput = z
  .object({
    key: z.string({ error: 'Informe o cupom.' }).trim().min(1, { error: 'Informe o cupom.' }).max(40),
    hash: CartHash,
  })
  .strict()

export const CartFlagsInput = z
  .object({ hash: CartHash, has_passport: z.boolean().optional(), has_student_doc: z.boolean().optional() })
  .strict()

/** A line of the cart (SPEC section 3): gross is struck through when above net. */
export const CartItem = z.object({
  id: z.number().int(),
  type: ItemType,
  name: z.string(),
  img: z.string(),
  net_value: Cents,
  gross_value: Cents,
  /** Seats left, read live: a class's, a bundle's scarcest class's; absent when there is no limit. */
  seats_left: z.number().int().min(0).optional(),
})
export type CartItem = z.infer<typeof CartItem>

export const CartView = z.object({
  itens: z.array(CartItem),
  num_itens: z.number().int(),
  gross_total: Cents,
  net_value: Cents,
})
export type CartView = z.infer<typeof CartView>

export const CartResponse = z.object({
  hash: CartHash,
  data: z.object({ data: CartView, boleto: z.boolean() }),
  msg: z.string().optional(),
})
export type CartResponse = z.infer<typeof CartResponse>

export const InstalmentOptionView = z.object({
  instalments: z.number().int(),
  total: Cents,
  instalment: Cents,
  interest: Cents,
})

/** GET /checkout/get: everything priced by the server, with the SPEC's names. */
export const CheckoutView = z.object({
  hash: CartHash,
  turmas: z.array(
    Turma.extend({
      gross_value: Cents,
      net_value: Cents,
      student_price_applied: z.boolean(),
      coupon_id: z.number().int().nullable(),
    }),
  ),
  produtos: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      price: Cents,
      slider: z.array(z.tuple([z.string(), z.string()])),
      net_value: Cents,
    }),
  ),
  pacotes: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      discount: z.number(),
      discount_type: z.enum(DISCOUNT_TYPES),
      valor_total: Cents,
      valor_descontado: Cents,
      ids_turma: z.array(z.number().int()),
      instalment_times: z.number().int(),
      courses: z.array(z.object({ turma: Turma, net_value: Cents })),
    }),
  ),
  cupons: z.array(
    z.object({
      key: z.string(),
      type: z.literal('C'),
      cupom: z.object({ id: z.number().int(), type: z.enum(DISCOUNT_TYPES), value: z.number() }),
      turma_id: z.number().int().nullable(),
      course_id: z.number().int().nullable(),
    }),
  ),
  boleto: z.boolean(),
  flags: z.object({ has_student_doc: z.boolean(), has_passport: z.boolean() }),
  totals: CartView.omit({ itens: true }),
  max_instalments: z.number().int(),
  /** Without donation; the page adds the donation the buyer types (it bears no interest). */
  instalments: z.array(InstalmentOptionView),
})
export type CheckoutView = z.infer<typeof CheckoutView>

export const Recommendations = z.object({
  cursos: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      url: z.string(),
      img: z.string(),
      price_from: Cents.nullable(),
    }),
  ),
  produtos: z.array(z.object({ id: z.number().int(), name: z.string(), img: z.string(), price: Cents })),
})
export type Recommendations = z.infer<typeof Recommendations>
