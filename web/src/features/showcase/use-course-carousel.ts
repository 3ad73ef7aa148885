import type { EmblaCarouselType, EmblaOptionsType } from 'embla-carousel'
import { useEffect, useRef, useState } from 'react'

/** SPEC section 9: arrow state is computed 300 ms after the carousel scrolls. */
export const ARROW_STATE_DELAY_MS = 300
// Embla's duration is a spring constant, not ms: at 60 fps, 15 covers 99% of the way in ≈300 ms.
const SNAP_DURATION = 15
const SWIPE_THRESHOLD_RATIO = 0.3
const SWIPE_THRESHOLD_MAX_PX = 50

const OPTIONS: EmblaOptionsType = {
  align: 'start',
  containScroll: 'trimSnaps',
  dragFree: false,
  duration: SNAP_DURATION,
}

const ARROW_EVENTS = ['init', 'reInit', 'resize', 'scroll', 'select', 'settle', 'slidesChanged'] as const

/**
 * The carousel engine (embla) is not part of the page's first load: a list of cards needs it only
 * once a person acts (README, Performance). It is fetched at the first sign of a person (a pointer
 * over the list or anywhere on the page, a touch, a scroll, a key) and is one file for every list.
 */
let engine: Promise<typeof import('embla-carousel').default> | undefined
const loadEngine = () => {
  engine ??= import('embla-carousel').then((module) => module.default)
  return engine
}

/** Signs, anywhere on the page, that a person is there: the engine is fetched at the first. */
const PAGE_INTENT = ['pointermove', 'pointerdown', 'touchstart', 'scroll', 'wheel', 'keydown'] as const

/**
 * SPEC section 9: a swipe longer than 30% of the window width (capped at 50 px) moves to the
 * neighbouring card; a shorter one snaps back. Embla's own choice is kept when a strong flick
 * already went further in the same direction.
 */
function applySwipeThreshold(api: EmblaCarouselType) {
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

/**
 * A press that landed on the list while its engine was on the way, and is still held: handed to
 * the engine as it starts, so that drag goes on as if the engine had been there (embla follows
 * a drag from the mouse's or the finger's first press on the list).
 */
function replayPress(press: MouseEvent | TouchEvent) {
  const target = press.target
  if (!(target instanceof Element)) return
  try {
    if ('touches' in press) {
      const touches = [...press.touches].map(
        (touch) =>
          new Touch({
            identifier: touch.identifier,
            target: touch.target,
            clientX: touch.clientX,
            clientY: touch.clientY,
          }),
      )
      target.dispatchEvent(new TouchEvent('touchstart', { bubbles: true, cancelable: true, touches }))
    } else {
      const { clientX, clientY, screenX, screenY, button, buttons } = press
      target.dispatchEvent(
        new MouseEvent('mousedown', {
          bubbles: true,
          cancelable: true,
          clientX,
          clientY,
          screenX,
          screenY,
          button,
          buttons,
        }),
      )
    }
  } catch {
    // A browser that cannot build the event: the next press drags.
  }
}

export function useCourseCarousel() {
  const viewportRef = useRef<HTMLDivElement>(null)
  const startRef = useRef<() => Promise<EmblaCarouselType | undefined>>(() => Promise.resolve(undefined))
  const [api, setApi] = useState<EmblaCarouselType>()
  const [canScroll, setCanScroll] = useState({ prev: false, next: false })

  // The engine, started at the first sign of a person; a press held meanwhile is handed to it.
  useEffect(() => {
    const viewport = viewportRef.current
    if (!viewport) return
    let started: Promise<EmblaCarouselType | undefined> | undefined
    let instance: EmblaCarouselType | undefined
    let stopped = false
    let held: MouseEvent | TouchEvent | undefined
    // Every listener below goes at once when the engine has started (or the list is gone).
    const listening = new AbortController()

    const start = () => {
      started ??= loadEngine().then(
        (EmblaCarousel) => {
          listening.abort()
          if (stopped) return undefined
          instance = EmblaCarousel(viewport, OPTIONS)
          setApi(instance)
          if (held) replayPress(held)
          held = undefined
          return instance
        },
        () => {
          // Offline, say: the next sign of a person tries again.
          started = undefined
          return undefined
        },
      )
      return started
    }
    startRef.current = start

    const onPress = (event: MouseEvent | TouchEvent) => {
      held = event
      void start()
    }
    const onRelease = () => {
      held = undefined
    }
    const onIntent = () => void start()
    const options = { passive: true, capture: true, signal: listening.signal }
    viewport.addEventListener('mousedown', onPress, options)
    viewport.addEventListener('touchstart', onPress, options)
    viewport.addEventListener('pointerenter', onIntent, options)
    viewport.addEventListener('focusin', onIntent, options)
    window.addEventListener('mouseup', onRelease, options)
    window.addEventListener('touchend', onRelease, options)
    for (const event of PAGE_INTENT) window.addEventListener(event, onIntent, options)
    return () => {
      stopped = true
      listening.abort()
      instance?.destroy()
    }
  }, [])

  // Before the engine: the list starts at its first card, and 'Próximo' is alive when the cards
  // do not all fit (measured as the engine would, 300 ms after the list is laid out or resized).
  useEffect(() => {
    const viewport = viewportRef.current
    if (api || !viewport) return
    let timer: ReturnType<typeof setTimeout> | undefined
    const schedule = () => {
      clearTimeout(timer)
      timer = setTimeout(() => {
        const track = viewport.firstElementChild
        const next = track instanceof HTMLElement && track.scrollWidth > viewport.clientWidth + 1
        setCanScroll({ prev: false, next })
      }, ARROW_STATE_DELAY_MS)
    }
    schedule()
    window.addEventListener('resize', schedule)
    return () => {
      clearTimeout(timer)
      window.removeEventListener('resize', schedule)
    }
  }, [api])

  // With the engine: each burst of scroll events gets one check 300 ms later; the last event of an
  // animation still gets its own, so the final state is always computed.
  useEffect(() => {
    if (!api) return
    let timer: ReturnType<typeof setTimeout> | undefined
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
    // An arrow pressed before the engine arrived moves the list once it has.
    scrollPrev: () => void startRef.current().then((carousel) => carousel?.scrollPrev()),
    scrollNext: () => void startRef.current().then((carousel) => carousel?.scrollNext()),
  }
}
