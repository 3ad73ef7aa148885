import { zodResolver } from '@hookform/resolvers/zod'
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { CircleCheck, Pencil, Plus, Trash2 } from 'lucide'
import { type DragEvent, Suspense, useEffect, useMemo, useRef, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { z } from 'zod'
import { AdminOptions } from '../../../../worker/contract/admin-catalog.ts'
import {
  AdminShowcase,
  type AdminShowcaseCard,
  ShowcaseCardInput,
  ShowcaseListInput,
} from '../../../../worker/contract/admin-showcase.ts'
import { ShowcaseLists } from '../../../../worker/contract/showcase.ts'
import { CARD_TYPES, type CardType } from '../../../../worker/domain/catalog.ts'
import { Icon } from '../../components/icons.tsx'
import { ApiError } from '../../lib/api.ts'
import { confirm } from '../../lib/confirm.tsx'
import { TextField } from '../../lib/form-field.tsx'
import { closeModal, FormModal, openModal } from '../../lib/form-modal.tsx'
import { useFormModal } from '../../lib/form-modal-state.tsx'
import { formatBRL } from '../../lib/money.ts'
import { toastError, toastSuccess } from '../../lib/toast.ts'
import { showcaseKeys } from '../showcase/showcase.queries.ts'
import { adminQuery, formSchema, send, useRefreshAdmin } from './admin-api.ts'
import { CheckboxField, EnumOptions, SelectField, TextAreaField } from './fields.tsx'
import { IconButton } from './icon-button.tsx'
import { MoneyField } from './money-field.tsx'
import { MoveButtons } from './move-buttons.tsx'
import { AdminPage, QueryState } from './page.tsx'
import { Badge } from './table.tsx'
import { serverFieldErrors } from './use-modal-save.ts'

/** Six dots: the handle a dragged item is held by (drawn here: no icon the public pages load for it). */
function GripIcon({ className }: { className: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" fill="currentColor" className={className}>
      {[5, 12, 19].flatMap((y) => [9, 15].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1.6" />))}
    </svg>
  )
}

const LIST_MODAL_ID = 'admin-vitrine-lista'
const CARD_MODAL_ID = 'admin-vitrine-card'

const TYPE_LABELS: Record<CardType, string> = {
  turma: 'Turma',
  produto: 'Produto',
  pacote: 'Pacote',
  curso: 'Curso',
}

type DraftCard = Omit<AdminShowcaseCard, 'id' | 'price' | 'img'> & {
  id: number | null
  /** Left undefined: the item's first picture, which the server takes when publishing. */
  img?: string | null | undefined
  key: string
  price: number | null
}
type DraftList = {
  id: number | null
  key: string
  title: string
  sub_title: string
  cart_mode: boolean
  cards: DraftCard[]
}

const newKey = () => crypto.randomUUID()

function draftOf(showcase: AdminShowcase): DraftList[] {
  return showcase.lists.map((list) => ({
    id: list.id,
    key: `lista-${list.id}`,
    title: list.title,
    sub_title: list.sub_title,
    cart_mode: list.cart_mode,
    cards: list.cards.map((card) => ({ ...card, key: `card-${card.id}` })),
  }))
}

/** What the API takes: the lists in order, each with its cards in order. */
const payloadOf = (lists: DraftList[]) =>
  lists.map((list) => ({
    id: list.id,
    title: list.title,
    sub_title: list.sub_title,
    cart_mode: list.cart_mode,
    cards: list.cards.map((card) => ({
      id: card.id,
      type: card.type,
      item_id: card.item_id,
      name: card.name,
      name_splited: card.name_splited,
      description_title: card.description_title,
      description: card.description,
      img: card.img,
      amount: card.amount,
      open: card.open,
    })),
  }))

function move<T>(items: T[], from: number, to: number): T[] {
  if (to < 0 || to >= items.length || from === to) return items
  const next = [...items]
  const [item] = next.splice(from, 1)
  next.splice(to, 0, item!)
  return next
}

/** Drag and drop within one list of items (the arrow buttons beside each do the same by keyboard). */
function useDragSort(onMove: (from: number, to: number) => void) {
  const dragged = useRef<number | null>(null)
  return (index: number) => ({
    draggable: true,
    onDragStart: (event: DragEvent) => {
      dragged.current = index
      event.dataTransfer.effectAllowed = 'move'
      event.dataTransfer.setData('text/plain', String(index))
      event.stopPropagation()
    },
    onDragOver: (event: DragEvent) => {
      if (dragged.current === null) return
      event.preventDefault()
      event.stopPropagation()
    },
    onDrop: (event: DragEvent) => {
      if (dragged.current === null) return
      event.preventDefault()
      event.stopPropagation()
      onMove(dragged.current, index)
      dragged.current = null
    },
    onDragEnd: () => {
      dragged.current = null
    },
  })
}

const ListForm = ShowcaseListInput.pick({ title: true, sub_title: true, cart_mode: true })

function ListModal({
  list,
  onSave,
}: {
  list: DraftList | null
  onSave: (values: z.output<typeof ListForm>) => void
}) {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<{ title: string; sub_title: string; cart_mode: boolean }>({
    resolver: zodResolver(ListForm) as never,
  })
  // Filled anew at each opening: a second 'Nova lista' starts empty, not with the last one's words.
  const { open } = useFormModal(LIST_MODAL_ID)
  useEffect(() => {
    if (!open) return
    reset({
      title: list?.title ?? '',
      sub_title: list?.sub_title ?? '',
      cart_mode: list?.cart_mode ?? false,
    })
  }, [open, list, reset])
  const submit = () =>
    handleSubmit((values) => {
      onSave(values as z.output<typeof ListForm>)
      closeModal(LIST_MODAL_ID)
    })()
  return (
    <FormModal
      id={LIST_MODAL_ID}
      title={list ? `Editar lista: ${list.title}` : 'Nova lista'}
      description="A mudança entra no rascunho; a home muda quando você publicar."
      onStore={() => void submit()}
      onUpdate={() => void submit()}
    >
      <div className="space-y-4">
        <TextField
          label="Título"
          hint="Vira o botão e a âncora da lista na home."
          error={errors.title?.message}
          {...register('title')}
        />
        <TextField label="Subtítulo" error={errors.sub_title?.message} {...register('sub_title')} />
        <CheckboxField
          label="Modo carrinho"
          hint="Cada card tem 'Adicionar ao carrinho'; sem ele, um link para a página do item."
          {...register('cart_mode')}
        />
      </div>
    </FormModal>
  )
}

type CardValues = {
  type: CardType
  item_id: string
  name: string
  lines: string
  description_title: string
  description: string
  img: string
  amount: number | null
  open: boolean
}

const CardForm = formSchema(
  z
    .object({
      type: z.enum(CARD_TYPES),
      item_id: z.string().min(1, { error: 'Escolha o item do card.' }),
      name: z.string(),
      lines: z.string(),
      description_title: z.string(),
      description: z.string(),
      img: z.string(),
      amount: z.number().nullable(),
      open: z.boolean(),
    })
    .transform(({ lines, item_id, img, ...values }) => ({
      ...values,
      item_id: Number(item_id),
      // '' is 'the item's first picture': left out, the server takes it when publishing.
      img: img || undefined,
      name_splited: lines
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean).length
        ? lines
            .split('\n')
            .map((line) => line.trim())
            .filter(Boolean)
        : null,
    })),
  ShowcaseCardInput.omit({ id: true }),
)

function itemsOf(options: AdminOptions, type: CardType) {
  if (type === 'turma')
    return options.classes.map((row) => ({
      id: row.id,
      label: row.label,
      name: row.label.split(' — ')[0] ?? row.label,
      price: row.price,
    }))
  if (type === 'produto')
    return options.products.map((row) => ({ id: row.id, label: row.name, name: row.name, price: row.price }))
  if (type === 'pacote')
    return options.bundles.map((row) => ({ id: row.id, label: row.name, name: row.name, price: null }))
  return options.courses.map((row) => ({ id: row.id, label: row.name, name: row.name, price: null }))
}

function CardModal({
  card,
  options,
  images,
  onSave,
}: {
  card: DraftCard | null
  options: AdminOptions
  images: Record<string, string[]>
  onSave: (card: z.output<typeof CardForm>, price: number | null) => void
}) {
  const {
    register,
    control,
    handleSubmit,
    reset,
    setValue,
    getValues,
    formState: { errors },
  } = useForm<CardValues>({ resolver: zodResolver(CardForm) as never })
  // Filled anew at each opening: a second 'Novo card' starts empty (its name then follows the
  // item chosen), not with the last card's values.
  const { open } = useFormModal(CARD_MODAL_ID)
  useEffect(() => {
    if (!open) return
    reset({
      type: card?.type ?? 'turma',
      item_id: card ? String(card.item_id) : '',
      name: card?.name ?? '',
      lines: card?.name_splited?.join('\n') ?? '',
      description_title: card?.description_title ?? '',
      description: card?.description ?? '',
      img: card?.img ?? '',
      amount: card?.amount ?? null,
      open: card?.open ?? true,
    })
  }, [open, card, reset])
  const [type, itemId] = useWatch({ control, name: ['type', 'item_id'] })
  const choices = itemsOf(options, type ?? 'turma')
  const pictures = images[`${type}:${itemId}`] ?? []
  const submit = () =>
    handleSubmit((values) => {
      const output = values as unknown as z.output<typeof CardForm>
      const item = choices.find((choice) => choice.id === output.item_id)
      onSave(output, item?.price ?? null)
      closeModal(CARD_MODAL_ID)
    })()
  return (
    <FormModal
      id={CARD_MODAL_ID}
      title={card ? `Editar card: ${card.name}` : 'Novo card'}
      description="A mudança entra no rascunho; a home muda quando você publicar."
      onStore={() => void submit()}
      onUpdate={() => void submit()}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Tipo"
          error={errors.type?.message}
          {...register('type', { onChange: () => setValue('item_id', '') })}
        >
          <EnumOptions values={CARD_TYPES} labels={TYPE_LABELS} />
        </SelectField>
        <SelectField
          label="Item"
          error={errors.item_id?.message}
          {...register('item_id', {
            onChange: (event) => {
              const chosen = choices.find((choice) => String(choice.id) === event.target.value)
              if (chosen && !getValues('name')) setValue('name', chosen.name)
              setValue('img', '')
            },
          })}
        >
          <option value="">Escolha</option>
          {choices.map((choice) => (
            <option key={choice.id} value={choice.id}>
              {choice.label}
              {choice.price !== null ? ` — ${formatBRL(choice.price)}` : ''}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Nome no card"
          className="sm:col-span-2"
          error={errors.name?.message}
          {...register('name')}
        />
        <TextAreaField
          label="Nome em linhas (opcional)"
          hint="Uma por linha: o card as junta com '+'."
          rows={2}
          className="sm:col-span-2"
          {...register('lines')}
        />
        <TextField
          label="Título da descrição"
          className="sm:col-span-2"
          error={errors.description_title?.message}
          {...register('description_title')}
        />
        <TextAreaField
          label="Descrição"
          rows={3}
          className="sm:col-span-2"
          error={errors.description?.message}
          {...register('description')}
        />
        <SelectField label="Imagem" error={errors.img?.message} {...register('img')}>
          <option value="">A primeira do item</option>
          {pictures.map((picture, index) => (
            <option key={picture} value={picture}>
              Imagem {index + 1} do item
            </option>
          ))}
        </SelectField>
        <MoneyField
          control={control}
          name="amount"
          label="Valor original (riscado)"
          hint="Vazio: sem valor riscado."
          error={errors.amount?.message}
        />
        <div className="sm:col-span-2">
          <CheckboxField
            label="Inscrições abertas"
            hint="Fora do modo carrinho, o botão diz 'realizar inscrição' (senão, 'Saiba mais')."
            {...register('open')}
          />
        </div>
      </div>
    </FormModal>
  )
}

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

function CardsOfList({
  list,
  onChange,
  onEdit,
}: {
  list: DraftList
  onChange: (cards: DraftCard[]) => void
  onEdit: (card: DraftCard | null) => void
}) {
  const drag = useDragSort((from, to) => onChange(move(list.cards, from, to)))
  if (list.cards.length === 0) return <p className="mt-3 text-slate-700">Nenhum card nesta lista.</p>
  return (
    <ol className="mt-3 space-y-2" aria-label={`Cards de ${list.title}`}>
      {list.cards.map((card, index) => (
        <li
          key={card.key}
          {...drag(index)}
          className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 bg-white px-3 py-2"
        >
          <span className="flex min-w-0 items-center gap-2">
            <GripIcon className="size-4 shrink-0 cursor-grab text-slate-500" />
            <span className="min-w-0">
              <span className="font-medium">
                {index + 1}. {card.name}
              </span>
              <span className="block text-slate-600 text-xs">
                {TYPE_LABELS[card.type]}
                {card.price !== null ? ` · ${formatBRL(card.price)}` : ''}
                {card.amount ? ` · de ${formatBRL(card.amount)}` : ''}
              </span>
            </span>
          </span>
          <span className="flex gap-1">
            <MoveButtons
              what={`o card ${card.name}`}
              index={index}
              count={list.cards.length}
              onMove={(step) => onChange(move(list.cards, index, index + step))}
            />
            <IconButton icon={Pencil} label={`Editar o card ${card.name}`} onClick={() => onEdit(card)} />
            <IconButton
              icon={Trash2}
              label={`Remover o card ${card.name}`}
              onClick={async () => {
                if (await confirm()) onChange(list.cards.filter((other) => other.key !== card.key))
              }}
            />
          </span>
        </li>
      ))}
    </ol>
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
            name_splited: values.name_splited,
            img: values.img,
            amount: values.amount,
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
