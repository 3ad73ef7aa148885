/** A course's picture is 8:5, a product's square: on its card (catalog-card.tsx) and its page's slider. */
export const CATALOG_PICTURES = {
  course: { folder: 'cursos', height: 500, className: 'aspect-[8/5] w-full bg-slate-100 object-cover' },
  product: { folder: 'produtos', height: 800, className: 'aspect-square w-full bg-slate-100 object-cover' },
} as const

export type CatalogKind = keyof typeof CATALOG_PICTURES
