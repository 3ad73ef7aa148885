import { Pencil, Trash2 } from 'lucide'
import { useWatch } from 'react-hook-form'
import { z } from 'zod'
import type { AdminOptions } from '../../../../worker/contract/admin-catalog.ts'
import { ShowcaseCardInput } from '../../../../worker/contract/admin-showcase.ts'
import { CARD_TYPES, type CardType } from '../../../../worker/domain/catalog.ts'
import { confirm } from '../../lib/confirm.tsx'
import { closeModal } from '../../lib/form-modal.tsx'
import { formatBRL } from '../../lib/money.ts'
import { formSchema } from './admin-api.ts'
import { EnumOptions } from './fields.tsx'
import { FormFields, ModalForm, type ModalFormDescription } from './form-fields.tsx'
import { IconButton } from './icon-button.tsx'
import { MoveButtons } from './move-buttons.tsx'
import type { ModalFormOf } from './resource-form.ts'
import {
  CARD_MODAL_ID,
  DRAFT_NOTE,
  type DraftCard,
  type DraftList,
  move,
  TYPE_LABELS,
  useDragSort,
} from './showcase-draft.ts'

// The showcase editor's cards: a list's cards in order (dragged or moved by keyboard) and a card's form.

/** Six dots: the handle a dragged item is held by (drawn here: no icon the public pages load for it). */
export function GripIcon({ className }: { className: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" fill="currentColor" className={className}>
      {[5, 12, 19].flatMap((y) => [9, 15].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1.6" />))}
    </svg>
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
    .transform(({ lines, item_id, img, ...values }) => {
      const names = lines
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean)
      return {
        ...values,
        item_id: Number(item_id),
        // '' is 'the item's first picture': left out, the server takes it when publishing.
        img: img || undefined,
        name_splited: names.length ? names : null,
      }
    }),
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

/** The card's values as a card (null: a new one) fills them (a module function: filled at each opening). */
function cardValuesOf(card: DraftCard | null): CardValues {
  return {
    type: card?.type ?? 'turma',
    item_id: card ? String(card.item_id) : '',
    name: card?.name ?? '',
    lines: card?.name_splited?.join('\n') ?? '',
    description_title: card?.description_title ?? '',
    description: card?.description ?? '',
    img: card?.img ?? '',
    amount: card?.amount ?? null,
    open: card?.open ?? true,
  }
}

type CardFormOf = ModalFormOf<CardValues>

/** The card's type and item: the items offered follow the type; an item chosen names a new card. */
function ItemFields({ form, options }: { form: CardFormOf; options: AdminOptions }) {
  const type = useWatch({ control: form.control, name: 'type' })
  const choices = itemsOf(options, type ?? 'turma')
  return (
    <FormFields
      form={form}
      fields={[
        {
          kind: 'select',
          name: 'type',
          label: 'Tipo',
          options: { onChange: () => form.setValue('item_id', '') },
          choices: <EnumOptions values={CARD_TYPES} labels={TYPE_LABELS} />,
        },
        {
          kind: 'select',
          name: 'item_id',
          label: 'Item',
          options: {
            onChange: (event) => {
              const chosen = choices.find((choice) => String(choice.id) === event.target.value)
              if (chosen && !form.getValues('name')) form.setValue('name', chosen.name)
              form.setValue('img', '')
            },
          },
          choices: (
            <>
              <option value="">Escolha</option>
              {choices.map((choice) => (
                <option key={choice.id} value={choice.id}>
                  {choice.label}
                  {choice.price !== null ? ` — ${formatBRL(choice.price)}` : ''}
                </option>
              ))}
            </>
          ),
        },
      ]}
    />
  )
}

/** The card's picture: one of the chosen item's. */
function PictureField({ form, images }: { form: CardFormOf; images: Record<string, string[]> }) {
  const [type, itemId] = useWatch({ control: form.control, name: ['type', 'item_id'] })
  const pictures = images[`${type}:${itemId}`] ?? []
  return (
    <FormFields
      form={form}
      fields={[
        {
          kind: 'select',
          name: 'img',
          label: 'Imagem',
          choices: (
            <>
              <option value="">A primeira do item</option>
              {pictures.map((picture, index) => (
                <option key={picture} value={picture}>
                  Imagem {index + 1} do item
                </option>
              ))}
            </>
          ),
        },
      ]}
    />
  )
}

function cardForm(options: AdminOptions, images: Record<string, string[]>) {
  return {
    modalId: CARD_MODAL_ID,
    schema: CardForm,
    valuesOf: cardValuesOf,
    title: (card) => (card ? `Editar card: ${card.name}` : 'Novo card'),
    intro: DRAFT_NOTE,
    twoColumns: true,
    fields: [
      { kind: 'part', key: 'item', render: (form) => <ItemFields form={form} options={options} /> },
      { name: 'name', label: 'Nome no card', wide: true },
      {
        kind: 'textarea',
        name: 'lines',
        label: 'Nome em linhas (opcional)',
        hint: "Uma por linha: o card as junta com '+'.",
        rows: 2,
        wide: true,
      },
      { name: 'description_title', label: 'Título da descrição', wide: true },
      { kind: 'textarea', name: 'description', label: 'Descrição', rows: 3, wide: true },
      { kind: 'part', key: 'img', render: (form) => <PictureField form={form} images={images} /> },
      {
        kind: 'money',
        name: 'amount',
        label: 'Valor original (riscado)',
        hint: 'Vazio: sem valor riscado.',
      },
      {
        kind: 'checkbox',
        name: 'open',
        label: 'Inscrições abertas',
        hint: "Fora do modo carrinho, o botão diz 'realizar inscrição' (senão, 'Saiba mais').",
        wide: true,
      },
    ],
  } satisfies ModalFormDescription<CardValues, DraftCard>
}

export function CardModal({
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
  return (
    <ModalForm
      description={cardForm(options, images)}
      item={card}
      onSubmit={(values) => {
        const output = values as unknown as z.output<typeof CardForm>
        const item = itemsOf(options, output.type).find((choice) => choice.id === output.item_id)
        onSave(output, item?.price ?? null)
        closeModal(CARD_MODAL_ID)
      }}
    />
  )
}

export function CardsOfList({
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
