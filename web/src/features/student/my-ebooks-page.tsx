import { useQuery } from '@tanstack/react-query'
import { useNavigate, useSearch } from '@tanstack/react-router'
import { Download, Plus } from 'lucide'
import { useEffect, useRef } from 'react'
import type { EbookLibrary } from '../../../../worker/contract/student.ts'
import { DEFAULT_IMAGES } from '../../../../worker/domain/institute.ts'
import { Icon } from '../../components/icons.tsx'
import { Link } from '../../components/link.tsx'
import { QueryStatus } from '../../components/query-status.tsx'
import { ActionButton } from '../../lib/form-field.tsx'
import { showToast, toastError } from '../../lib/toast.ts'
import { EbookPages } from '../catalog/ebook-pages.tsx'
import { FallbackImage } from '../catalog/fallback-image.tsx'
import { ebooksLibraryQuery, useAddFreeEbook } from './student.queries.ts'

type Owned = EbookLibrary['owned'][number]
type Free = EbookLibrary['free'][number]

function Cover({ src, title }: { src: string | null; title: string }) {
  return (
    <FallbackImage
      src={src}
      fallback={DEFAULT_IMAGES.product}
      alt={`Capa do e-book ${title}`}
      width={600}
      height={800}
      className="h-auto w-24 shrink-0 self-start rounded-lg bg-slate-100 object-cover shadow sm:w-28"
    />
  )
}

function OwnedEbook({ ebook }: { ebook: Owned }) {
  return (
    <article
      aria-labelledby={`meu-ebook-${ebook.id}`}
      className="flex h-full gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <Cover src={ebook.cover} title={ebook.title} />
      <div className="flex min-w-0 flex-col gap-2">
        <h2 id={`meu-ebook-${ebook.id}`} className="font-bold text-lg text-slate-900 leading-snug">
          {ebook.title}
        </h2>
        <p className="text-slate-700 text-sm">
          {ebook.source === 'curso' && ebook.course ? (
            <>
              Incluído no curso{' '}
              <Link
                to="/usuario/cursos/$url"
                params={{ url: ebook.course.url }}
                reloadDocument
                className="link"
              >
                {ebook.course.name}
              </Link>
            </>
          ) : (
            'Gratuito, na sua biblioteca'
          )}
        </p>
        <EbookPages pages={ebook.pages} />
        <div className="mt-auto pt-1">
          <a href={ebook.download_url} download className="btn btn-primary">
            <Icon drawing={Download} className="size-4" />
            Baixar<span className="sr-only"> o e-book {ebook.title}</span> (PDF)
          </a>
        </div>
      </div>
    </article>
  )
}

function FreeEbook({ ebook, highlighted }: { ebook: Free; highlighted: boolean }) {
  const add = useAddFreeEbook()
  return (
    <article
      aria-labelledby={`ebook-gratis-${ebook.id}`}
      className={`flex h-full gap-4 rounded-2xl border bg-white p-5 ${highlighted ? 'border-teal-700 ring-2 ring-teal-700' : 'border-slate-200'}`}
    >
      <Cover src={ebook.cover} title={ebook.title} />
      <div className="flex min-w-0 flex-col gap-2">
        <h3 id={`ebook-gratis-${ebook.id}`} className="font-bold text-slate-900 leading-snug">
          {ebook.title}
        </h3>
        <p className="text-slate-700 text-sm">{ebook.description}</p>
        <div className="mt-auto pt-1">
          <ActionButton
            pending={add.isPending}
            icon={Plus}
            onClick={() =>
              add.mutate(ebook.id, {
                onSuccess: () => void showToast('success', 'E-book adicionado à sua biblioteca!'),
                onError: (error) => void toastError(error, 'Não foi possível adicionar o e-book.'),
              })
            }
          >
            Adicionar à biblioteca<span className="sr-only">: {ebook.title}</span>
          </ActionButton>
        </div>
      </div>
    </article>
  )
}

/** ?adicionar={id}: a free e-book chosen on /ebooks (before logging in, if need be). */
export function requestedEbook(search: Record<string, unknown>): number | undefined {
  const value = String(search.adicionar ?? '')
  return /^[1-9]\d{0,9}$/.test(value) ? Number(value) : undefined
}

/**
 * /usuario/ebooks: the student's e-books to download, and the free ones to add. Arriving from
 * /ebooks with ?adicionar={id}, that free e-book is added at once: the click there was the one click.
 */
export function MyEbooksPage() {
  const add = requestedEbook(useSearch({ strict: false }))
  const navigate = useNavigate()
  const library = useQuery(ebooksLibraryQuery())
  const adding = useAddFreeEbook()
  const requested = useRef(false)
  const data = library.data
  const wanted = data?.free.find((ebook) => ebook.id === add)
  useEffect(() => {
    if (!wanted || requested.current) return
    requested.current = true
    adding.mutate(wanted.id, {
      onSuccess: () => void showToast('success', `"${wanted.title}" foi adicionado à sua biblioteca!`),
      onError: (error) => void toastError(error, 'Não foi possível adicionar o e-book.'),
      onSettled: () => void navigate({ to: '.', search: {} as never, replace: true }),
    })
  }, [wanted, adding, navigate])
  return (
    <div className="container-page py-10 md:py-14">
      <h1 className="font-extrabold text-3xl text-slate-900 tracking-tight md:text-4xl">Meus e-books</h1>
      <p className="mt-3 max-w-prose text-slate-700">
        Os e-books dos seus cursos e os gratuitos que você adicionou, para baixar e imprimir. Os links de
        download são pessoais.
      </p>
      <QueryStatus query={library} loading="Carregando seus e-books..." />
      {data ? (
        data.owned.length === 0 ? (
          <p className="mt-6 text-lg text-slate-700">
            Você ainda não tem e-books. Eles chegam com a matrícula nos cursos, e os gratuitos abaixo entram
            com um clique.
          </p>
        ) : (
          <ul className="mt-8 grid gap-6 md:grid-cols-2">
            {data.owned.map((ebook) => (
              <li key={ebook.id}>
                <OwnedEbook ebook={ebook} />
              </li>
            ))}
          </ul>
        )
      ) : null}
      {data?.free.length ? (
        <section aria-labelledby="ebooks-gratuitos" className="mt-12">
          <h2 id="ebooks-gratuitos" className="font-bold text-2xl text-slate-900">
            E-books gratuitos para a sua biblioteca
          </h2>
          <ul className="mt-6 grid gap-6 md:grid-cols-2">
            {data.free.map((ebook) => (
              <li key={ebook.id}>
                <FreeEbook ebook={ebook} highlighted={ebook.id === add} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  )
}
