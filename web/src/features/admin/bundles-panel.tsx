import { useMemo } from 'react'
import { type Control, useWatch } from 'react-hook-form'
import { z } from 'zod'
import {
  type AdminBundle,
  AdminBundlePage,
  type AdminOptions,
  BundleInput,
} from '../../../../worker/contract/admin-catalog.ts'
import { priceBundle } from '../../../../worker/domain/pricing.ts'
import { formatBRL } from '../../lib/money.ts'
import { formSchema, useAdminList, useAdminOptions } from './admin-api.ts'
import {
  DiscountFields,
  type DiscountValues,
  discountShape,
  discountText,
  discountValuesOf,
  toDiscountValue,
} from './discount-field.tsx'
import { type FormDescription, FormFields, INSTALMENTS, ResourceForm } from './form-fields.tsx'
import { type ModalFormOf, useEditor } from './resource-form.ts'
import { ResourceList } from './resource-list.tsx'
import { Badge, DataTable, TD, TH } from './table.tsx'
import { NewButton } from './toolbar.tsx'

const MODAL_ID = 'admin-pacote'

type Values = DiscountValues & {
  name: string
  description: string
  instalment_times: number
  is_published: boolean
  class_ids: string[]
}

const BundleForm = formSchema(
  z
    .object({
      name: z.string(),
      description: z.string(),
      ...discountShape,
      instalment_times: z.number(),
      is_published: z.boolean(),
      class_ids: z.preprocess(
        (ids) => (Array.isArray(ids) ? ids : ids ? [ids] : []),
        z.array(z.coerce.number()),
      ),
    })
    .transform(toDiscountValue),
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

const valuesOf = (bundle: AdminBundle | null): Values => ({
  name: bundle?.name ?? '',
  description: bundle?.description ?? '',
  ...discountValuesOf(bundle),
  instalment_times: bundle?.instalment_times ?? 12,
  is_published: bundle?.is_published ?? true,
  class_ids: (bundle?.class_ids ?? []).map(String),
})

const BUNDLE_FORM: FormDescription<Values, AdminBundle> = {
  modalId: MODAL_ID,
  schema: BundleForm,
  valuesOf,
  path: '/api/admin/pacotes',
  success: 'Pacote salvo com sucesso!',
  title: (bundle) => (bundle ? `Editar pacote: ${bundle.name}` : 'Novo pacote'),
  fields: [
    { name: 'name', label: 'Nome do pacote' },
    { kind: 'textarea', name: 'description', label: 'Descrição', rows: 3 },
  ],
}

/** The bundle's discount, instalments, publication and classes, with the price split they give. */
function BundleFields({ form }: { form: ModalFormOf<Values> }) {
  const options = useAdminOptions()
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <DiscountFields
          {...form}
          type={form.watch('discount_type')}
          percentLabel="Percentual (P)"
          fixedLabel="Valor fixo, dividido entre as turmas"
        />
        <FormFields form={form} fields={[INSTALMENTS]} />
      </div>
      <FormFields
        form={form}
        fields={[
          { kind: 'checkbox', name: 'is_published', label: 'Publicado no site' },
          {
            kind: 'choices',
            name: 'class_ids',
            label: 'Turmas do pacote',
            loading: 'Carregando turmas...',
            tall: true,
            choices: options.data?.classes.map((turma) => ({
              id: turma.id,
              label: `${turma.label} — ${formatBRL(turma.price)}`,
            })),
          },
        ]}
      />
      {options.data ? <SplitPreview control={form.control} classes={options.data.classes} /> : null}
    </>
  )
}

/** Bundles (/admin/course, tab Pacotes): classes sold together with a 'P' or fixed discount. */
export function BundlesPanel() {
  const { editing, create, edit } = useEditor<AdminBundle>(MODAL_ID)
  const list = useAdminList('bundles', '/api/admin/pacotes', {}, AdminBundlePage)
  return (
    <div>
      <div className="mb-4 flex justify-end">
        <NewButton label="Novo pacote" className="btn btn-primary" onClick={create} />
      </div>
      <ResourceList
        list={list}
        description={{
          label: 'Pacotes',
          empty: 'Nenhum pacote cadastrado.',
          pagesOf: 'pacotes',
          columns: [
            {
              header: 'Pacote',
              cell: (row) => (
                <>
                  {row.name} {row.is_published ? null : <Badge>não publicado</Badge>}
                </>
              ),
            },
            {
              header: 'Turmas',
              cell: (row) => (
                <ul>
                  {row.split.map((split) => (
                    <li key={split.class_id}>{split.name}</li>
                  ))}
                </ul>
              ),
            },
            { header: 'Desconto', className: 'whitespace-nowrap', cell: discountText },
            {
              header: 'Preço',
              className: 'whitespace-nowrap',
              cell: (row) => (
                <>
                  <s className="text-slate-600">{formatBRL(row.gross)}</s> {formatBRL(row.net)}
                </>
              ),
            },
          ],
          actions: (row) => [{ label: 'Editar', of: row.name, onClick: () => edit(row) }],
        }}
      />
      <ResourceForm description={BUNDLE_FORM} item={editing}>
        {(form) => <BundleFields form={form} />}
      </ResourceForm>
    </div>
  )
}
