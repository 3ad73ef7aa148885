// The catalogue's enumerations: the database stores these exact strings, the contracts validate
// them and the web shows them.

/** The three sections of /cursos (SPEC section 2: its anchors). */
export const COURSE_SECTIONS = ['online', 'presencial', 'nefrologia-intervencionista'] as const
export type CourseSection = (typeof COURSE_SECTIONS)[number]

/** N: a dated class (course_init); C: 'comece agora' (SPEC section 3). */
export const CLASS_TYPES = ['N', 'C'] as const
export type ClassType = (typeof CLASS_TYPES)[number]

/** A class's start day: a dated class's course_init; none for 'comece agora', whatever its row holds. */
export const classStartDay = (type: ClassType, courseInit: string | null) =>
  type === 'N' ? courseInit : null

/** A: the class offers a student price (with a document); N: it does not. */
export const STUDENT_DISCOUNTS = ['A', 'N'] as const
export type StudentDiscount = (typeof STUDENT_DISCOUNTS)[number]

/** P: percent; F: a fixed amount in centavos (SPEC section 3: 'P', otherwise fixed). */
export const DISCOUNT_TYPES = ['P', 'F'] as const
export type DiscountType = (typeof DISCOUNT_TYPES)[number]

/** A bundle's or a coupon's discount as its row holds it: a percentage or centavos, the other null. */
export type DiscountColumns = {
  discountType: DiscountType
  discountPercent: number | null
  discountCents: number | null
}

/** A discount's one value: the percentage of a 'P' row, the centavos of an 'F' one. */
export const discountValue = (row: DiscountColumns) =>
  (row.discountType === 'P' ? row.discountPercent : row.discountCents) ?? 0

/** What a cart holds and an order line sells. */
export const CART_ITEM_TYPES = ['turma', 'produto', 'pacote'] as const
export type CartItemType = (typeof CART_ITEM_TYPES)[number]
/**
 * What an order line can be: a cart's item, or the difference of a student price whose document
 * the institute rejected (an order of its own, services/checkout/student-documents.ts).
 */
export const ORDER_ITEM_TYPES = [...CART_ITEM_TYPES, 'diferenca'] as const
export type OrderItemType = (typeof ORDER_ITEM_TYPES)[number]
/** A student document's review (issue 29, item 3). */
export const STUDENT_DOC_STATES = ['pending', 'approved', 'rejected'] as const
export type StudentDocState = (typeof STUDENT_DOC_STATES)[number]

/** What a home showcase card points at: a cart item, or a course page. */
export const CARD_TYPES = [...CART_ITEM_TYPES, 'curso'] as const
export type CardType = (typeof CARD_TYPES)[number]

/** A free e-book is listed publicly; the others come with a purchase. */
export const EBOOK_ACCESS = ['free', 'purchase'] as const

/** What every list of e-books shows of one (the catalogue, the student's library), from its row. */
export const ebookCard = (ebook: {
  id: number
  title: string
  description: string
  coverImg: string | null
}) => ({
  id: ebook.id,
  title: ebook.title,
  description: ebook.description,
  cover: ebook.coverImg,
})

/** The course an e-book comes with, by name and address (null: none). */
export const ebookCourse = (name: string | null, url: string | null) => (name && url ? { name, url } : null)
