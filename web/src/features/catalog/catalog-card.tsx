import type { ReactNode } from 'react'
import { DEFAULT_IMAGES, sliderImageUrl } from '../../../../worker/domain/institute.ts'
import { CATALOG_PICTURES, type CatalogKind } from './catalog-pictures.ts'
import { FallbackImage } from './fallback-image.tsx'

/** The title's link stretches over the whole card: a click anywhere on it opens the page. */
export const CARD_LINK_CLASS = "rounded after:absolute after:inset-0 after:content-[''] hover:text-teal-800"

/** A card of the /cursos and /produtos grids: the first picture, the title (a link), then `children`. */
export function CatalogCard({
  kind,
  slider,
  heading: Heading,
  title,
  children,
}: {
  kind: CatalogKind
  slider: [string, string][]
  heading: 'h2' | 'h3'
  title: ReactNode
  children: ReactNode
}) {
  const picture = CATALOG_PICTURES[kind]
  const first = slider[0]
  return (
    <article className="relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow focus-within:shadow-md hover:shadow-md">
      <FallbackImage
        src={first ? sliderImageUrl(picture.folder, first) : null}
        fallback={DEFAULT_IMAGES[kind]}
        alt=""
        width={800}
        height={picture.height}
        className={picture.className}
      />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <Heading className="font-bold text-lg text-slate-900 leading-snug">{title}</Heading>
        {children}
      </div>
    </article>
  )
}
