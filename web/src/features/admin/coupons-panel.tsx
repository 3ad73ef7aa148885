import { z } from 'zod'
import {
  type AdminCoupon,
  AdminCouponPage,
  type AdminOptions,
  CouponInput,
} from '../../../../worker/contract/admin-catalog.ts'
import { formSchema, send, useAdminAction, useAdminList, useAdminOptions } from './admin-api.ts'
import {
  DiscountFields,
  type DiscountValues,
  discountShape,
  discountText,
  discountValuesOf,
  toDiscountValue,
} from './discount-field.tsx'
import { RecordOptions, SearchInput } from './fields.tsx'
import { type FormDescription, ResourceForm } from './form-fields.tsx'
import { formatDay } from './format.ts'
import { useEditor } from './resource-form.ts'
import { ResourceList } from './resource-list.tsx'
import { Badge } from './table.tsx'
import { NewButton, Toolbar, useFilters } from './toolbar.tsx'

const MODAL_ID = 'admin-cupom'

type Values = DiscountValues & {
  key: string
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
      ...discountShape,
      class_id: optionalId,
      course_id: optionalId,
      is_active: z.boolean(),
      expires_on: z.string().transform((value) => value || null),
      max_uses: optionalId,
    })
    .transform(toDiscountValue),
  CouponInput,
)

const valuesOf = (coupon: AdminCoupon | null): Values => ({
  key: coupon?.key ?? '',
  ...discountValuesOf(coupon),
  class_id: coupon?.class_id ? String(coupon.class_id) : '',
  course_id: coupon?.course_id ? String(coupon.course_id) : '',
  is_active: coupon?.is_active ?? true,
  expires_on: coupon?.expires_on ?? '',
  max_uses: coupon?.max_uses ? String(coupon.max_uses) : '',
})

/** The coupon's form: its code, its discount, what it is good for, its limit and its date. */
const couponForm = (options: AdminOptions | undefined): FormDescription<Values, AdminCoupon> => ({
  modalId: MODAL_ID,
  schema: CouponForm,
  valuesOf,
  path: '/api/admin/cupons',
  success: 'Cupom salvo com sucesso!',
  title: (coupon) => (coupon ? `Editar cupom ${coupon.key}` : 'Novo cupom'),
  twoColumns: true,
  fields: [
    {
      name: 'key',
      label: 'Código',
      hint: 'O que o comprador digita no carrinho.',
      input: { autoComplete: 'off' },
      wide: true,
    },
    {
      kind: 'part',
      key: 'discount',
      render: (form) => (
        <DiscountFields {...form} type={form.watch('discount_type')} fixedLabel="Valor fixo" />
      ),
    },
    {
      kind: 'select',
      name: 'class_id',
      label: 'Turma',
      hint: 'Vazio: qualquer turma (do curso, se escolhido).',
      choices: (
        <>
          <option value="">Qualquer turma</option>
          <RecordOptions records={options?.classes} name={(turma) => turma.label} />
        </>
      ),
    },
    {
      kind: 'select',
      name: 'course_id',
      label: 'Curso',
      choices: (
        <>
          <option value="">Qualquer curso</option>
          <RecordOptions records={options?.courses} name={(course) => course.name} />
        </>
      ),
    },
    {
      name: 'max_uses',
      label: 'Limite de usos',
      hint: 'Vazio: sem limite.',
      input: { inputMode: 'numeric' },
    },
    { name: 'expires_on', label: 'Válido até', hint: 'Vazio: sem validade.', input: { type: 'date' } },
    { kind: 'checkbox', name: 'is_active', label: 'Ativo', wide: true },
  ],
})

/** Coupons (/admin/course, tab Cupons). */
export function CouponsPanel() {
  const { filters, set, params } = useFilters({ q: '' })
  const { editing, create, edit } = useEditor<AdminCoupon>(MODAL_ID)
  const act = useAdminAction()
  const options = useAdminOptions()
  const list = useAdminList('coupons', '/api/admin/cupons', params, AdminCouponPage)
  return (
    <div>
      <Toolbar>
        <SearchInput label="Pesquisar cupons" value={filters.q} onChange={set('q')} placeholder="Código" />
        <NewButton label="Novo cupom" onClick={create} />
      </Toolbar>
      <ResourceList
        list={list}
        description={{
          label: 'Cupons',
          empty: 'Nenhum cupom encontrado.',
          pagesOf: 'cupons',
          columns: [
            {
              header: 'Código',
              cell: (row) => (
                <>
                  <span className="font-mono font-semibold">{row.key}</span>{' '}
                  {row.is_active ? null : <Badge>inativo</Badge>}
                </>
              ),
            },
            { header: 'Desconto', className: 'whitespace-nowrap', cell: discountText },
            { header: 'Vale para', cell: (row) => row.scope },
            {
              header: 'Usos',
              cell: (row) => (
                <>
                  {row.used_count}
                  {row.max_uses ? ` de ${row.max_uses}` : ''}
                  {row.over_limit_uses > 0 ? (
                    <span className="block text-amber-800 text-xs">
                      + {row.over_limit_uses} além do limite (pagamento tardio)
                    </span>
                  ) : null}
                </>
              ),
            },
            {
              header: 'Validade',
              cell: (row) => (row.expires_on ? formatDay(row.expires_on) : 'sem validade'),
            },
          ],
          actions: (row) => [
            { label: 'Editar', of: row.key, onClick: () => edit(row) },
            {
              label: 'Excluir',
              of: row.key,
              onClick: () =>
                void act(() => send('DELETE', `/api/admin/cupons/${row.id}`), { success: 'Cupom excluído.' }),
            },
          ],
        }}
      />
      <ResourceForm description={couponForm(options.data)} item={editing} />
    </div>
  )
}
