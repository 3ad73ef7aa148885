import { zodResolver } from '@hookform/resolvers/zod'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Plus } from 'lucide'
import { useEffect, useMemo, useState } from 'react'
import { type Control, useForm, useWatch } from 'react-hook-form'
import { z } from 'zod'
import {
  type AdminBundle,
  AdminBundlePage,
  AdminOptions,
  BundleInput,
} from '../../../../worker/contract/admin-catalog.ts'
import { priceBundle } from '../../../../worker/domain/pricing.ts'
import { Icon } from '../../components/icons.tsx'
import { TextField } from '../../lib/form-field.tsx'
import { FormModal, openModal } from '../../lib/form-modal.tsx'
import { formatBRL } from '../../lib/money.ts'
import { adminQuery, formSchema, send, withQuery } from './admin-api.ts'
import { MoneyField } from './money-field.tsx'
import {
  Badge,
  CheckboxField,
  DataTable,
  EmptyRow,
  Pagination,
  QueryState,
  SelectField,
  TD,
  TextAreaField,
  TH,
} from './ui.tsx'
import { useModalSave } from './use-modal-save.ts'

const MODAL_ID = 'admin-pacote'

type Values = {
  name: string
  description: string
  discount_type: 'P' | 'F'
  percent: number | null
  amount: number | null
  instalment_times: number
  is_published: boolean
  class_ids: string[]
}

const BundleForm = formSchema(
  z
    .object({
      name: z.string(),
      description: z.string(),
      discount_type: z.enum(['P', 'F']),
      percent: z.number().nullable(),
      amount: z.number().nullable(),
      instalment_times: z.number(),
      is_published: z.boolean(),
      class_ids: z.preprocess(
        (ids) => (Array.isArray(ids) ? ids : ids ? [ids] : []),
        z.array(z.coerce.number()),
      ),
    })
    .transform(({ percent, amount, ...rest }) => ({
      ...rest,
      discount_value: (rest.discount_type === 'P' ? percent : amount) ?? 0,
    })),
  BundleInput,
)

/** The bundle's price split as the cart will charge it, recomputed as the form changes. */
function SplitPreview({ control, classes }: { control: Control<Values>; classes: AdminOptions['classes'] }) {
  const [type, percent, amount, ids] = useWatch({
    control,
    name: ['discount_type', 'percent', 'amount', 'class_ids'],
  })
  const chosen = useMemo(() => {
    const selected = new Set((Array.isArray(ids) ? ids : []).map(Number))
    return classes.filter((turma) => selected.has(turma.id))
  }, [ids, classes])
  if (chosen.length === 0)
    return <p className="text-slate-700 text-sm">Escolha as turmas para ver a divisão do preço.</p>
  const whole = (value: number | null) => (Number.isFinite(value) ? Math.max(0, Math.round(value ?? 0)) : 0)
  const priced = priceBundle({
    id: 0,
    name: '',
    discountType: type,
    discountPercent: type === 'P' ? Math.min(100, whole(percent)) : null,
    discountCents: type === 'F' ? whole(amount) : null,
    instalmentTimes: 12,
    classes: chosen.map((turma) => ({
      id: turma.id,
      courseId: turma.course_id,
      name: turma.label,
      priceCents: turma.price,
      studentPriceCents: null,
      studentDiscount: 'N',
      isBoletoAllowed: true,
      instalmentTimes: turma.instalment_times,
    })),
  })
  return (
    <DataTable label="Divisão do preço do pacote">
      <caption className="px-3 py-2 text-left font-semibold text-slate-900">
        Prévia da divisão (em centavos exatos)
      </caption>
      <thead>
        <tr>
          <th scope="col" className={TH}>
            Turma
          </th>
          <th scope="col" className={TH}>
            Preço
          </th>
          <th scope="col" className={TH}>
            Desconto
          </th>
          <th scope="col" className={TH}>
            No pacote
          </th>
        </tr>
      </thead>
      <tbody>
        {priced.classes.map((split) => (
          <tr key={split.classId}>
            <td className={TD}>{split.name}</td>
            <td className={TD}>{formatBRL(split.grossCents)}</td>
            <td className={TD}>{formatBRL(split.discountCents)}</td>
            <td className={TD}>{formatBRL(split.netCents)}</td>
          </tr>
        ))}
        <tr>
          <th scope="row" className={TD}>
            Total
          </th>
          <td className={TD}>{formatBRL(priced.grossCents)}</td>
          <td className={TD}>{formatBRL(priced.discountCents)}</td>
          <td className={`${TD} font-semibold`}>{formatBRL(priced.netCents)}</td>
        </tr>
      </tbody>
    </DataTable>
  )
}

function BundleModal({ bundle }: { bundle: AdminBundle | null }) {
  const save = useModalSave(MODAL_ID)
  const options = useQuery(adminQuery(['options'], '/api/admin/opcoes', AdminOptions))
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    watch,
    formState: { errors },
  } = useForm<Values>({ resolver: zodResolver(BundleForm) as never })
  useEffect(
    () =>
      reset({
        name: bundle?.name ?? '',
        description: bundle?.description ?? '',
        discount_type: bundle?.discount_type ?? 'P',
        percent: bundle?.discount_type === 'P' ? bundle.discount_value : 10,
        amount: bundle?.discount_type === 'F' ? bundle.discount_value : null,
        instalment_times: bundle?.instalment_times ?? 12,
        is_published: bundle?.is_published ?? true,
        class_ids: (bundle?.class_ids ?? []).map(String),
      }),
    [bundle, reset],
  )
  const type = watch('discount_type')
  const submit = (mode: 'store' | 'update') =>
    handleSubmit((values) => {
      const body = values as unknown as z.output<typeof BundleForm>
      return save(
        mode,
        () =>
          bundle
            ? send('PUT', `/api/admin/pacotes/${bundle.id}`, { ...body, version: bundle.version })
            : send('POST', '/api/admin/pacotes', body),
        { success: 'Pacote salvo com sucesso!', setError },
      )
    })()
  const valueError =
    errors.percent?.message ??
    errors.amount?.message ??
    (errors as Record<string, { message?: string }>).discount_value?.message
  return (
    <FormModal
      id={MODAL_ID}
      title={bundle ? `Editar pacote: ${bundle.name}` : 'Novo pacote'}
      onStore={() => void submit('store')}
      onUpdate={() => void submit('update')}
    >
      <div className="space-y-4">
        <TextField label="Nome do pacote" error={errors.name?.message} {...register('name')} />
        <TextAreaField
          label="Descrição"
          rows={3}
          error={errors.description?.message}
          {...register('description')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label="Tipo de desconto" {...register('discount_type')}>
            <option value="P">Percentual (P)</option>
            <option value="F">Valor fixo, dividido entre as turmas</option>
          </SelectField>
          {type === 'P' ? (
            <TextField
              label="Desconto (%)"
              type="number"
              min={1}
              max={100}
              inputMode="numeric"
              error={valueError}
              {...register('percent', { valueAsNumber: true })}
            />
          ) : (
            <MoneyField control={control} name="amount" label="Desconto" error={valueError} />
          )}
          <TextField
            label="Parcelas (máximo)"
            type="number"
            min={1}
            max={12}
            inputMode="numeric"
            error={errors.instalment_times?.message}
            {...register('instalment_times', { valueAsNumber: true })}
          />
        </div>
        <CheckboxField label="Publicado no site" {...register('is_published')} />
        <fieldset>
          <legend className="mb-1 font-medium text-slate-800 text-sm">Turmas do pacote</legend>
          {options.data ? (
            <div className="max-h-48 overflow-y-auto rounded-lg border border-slate-200 px-3 py-1">
              {options.data.classes.map((turma) => (
                <CheckboxField
                  key={turma.id}
                  label={`${turma.label} — ${formatBRL(turma.price)}`}
                  value={turma.id}
                  {...register('class_ids')}
                />
              ))}
            </div>
          ) : (
            <p role="status" className="text-slate-700 text-sm">
              Carregando turmas...
            </p>
          )}
          {errors.class_ids?.message ? (
            <p className="mt-1 font-medium text-red-700 text-sm">{errors.class_ids.message}</p>
          ) : null}
        </fieldset>
        {options.data ? <SplitPreview control={control} classes={options.data.classes} /> : null}
      </div>
    </FormModal>
  )
}

/** Bundles (/admin/course, tab Pacotes): classes sold together with a 'P' or fixed discount. */
export function BundlesPanel() {
  const [page, setPage] = useState(1)
  const [editing, setEditing] = useState<AdminBundle | null>(null)
  const query = useQuery({
    ...adminQuery(
      ['bundles', page],
      withQuery('/api/admin/pacotes', { page, per_page: 20 }),
      AdminBundlePage,
    ),
    placeholderData: keepPreviousData,
  })
  return (
    <div>
      <div className="mb-4 flex justify-end">
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => {
            setEditing(null)
            openModal(MODAL_ID, 'store')
          }}
        >
          <Icon drawing={Plus} className="size-4" />
          Novo pacote
        </button>
      </div>
      <QueryState query={query}>
        {(data) => (
          <>
            <DataTable label="Pacotes">
              <thead>
                <tr>
                  <th scope="col" className={TH}>
                    Pacote
                  </th>
                  <th scope="col" className={TH}>
                    Turmas
                  </th>
                  <th scope="col" className={TH}>
                    Desconto
                  </th>
                  <th scope="col" className={TH}>
                    Preço
                  </th>
                  <th scope="col" className={TH}>
                    Ações
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.items.length === 0 ? (
                  <EmptyRow columns={5}>Nenhum pacote cadastrado.</EmptyRow>
                ) : (
                  data.items.map((row) => (
                    <tr key={row.id}>
                      <td className={TD}>
                        {row.name} {row.is_published ? null : <Badge>não publicado</Badge>}
                      </td>
                      <td className={TD}>
                        <ul>
                          {row.split.map((split) => (
                            <li key={split.class_id}>{split.name}</li>
                          ))}
                        </ul>
                      </td>
                      <td className={`${TD} whitespace-nowrap`}>
                        {row.discount_type === 'P' ? `${row.discount_value}%` : formatBRL(row.discount_value)}
                      </td>
                      <td className={`${TD} whitespace-nowrap`}>
                        <s className="text-slate-600">{formatBRL(row.gross)}</s> {formatBRL(row.net)}
                      </td>
                      <td className={TD}>
                        <button
                          type="button"
                          className="btn btn-outline"
                          onClick={() => {
                            setEditing(row)
                            openModal(MODAL_ID, 'update')
                          }}
                        >
                          Editar<span className="sr-only"> {row.name}</span>
                        </button>
                      </td>
                    </tr>
                  ))
                )}
              </tbody>
            </DataTable>
            <Pagination page={page} perPage={20} total={data.total} onPage={setPage} label="pacotes" />
          </>
        )}
      </QueryState>
      <BundleModal bundle={editing} />
    </div>
  )
}
