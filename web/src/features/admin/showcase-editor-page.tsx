import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { CircleCheck, Pencil, Plus, Trash2 } from 'lucide'
import { Suspense, useMemo, useRef, useState } from 'react'
import { AdminOptions } from '../../../../worker/contract/admin-catalog.ts'
import { AdminShowcase } from '../../../../worker/contract/admin-showcase.ts'
import { ShowcaseLists } from '../../../../worker/contract/showcase.ts'
import { Icon } from '../../components/icons.tsx'
import { ApiError } from '../../lib/api.ts'
import { confirm } from '../../lib/confirm.tsx'
import { openModal } from '../../lib/form-modal.tsx'
import { toastError, toastSuccess } from '../../lib/toast.ts'
import { showcaseKeys } from '../showcase/showcase.queries.ts'
import { adminQuery, send, useRefreshAdmin } from './admin-api.ts'
import { IconButton } from './icon-button.tsx'
import { MoveButtons } from './move-buttons.tsx'
import { AdminPage, QueryState } from './page.tsx'
import { CardModal, CardsOfList, GripIcon } from './showcase-card.tsx'
import {
  CARD_MODAL_ID,
  type DraftCard,
  type DraftList,
  draftOf,
  LIST_MODAL_ID,
  move,
  newKey,
  payloadOf,
  useDragSort,
} from './showcase-draft.ts'
import { ListModal } from './showcase-list.tsx'
import { Badge } from './table.tsx'
import { serverFieldErrors } from './use-modal-save.ts'

/**
 * The home page itself — the home route's own component, from its own chunk — drawing the draft:
 * it reads its lists from a query cache of its own that holds the preview, so it is exactly the
 * page visitors will see, and the admin shares no module with the home page's bundle.
 */
function ShowcasePreview({ lists }: { lists: ShowcaseLists }) {
  const router = useRouter()
  const Home = router.routesById['/'].options.component
  const client = useMemo(() => {
    const previewClient = new QueryClient({
      defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } },
    })
    previewClient.setQueryData(showcaseKeys.lists(), lists)
    return previewClient
  }, [lists])
  if (!Home) return null
  return (
    <QueryClientProvider client={client}>
      <Suspense fallback={<p role="status">Carregando a prévia...</p>}>
        <Home />
      </Suspense>
    </QueryClientProvider>
  )
}

function Editor({ showcase, options }: { showcase: AdminShowcase; options: AdminOptions }) {
  const refresh = useRefreshAdmin()
  const [lists, setLists] = useState<DraftList[]>(() => draftOf(showcase))
  const [version, setVersion] = useState(showcase.version)
  const [dirty, setDirty] = useState(false)
  const [editingList, setEditingList] = useState<DraftList | null>(null)
  const [cardTarget, setCardTarget] = useState<{ listKey: string; card: DraftCard | null } | null>(null)
  const [preview, setPreview] = useState<ShowcaseLists | null>(null)
  const [busy, setBusy] = useState(false)
  const [problems, setProblems] = useState<string[]>([])
  const previewHeading = useRef<HTMLHeadingElement>(null)
  const dragList = useDragSort((from, to) => change(move(lists, from, to)))

  function change(next: DraftList[]) {
    setLists(next)
    setDirty(true)
    setPreview(null)
  }
  const updateList = (key: string, patch: Partial<DraftList>) =>
    change(lists.map((list) => (list.key === key ? { ...list, ...patch } : list)))

  function report(error: unknown) {
    const fields = serverFieldErrors(error)
    setProblems(
      Object.entries(fields).map(([path, message]) => {
        const match = /^lists\.(\d+)(?:\.cards\.(\d+))?/.exec(path)
        const list = match ? lists[Number(match[1])] : undefined
        const card = match?.[2] !== undefined ? list?.cards[Number(match[2])] : undefined
        return `${list ? `Lista "${list.title}"` : ''}${card ? `, card "${card.name}"` : ''}: ${message}`
      }),
    )
    void toastError(error, 'Erro ao salvar a vitrine.')
  }

  async function showPreview() {
    setBusy(true)
    try {
      const lists_ = await send(
        'POST',
        '/api/admin/vitrine/previa',
        { lists: payloadOf(lists) },
        ShowcaseLists,
      )
      setProblems([])
      setPreview(lists_)
      requestAnimationFrame(() => previewHeading.current?.focus())
    } catch (error) {
      report(error)
    } finally {
      setBusy(false)
    }
  }

  async function publish() {
    if (!(await confirm())) return
    setBusy(true)
    try {
      const published = await send(
        'PUT',
        '/api/admin/vitrine',
        { lists: payloadOf(lists), version },
        AdminShowcase,
      )
      setLists(draftOf(published))
      setVersion(published.version)
      setDirty(false)
      setProblems([])
      void toastSuccess('Vitrine publicada! A página inicial mostra a nova versão em instantes.')
      await refresh()
    } catch (error) {
      report(error)
      if (error instanceof ApiError && error.status === 409) await refresh()
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <div className="mb-4 flex flex-wrap items-center gap-2" aria-busy={busy}>
        <button
          type="button"
          className="btn btn-outline"
          onClick={() => {
            setEditingList(null)
            openModal(LIST_MODAL_ID, 'store')
          }}
        >
          <Icon drawing={Plus} className="size-4" />
          Nova lista
        </button>
        <button type="button" className="btn btn-outline" disabled={busy} onClick={() => void showPreview()}>
          Pré-visualizar
        </button>
        <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void publish()}>
          <Icon drawing={CircleCheck} className="size-4" />
          Publicar
        </button>
        <p className="text-slate-700 text-sm" aria-live="polite">
          {dirty ? 'Há alterações não publicadas.' : 'Tudo publicado.'}
        </p>
      </div>
      {problems.length ? (
        <div role="alert" className="mb-4 rounded-xl border border-red-200 bg-red-50 p-4 text-red-900">
          <p className="font-semibold">Corrija antes de publicar:</p>
          <ul className="mt-1 list-disc pl-5">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <p className="mb-3 text-slate-700 text-sm">
        Arraste as listas e os cards para reordenar, ou use os botões de seta (também pelo teclado).
      </p>
      <ol className="space-y-4" aria-label="Listas da vitrine">
        {lists.map((list, index) => (
          <li
            key={list.key}
            {...dragList(index)}
            className="rounded-2xl border border-slate-200 bg-slate-50 p-4"
          >
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div className="flex min-w-0 items-start gap-2">
                <GripIcon className="mt-1 size-5 shrink-0 cursor-grab text-slate-500" />
                <div className="min-w-0">
                  <h2 className="font-semibold text-lg text-slate-900">
                    {index + 1}. {list.title}{' '}
                    {list.cart_mode ? <Badge tone="teal">modo carrinho</Badge> : null}
                  </h2>
                  {list.sub_title ? <p className="text-slate-700 text-sm">{list.sub_title}</p> : null}
                </div>
              </div>
              <div className="flex flex-wrap gap-1">
                <MoveButtons
                  what={`a lista ${list.title}`}
                  index={index}
                  count={lists.length}
                  onMove={(step) => change(move(lists, index, index + step))}
                />
                <IconButton
                  icon={Pencil}
                  label={`Editar a lista ${list.title}`}
                  onClick={() => {
                    setEditingList(list)
                    openModal(LIST_MODAL_ID, 'update')
                  }}
                />
                <IconButton
                  icon={Trash2}
                  label={`Excluir a lista ${list.title}`}
                  onClick={async () => {
                    if (await confirm()) change(lists.filter((other) => other.key !== list.key))
                  }}
                />
              </div>
            </div>
            <CardsOfList
              list={list}
              onChange={(cards) => updateList(list.key, { cards })}
              onEdit={(card) => {
                setCardTarget({ listKey: list.key, card })
                openModal(CARD_MODAL_ID, card ? 'update' : 'store')
              }}
            />
            <button
              type="button"
              className="btn btn-soft mt-3"
              onClick={() => {
                setCardTarget({ listKey: list.key, card: null })
                openModal(CARD_MODAL_ID, 'store')
              }}
            >
              <Icon drawing={Plus} className="size-4" />
              Novo card em {list.title}
            </button>
          </li>
        ))}
      </ol>
      {preview ? (
        <section
          aria-labelledby="previa-titulo"
          className="mt-10 rounded-2xl border-2 border-teal-700 border-dashed p-4"
        >
          <h2
            id="previa-titulo"
            ref={previewHeading}
            tabIndex={-1}
            className="font-bold text-2xl text-slate-900"
          >
            Prévia da página inicial
          </h2>
          <p className="mb-6 text-slate-700 text-sm">
            Exatamente como a home desenhará as listas (os botões não agem aqui).
          </p>
          <div inert>
            <ShowcasePreview lists={preview} />
          </div>
        </section>
      ) : null}
      <ListModal
        list={editingList}
        onSave={(values) =>
          editingList
            ? updateList(editingList.key, values)
            : change([...lists, { id: null, key: newKey(), cards: [], ...values }])
        }
      />
      <CardModal
        card={cardTarget?.card ?? null}
        options={options}
        images={showcase.images}
        onSave={(values, price) => {
          if (!cardTarget) return
          const list = lists.find((other) => other.key === cardTarget.listKey)
          if (!list) return
          const card: DraftCard = {
            id: cardTarget.card?.id ?? null,
            key: cardTarget.card?.key ?? newKey(),
            price,
            ...values,
          }
          updateList(list.key, {
            cards: cardTarget.card
              ? list.cards.map((other) => (other.key === card.key ? card : other))
              : [...list.cards, card],
          })
        }}
      />
    </>
  )
}

/** /admin/home: the showcase's lists and cards, reordered, previewed as the home draws them, published at once. */
export default function ShowcaseEditorPage() {
  const showcase = useQuery({
    ...adminQuery(['showcase'], '/api/admin/vitrine', AdminShowcase),
    staleTime: Number.POSITIVE_INFINITY,
  })
  const options = useQuery(adminQuery(['options'], '/api/admin/opcoes', AdminOptions))
  return (
    <AdminPage
      title="Home"
      description="As listas de cursos da página inicial: monte o rascunho, veja a prévia e publique."
    >
      <QueryState query={showcase}>
        {(data) => (
          <QueryState query={options}>
            {(choices) => <Editor key={data.version} showcase={data} options={choices} />}
          </QueryState>
        )}
      </QueryState>
    </AdminPage>
  )
}
