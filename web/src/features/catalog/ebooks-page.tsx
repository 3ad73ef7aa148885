import { useQuery } from '@tanstack/react-query'
import type { Ebook } from '../../../../worker/contract/catalog.ts'
import { DEFAULT_IMAGES } from '../../../../worker/domain/institute.ts'
import { Link } from '../../components/link.tsx'
import { ListingPage } from '../../components/listing-page.tsx'
import { QueryList } from '../../components/query-status.tsx'
import { useScrollToHash } from '../../lib/scroll-to-hash.ts'
import { ebooksQuery } from './catalog.queries.ts'
import { EbookPages } from './ebook-pages.tsx'
import { FallbackImage } from './fallback-image.tsx'

function EbookAccess({ ebook }: { ebook: Ebook }) {
  if (ebook.access === 'free') {
    return (
      <div className="flex flex-wrap items-center gap-3">
        <p className="inline-flex rounded-full bg-emerald-100 px-3 py-1 font-semibold text-emerald-900 text-sm">
          Gratuito
        </p>
        {/* Meus e-books adds it (after a login, if need be): one click. */}
        <Link to="/usuario/ebooks" search={{ adicionar: ebook.id } as never} className="btn btn-outline">
          Adicionar à minha biblioteca<span className="sr-only">: {ebook.title}</span>
        </Link>
      </div>
    )
  }
  return (
    <p className="text-slate-700 text-sm">
      Incluído na compra do curso{' '}
      {ebook.course ? (
        <Link to="/cursos/$url" params={{ url: ebook.course.url }} className="link">
          {ebook.course.name}
        </Link>
      ) : null}
    </p>
  )
}

function EbookCard({ ebook }: { ebook: Ebook }) {
  return (
    <article
      aria-labelledby={`ebook-${ebook.id}-titulo`}
      className="flex h-full gap-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <FallbackImage
        src={ebook.cover}
        fallback={DEFAULT_IMAGES.product}
        alt={`Capa do e-book ${ebook.title}`}
        width={600}
        height={800}
        className="h-auto w-24 shrink-0 self-start rounded-lg bg-slate-100 object-cover shadow sm:w-32"
      />
      <div className="flex min-w-0 flex-col gap-2">
        <h2 id={`ebook-${ebook.id}-titulo`} className="font-bold text-lg text-slate-900 leading-snug">
          {ebook.title}
        </h2>
        <p className="text-slate-700 text-sm">{ebook.description}</p>
        <EbookPages pages={ebook.pages} />
        <div className="mt-auto pt-1">
          <EbookAccess ebook={ebook} />
        </div>
      </div>
    </article>
  )
}

/** /ebooks: every e-book, anchored as #ebook-{id} for the search results. */
export function EbooksPage() {
  const ebooks = useQuery(ebooksQuery())
  useScrollToHash(ebooks.isSuccess)

  return (
    <ListingPage
      title="E-books"
      intro={
        <>
          Nossos e-books podem ser baixados e impressos, para consultar sempre que precisar. Alguns são
          gratuitos; os outros vêm com a compra do curso.
        </>
      }
    >
      <QueryList query={ebooks} loading="carregando e-books...">
        {(items) => (
          <ul className="mt-8 grid gap-6 md:grid-cols-2">
            {items.map((ebook) => (
              <li key={ebook.id} id={`ebook-${ebook.id}`}>
                <EbookCard ebook={ebook} />
              </li>
            ))}
          </ul>
        )}
      </QueryList>
    </ListingPage>
  )
}
