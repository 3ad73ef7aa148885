import { ChevronLeft, ChevronRight } from 'lucide'
import { type KeyboardEvent, useEffect, useRef, useState } from 'react'
import { DEFAULT_IMAGES, sliderImageUrl } from '../../../../worker/domain/institute.ts'
import { Icon } from '../../components/icons.tsx'
import { CATALOG_PICTURES, type CatalogKind } from './catalog-pictures.ts'
import { FallbackImage } from './fallback-image.tsx'

type ImageSliderProps = {
  /** Image URLs in order; none shows the default picture. */
  images: string[]
  fallback: string
  /** What the pictures show (the course or product name): names the carousel and the images. */
  label: string
  width: number
  height: number
  /** The slider is the page's main picture, above the fold: its first image is not lazy. */
  priority?: boolean
}

const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true

/**
 * A small accessible image slider (the APG carousel pattern, without rotation): previous and
 * next buttons, one dot per image, the arrow keys, and swipe. The track is a native scroll-snap
 * strip, so swiping is the browser's own and nothing is measured in JavaScript on load (a
 * carousel library cost the course page a fifth of a second of main thread on a phone).
 */
export function ImageSlider({ images, fallback, label, width, height, priority = false }: ImageSliderProps) {
  const trackRef = useRef<HTMLUListElement>(null)
  const [selected, setSelected] = useState(0)
  const count = images.length
  const ratio = { aspectRatio: `${width} / ${height}` }

  useEffect(() => {
    const track = trackRef.current
    if (!track) return
    let frame = 0
    // The shown image follows swipes; read once per frame.
    const onScroll = () => {
      cancelAnimationFrame(frame)
      frame = requestAnimationFrame(() => {
        if (track.clientWidth > 0) setSelected(Math.round(track.scrollLeft / track.clientWidth))
      })
    }
    track.addEventListener('scroll', onScroll, { passive: true })
    return () => {
      cancelAnimationFrame(frame)
      track.removeEventListener('scroll', onScroll)
    }
  }, [])

  function show(index: number) {
    const target = Math.min(Math.max(index, 0), count - 1)
    setSelected(target)
    const track = trackRef.current
    track?.scrollTo?.({ left: target * track.clientWidth, behavior: reducedMotion() ? 'auto' : 'smooth' })
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
      event.preventDefault()
      show(selected + (event.key === 'ArrowRight' ? 1 : -1))
    }
  }

  if (count <= 1) {
    return (
      <FallbackImage
        src={images[0]}
        fallback={fallback}
        alt={label}
        width={width}
        height={height}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        style={ratio}
        className="h-auto w-full rounded-2xl bg-slate-100 object-cover"
      />
    )
  }

  return (
    <section aria-roledescription="carrossel" aria-label={`Imagens: ${label}`}>
      <ul
        ref={trackRef}
        // Focusable so the strip can be moved with the arrow keys too.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        tabIndex={0}
        aria-live="polite"
        onKeyDown={onKeyDown}
        className="flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain rounded-2xl [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
      >
        {images.map((src, index) => (
          <li
            key={src}
            className="w-full shrink-0 snap-start snap-always"
            aria-roledescription="slide"
            aria-label={`${index + 1} de ${count}`}
            aria-hidden={index !== selected}
          >
            <FallbackImage
              src={src}
              fallback={fallback}
              alt={`${label} – imagem ${index + 1} de ${count}`}
              width={width}
              height={height}
              loading={priority && index === 0 ? 'eager' : 'lazy'}
              fetchPriority={priority && index === 0 ? 'high' : 'auto'}
              draggable={false}
              style={ratio}
              className="h-auto w-full bg-slate-100 object-cover"
            />
          </li>
        ))}
      </ul>
      <div className="mt-3 flex items-center justify-center gap-3">
        <button
          type="button"
          className="icon-btn icon-btn-outline"
          onClick={() => show(selected - 1)}
          disabled={selected === 0}
          aria-label="Imagem anterior"
        >
          <Icon drawing={ChevronLeft} className="size-5" />
        </button>
        <div className="flex items-center">
          {images.map((src, index) => (
            <button
              key={src}
              type="button"
              className="grid size-8 place-items-center rounded-full"
              onClick={() => show(index)}
              aria-label={`Mostrar imagem ${index + 1} de ${count}`}
              aria-current={index === selected ? 'true' : undefined}
            >
              <span
                aria-hidden="true"
                className={`block size-2.5 rounded-full ${index === selected ? 'bg-teal-700' : 'border border-slate-500 bg-white'}`}
              />
            </button>
          ))}
        </div>
        <button
          type="button"
          className="icon-btn icon-btn-outline"
          onClick={() => show(selected + 1)}
          disabled={selected === count - 1}
          aria-label="Próxima imagem"
        >
          <Icon drawing={ChevronRight} className="size-5" />
        </button>
      </div>
    </section>
  )
}

/** A course's or product's page: its pictures at the top, the page's main image (not lazy). */
export function CatalogSlider({
  kind,
  slider,
  label,
}: {
  kind: CatalogKind
  slider: [string, string][]
  label: string
}) {
  const picture = CATALOG_PICTURES[kind]
  return (
    <ImageSlider
      images={slider.map((pair) => sliderImageUrl(picture.folder, pair))}
      fallback={DEFAULT_IMAGES[kind]}
      label={label}
      width={800}
      height={picture.height}
      priority
    />
  )
}
