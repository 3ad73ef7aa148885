import { zodResolver } from '@hookform/resolvers/zod'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Plus } from 'lucide'
import { useEffect, useState } from 'react'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import {
  type AdminCoupon,
  AdminCouponPage,
  AdminOptions,
  CouponInput,
} from '../../../../worker/contract/admin-catalog.ts'
import { Icon } from '../../components/icons.tsx'
import { confirm } from '../../lib/confirm.tsx'
import { TextField } from '../../lib/form-field.tsx'
import { FormModal, openModal } from '../../lib/form-modal.tsx'
import { formatBRL } from '../../lib/money.ts'
import { toastError, toastSuccess } from '../../lib/toast.ts'
import { useDebouncedValue } from '../search/use-debounced-value.ts'
import { adminQuery, formSchema, send, useRefreshAdmin, withQuery } from './admin-api.ts'
import { MoneyField } from './money-field.tsx'
import {
  Badge,
  CheckboxField,
  DataTable,
  EmptyRow,
  formatDay,
  Pagination,
  QueryState,
  SearchInput,
  SelectField,
  TD,
  TH,
  usePage,
} from './ui.tsx'
import { useModalSave } from './use-modal-save.ts'

const MODAL_ID = 'admin-cupom'

type Values = {
  key: string
  discount_type: 'P' | 'F'
  percent: number | null
  amount: number | null
  class_id: string
  course_id: string
  is_active: boolean
  expires_on: string
  max_uses: string
}

const optionalId = z.string().transform((value) => (value ? Number(value) : null))
const CouponForm = formSchema(
  z
    .object({
      key: z.string(),
      discount_type: z.enum(['P', 'F']),
      percent: z.number().nullable(),
      amount: z.number().nullable(),
      class_id: optionalId,
      course_id: optionalId,
      is_active: z.boolean(),
      expires_on: z.string().transform((value) => value || null),
      max_uses: z.string().transform((value) => (value ? Number(value) : null)),
    })
    .transform(({ percent, amount, ...rest }) => ({
      ...rest,
      discount_value: (rest.discount_type === 'P' ? percent : amount) ?? 0,
    })),
  CouponInput,
)

function CouponModal({ coupon }: { coupon: AdminCoupon | null }) {
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
  } = useForm<Values>({ resolver: zodResolver(CouponForm) as never })
  useEffect(
    () =>
      reset({
        key: coupon?.key ?? '',
        discount_type: coupon?.discount_type ?? 'P',
        percent: coupon?.discount_type === 'P' ? coupon.discount_value : 10,
        amount: coupon?.discount_type === 'F' ? coupon.discount_value : null,
        class_id: coupon?.class_id ? String(coupon.class_id) : '',
        course_id: coupon?.course_id ? String(coupon.course_id) : '',
        is_active: coupon?.is_active ?? true,
        expires_on: coupon?.expires_on ?? '',
        max_uses: coupon?.max_uses ? String(coupon.max_uses) : '',
      }),
    [coupon, reset],
  )
  const type = watch('discount_type')
  const submit = (mode: 'store' | 'update') =>
    handleSubmit((values) => {
      const body = values as unknown as z.output<typeof CouponForm>
      return save(
        mode,
        () =>
          coupon
            ? send('PUT', `/api/admin/cupons/${coupon.id}`, { ...body, version: coupon.version })
            : send('POST', '/api/admin/cupons', body),
        { success: 'Cupom salvo com sucesso!', setError: setError as never },
      )
    })()
  const valueError =
    errors.percent?.message ??
    errors.amount?.message ??
    (errors as Record<string, { message?: string }>).discount_value?.message
  return (
    <FormModal
      id={MODAL_ID}
      title={coupon ? `Editar cupom ${coupon.key}` : 'Novo cupom'}
      onStore={() => void submit('store')}
      onUpdate={() => void submit('update')}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Código"
          hint="O que o comprador digita no carrinho."
          autoComplete="off"
          className="sm:col-span-2"
          error={errors.key?.message}
          {...register('key')}
        />
        <SelectField label="Tipo de desconto" {...register('discount_type')}>
          <option value="P">Percentual</option>
          <option value="F">Valor fixo</option>
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
        <SelectField
          label="Turma"
          hint="Vazio: qualquer turma (do curso, se escolhido)."
          error={errors.class_id?.message}
          {...register('class_id')}
        >
          <option value="">Qualquer turma</option>
          {options.data?.classes.map((turma) => (
            <option key={turma.id} value={turma.id}>
              {turma.label}
            </option>
          ))}
        </SelectField>
        <SelectField label="Curso" error={errors.course_id?.message} {...register('course_id')}>
          <option value="">Qualquer curso</option>
          {options.data?.courses.map((course) => (
            <option key={course.id} value={course.id}>
              {course.name}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Limite de usos"
          hint="Vazio: sem limite."
          inputMode="numeric"
          error={errors.max_uses?.message}
          {...register('max_uses')}
        />
        <TextField
          label="Válido até"
          type="date"
          hint="Vazio: sem validade."
          error={errors.expires_on?.message}
          {...register('expires_on')}
        />
        <div className="sm:col-span-2">
          <CheckboxField label="Ativo" {...register('is_active')} />
        </div>
      </div>
    </FormModal>
  )
}

/** Coupons (/admin/course, tab Cupons). */
export function CouponsPanel() {
  const [text, setText] = useState('')
  const q = useDebouncedValue(text.trim(), 400)
  const [editing, setEditing] = useState<AdminCoupon | null>(null)
  const refresh = useRefreshAdmin()
  const [page, setPage] = usePage(q)
  const query = useQuery({
    ...adminQuery(
      ['coupons', { q, page }],
      withQuery('/api/admin/cupons', { q, page, per_page: 20 }),
      AdminCouponPage,
    ),
    placeholderData: keepPreviousData,
  })

  async function remove(coupon: AdminCoupon) {
    if (!(await confirm())) return
    try {
      await send('DELETE', `/api/admin/cupons/${coupon.id}`)
      void toastSuccess('Cupom excluído.')
    } catch (error) {
      void toastError(error)
    }
    await refresh()
  }

  return (
    <div>
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <SearchInput label="Pesquisar cupons" value={text} onChange={setText} placeholder="Código" />
        <button
          type="button"
          className="btn btn-primary ml-auto"
          onClick={() => {
            setEditing(null)
            openModal(MODAL_ID, 'store')
          }}
        >
          <Icon drawing={Plus} className="size-4" />
          Novo cupom
        </button>
      </div>
      <QueryState query={query}>
        {(data) => (
          <>
            <DataTable label="Cupons">
              <thead>
                <tr>
                  <th scope="col" className={TH}>
                    Código
                  </th>
                  <th scope="col" className={TH}>
                    Desconto
                  </th>
                  <th scope="col" className={TH}>
                    Vale para
                  </th>
                  <th scope="col" className={TH}>
                    Usos
                  </th>
                  <th scope="col" className={TH}>
                    Validade
                  </th>
                  <th scope="col" className={TH}>
                    Ações
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.items.length === 0 ? (
                  <EmptyRow columns={6}>Nenhum cupom encontrado.</EmptyRow>
                ) : (
                  data.items.map((row) => (
                    <tr key={row.id}>
                      <td className={TD}>
                        <span className="font-mono font-semibold">{row.key}</span>{' '}
                        {row.is_active ? null : <Badge>inativo</Badge>}
                      </td>
                      <td className={`${TD} whitespace-nowrap`}>
                        {row.discount_type === 'P' ? `${row.discount_value}%` : formatBRL(row.discount_value)}
                      </td>
                      <td className={TD}>{row.scope}</td>
                      <td className={TD}>
                        {row.used_count}
                        {row.max_uses ? ` de ${row.max_uses}` : ''}
                        {row.over_limit_uses > 0 ? (
                          <span className="block text-amber-800 text-xs">
                            + {row.over_limit_uses} além do limite (pagamento tardio)
                          </span>
                        ) : null}
                      </td>
                      <td className={TD}>{row.expires_on ? formatDay(row.expires_on) : 'sem validade'}</td>
                      <td className={TD}>
                        <div className="flex flex-wrap gap-2">
                          <button
                            type="button"
                            className="btn btn-outline"
                            onClick={() => {
                              setEditing(row)
                              openModal(MODAL_ID, 'update')
                            }}
                          >
                            Editar<span className="sr-only"> {row.key}</span>
                          </button>
                          <button type="button" className="btn btn-outline" onClick={() => void remove(row)}>
                            Excluir<span className="sr-only"> {row.key}</span>
                          </button>
                        </div>
                      </td>
                    </tr>
                  ))
                )}
              </tbody>
            </DataTable>
            <Pagination page={page} perPage={20} total={data.total} onPage={setPage} label="cupons" />
          </>
        )}
      </QueryState>
      <CouponModal coupon={editing} />
    </div>
  )
}
