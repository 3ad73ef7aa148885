import { useQuery } from '@tanstack/react-query'
import { LoaderCircle, Pause, Play } from 'lucide'
import { Suspense, useEffect, useState } from 'react'
import type { ShowcaseLists } from '../../../../worker/contract/showcase.ts'
import { Icon } from '../../components/icons.tsx'
import { anchorFromTitle } from '../../lib/anchor.ts'
import { CourseCarousel } from './course-carousel.tsx'
import { showcaseListsQuery } from './showcase.queries.ts'

/** The lists arrive after the first paint, so the browser's own jump to #anchor missed them. */
function useScrollToHashOnLoad(loaded: boolean) {
  useEffect(() => {
    if (!loaded) return
    const id = decodeURIComponent(window.location.hash.slice(1))
    if (id) document.getElementById(id)?.scrollIntoView()
  }, [loaded])
}

const MOTION_KEY = 'showcase-motion'

/**
 * WCAG 2.2.2: the cards' float (SPEC section 9) can be stopped and restarted, and the choice is
 * remembered. The page rendered by the Worker starts with the motion on; the stored choice is
 * applied once the browser takes over.
 */
function useShowcaseMotion() {
  const [moving, setMoving] = useState(true)
  useEffect(() => {
    try {
      if (window.localStorage.getItem(MOTION_KEY) === 'off') setMoving(false)
    } catch {
      // No storage (private mode): the motion starts on, and the control still works.
    }
  }, [])
  function toggle() {
    const next = !moving
    setMoving(next)
    try {
      if (next) window.localStorage.removeItem(MOTION_KEY)
      else window.localStorage.setItem(MOTION_KEY, 'off')
    } catch {
      // Not remembered, but stopped for this page view.
    }
  }
  return { moving, toggle }
}

function ListsOfCards({ lists }: { lists: ShowcaseLists }) {
  const { moving, toggle } = useShowcaseMotion()
  return (
    // The float also pauses while the pointer or the focus is on the lists (styles.css).
    <div className="showcase-motion" data-motion={moving ? 'on' : 'off'}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <nav aria-label="Listas de cursos" className="flex flex-wrap items-center gap-3">
          <span className="font-semibold text-slate-800">Click e veja:</span>
          {lists.map((list) => (
            <a key={list.id} href={`#${anchorFromTitle(list.title)}`} className="btn btn-soft">
              {list.title}
            </a>
          ))}
        </nav>
        <button type="button" className="btn btn-outline motion-toggle" onClick={toggle}>
          {moving ? <Icon drawing={Pause} className="size-4" /> : <Icon drawing={Play} className="size-4" />}
          {moving ? 'Parar animação' : 'Retomar animação'}
        </button>
      </div>
      {lists.map((list) => {
        const anchor = anchorFromTitle(list.title)
        return (
          // Each list is drawn only near the screen, and hydrated on its own (a boundary):
          // a phone's main thread is never held by the whole showcase at once.
          <div
            key={list.id}
            id={anchor}
            className="mt-12 [contain-intrinsic-size:auto_560px] [content-visibility:auto]"
          >
            <Suspense fallback={null}>
              <CourseCarousel
                list={list}
                labelledBy={`${anchor}-titulo`}
                header={
                  <>
                    <h2 id={`${anchor}-titulo`} className="font-bold text-2xl text-slate-900">
                      {list.title}
                    </h2>
                    {list.sub_title ? <p className="mt-1 text-slate-700">{list.sub_title}</p> : null}
                  </>
                }
              />
            </Suspense>
          </div>
        )
      })}
    </div>
  )
}

export function Showcase() {
  const lists = useQuery(showcaseListsQuery())
  useScrollToHashOnLoad(lists.isSuccess)

  return (
    <section id="home-cursos" aria-labelledby="home-cursos-titulo">
      <div className="bg-gradient-to-b from-teal-50 to-white">
        <div className="container-page pt-6 pb-10 md:pt-8">
          <img
            src="/img/hero-cursos.svg"
            alt="Aprender nefrologia, cuidar melhor. Cursos online, presenciais e de nefrologia intervencionista em Curitiba."
            width={1440}
            height={480}
            fetchPriority="high"
            className="h-auto w-full rounded-2xl shadow-sm md:rounded-3xl"
          />
          <div className="mt-8 max-w-3xl">
            <h1
              id="home-cursos-titulo"
              className="font-extrabold text-4xl text-slate-900 tracking-tight md:text-5xl"
            >
              Cursos
            </h1>
            <p className="mt-2 font-semibold text-teal-800 text-xl">Cursos repletos de conteúdo para você</p>
            <p className="mt-4 text-slate-700 leading-relaxed">
              Nossos cursos a distância incluem material didático on-line e videoaulas, para você estudar no
              seu ritmo, onde estiver. E os e-books podem ser baixados e impressos, para consultar sempre que
              precisar.
            </p>
          </div>
        </div>
      </div>

      <div className="container-page pb-16">
        {lists.isSuccess ? (
          <ListsOfCards lists={lists.data} />
        ) : lists.isError && !lists.isFetching ? (
          <div className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-900" role="alert">
            <p className="font-semibold">Erro ao carregar dados</p>
            <button type="button" className="link mt-1" onClick={() => lists.refetch()}>
              Click para tentar novamente
            </button>
          </div>
        ) : (
          <p className="flex items-center gap-2 text-slate-700" role="status">
            <Icon drawing={LoaderCircle} className="size-5 animate-spin text-teal-700" />
            carregando dados...
          </p>
        )}
      </div>
    </section>
  )
}
