import { ChevronLeft, ChevronRight } from 'lucide'
import type { ReactNode } from 'react'
import type { ShowcaseList } from '../../../../worker/contract/showcase.ts'
import { Icon } from '../../components/icons.tsx'
import { CourseCard } from './course-card.tsx'
import { useCourseCarousel } from './use-course-carousel.ts'

type CourseCarouselProps = {
  list: ShowcaseList
  /** Id of the list's heading, which names the carousel. */
  labelledBy: string
  /** The list's heading block, shown beside the arrows. */
  header: ReactNode
}

export function CourseCarousel({ list, labelledBy, header }: CourseCarouselProps) {
  const { viewportRef, canScrollPrev, canScrollNext, scrollPrev, scrollNext } = useCourseCarousel()
  const total = list.itens.length

  return (
    <section className="relative" aria-roledescription="carrossel" aria-labelledby={labelledBy}>
      <div className="mb-4 flex items-end justify-between gap-4">
        <div className="min-w-0">{header}</div>
        <div className="flex shrink-0 gap-2">
          <button
            type="button"
            className="icon-btn icon-btn-outline"
            onClick={scrollPrev}
            disabled={!canScrollPrev}
            aria-label="Anterior"
          >
            <Icon drawing={ChevronLeft} className="size-5" />
          </button>
          <button
            type="button"
            className="icon-btn icon-btn-outline"
            onClick={scrollNext}
            disabled={!canScrollNext}
            aria-label="Próximo"
          >
            <Icon drawing={ChevronRight} className="size-5" />
          </button>
        </div>
      </div>
      <div className="-my-3 overflow-hidden py-3" ref={viewportRef}>
        <ul className="-ml-4 flex touch-pan-y">
          {list.itens.map((card, index) => (
            <li
              key={`${card.type}-${card.id}`}
              className="min-w-0 shrink-0 grow-0 basis-[86%] pl-4 sm:basis-1/2 lg:basis-1/3"
              aria-roledescription="slide"
              aria-label={`${index + 1} de ${total}`}
            >
              <CourseCard card={card} cartMode={list.cart_mode} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
