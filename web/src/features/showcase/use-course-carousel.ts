import useEmblaCarousel, { type UseEmblaCarouselType } from 'embla-carousel-react'
import { useEffect, useState } from 'react'

type EmblaApi = NonNullable<UseEmblaCarouselType[1]>

/** SPEC section 9: arrow state is computed 300 ms after the carousel scrolls. */
export const ARROW_STATE_DELAY_MS = 300
// Embla's duration is a spring constant, not ms: at 60 fps, 15 covers 99% of the way in ≈300 ms.
const SNAP_DURATION = 15
const SWIPE_THRESHOLD_RATIO = 0.3
const SWIPE_THRESHOLD_MAX_PX = 50

const ARROW_EVENTS = ['init', 'reInit', 'resize', 'scroll', 'select', 'settle', 'slidesChanged'] as const

/**
 * SPEC section 9: a swipe longer than 30% of the window width (capped at 50 px) moves to the
 * neighbouring card; a shorter one snaps back. Embla's own choice is kept when a strong flick
 * already went further in the same direction.
 */
function applySwipeThreshold(api: EmblaApi) {
  let startLocation = 0
  let startSnap = 0
  const onDown = () => {
    startLocation = api.internalEngine().location.get()
    startSnap = api.selectedScrollSnap()
  }
  const onUp = () => {
    const dragged = api.internalEngine().location.get() - startLocation
    const threshold = Math.min(window.innerWidth * SWIPE_THRESHOLD_RATIO, SWIPE_THRESHOLD_MAX_PX)
    const chosen = api.selectedScrollSnap()
    if (Math.abs(dragged) < threshold) {
      if (chosen !== startSnap) api.scrollTo(startSnap)
      return
    }
    // Embla's location decreases as the track moves towards the next cards.
    const step = dragged < 0 ? 1 : -1
    const lastSnap = api.scrollSnapList().length - 1
    const neighbour = Math.min(Math.max(startSnap + step, 0), lastSnap)
    if ((chosen - startSnap) * step < 1) api.scrollTo(neighbour)
  }
  api.on('pointerDown', onDown)
  api.on('pointerUp', onUp)
  return () => {
    api.off('pointerDown', onDown)
    api.off('pointerUp', onUp)
  }
}

export function useCourseCarousel() {
  const [viewportRef, api] = useEmblaCarousel({
    align: 'start',
    containScroll: 'trimSnaps',
    dragFree: false,
    duration: SNAP_DURATION,
  })
  const [canScroll, setCanScroll] = useState({ prev: false, next: false })

  useEffect(() => {
    if (!api) return
    let timer: ReturnType<typeof setTimeout> | undefined
    // Each burst of scroll events gets one check 300 ms later; the last event of an animation
    // still gets its own, so the final state is always computed.
    const schedule = () => {
      if (timer !== undefined) return
      timer = setTimeout(() => {
        timer = undefined
        setCanScroll({ prev: api.canScrollPrev(), next: api.canScrollNext() })
      }, ARROW_STATE_DELAY_MS)
    }
    schedule()
    for (const event of ARROW_EVENTS) api.on(event, schedule)
    const removeSwipeThreshold = applySwipeThreshold(api)
    return () => {
      clearTimeout(timer)
      for (const event of ARROW_EVENTS) api.off(event, schedule)
      removeSwipeThreshold()
    }
  }, [api])

  return {
    viewportRef,
    canScrollPrev: canScroll.prev,
    canScrollNext: canScroll.next,
    scrollPrev: () => api?.scrollPrev(),
    scrollNext: () => api?.scrollNext(),
  }
}
