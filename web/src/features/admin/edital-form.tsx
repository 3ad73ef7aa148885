import { get, type UseFormReturn, useFieldArray } from 'react-hook-form'
import { z } from 'zod'
import {
  type AdminEdital,
  AdminEdital as AdminEditalSchema,
  EditalInput,
} from '../../../../worker/contract/admin-editais.ts'
import { FEE_KIND_LABELS, FEE_KINDS, type FeeKind } from '../../../../worker/domain/editais.ts'
import {
  PLAN_PAYMENT_METHOD_LABELS,
  PLAN_PAYMENT_METHODS,
  type PlanPaymentMethod,
} from '../../../../worker/domain/payments.ts'
import { TextField } from '../../lib/form-field.tsx'
import { formSchema } from './admin-api.ts'
import { CheckboxField, EnumOptions, SelectField } from './fields.tsx'
import { type FormDescription, ResourceForm } from './form-fields.tsx'
import { MoneyField } from './money-field.tsx'
import type { ModalFormOf } from './resource-form.ts'

// The call's form (/admin/editais): its text, its application period and places, and its fee plan
// as a list of fees, each with its kind, amount, due day, payment methods and card instalments.

export const EDITAL_MODAL_ID = 'admin-edital'

type PlanValues = {
  id?: number | undefined
  kind: FeeKind
  name: string
  amount_cents: number | null
  due_on: string
  payment_methods: PlanPaymentMethod[]
  instalment_times: number
}

type Values = {
  title: string
  slug: string
  summary: string
  body: string
  opens_on: string
  closes_on: string
  places: string
  plans: PlanValues[]
}

const day = z.string().transform((value) => value || null)

const EditalForm = formSchema(
  z.object({
    title: z.string(),
    slug: z.string(),
    summary: z.string(),
    body: z.string(),
    opens_on: day,
    closes_on: day,
    places: z.string().transform((value) => (value.trim() ? Number(value.trim()) : null)),
    plans: z.array(
      z.object({
        id: z.number().optional(),
        kind: z.enum(FEE_KINDS),
        name: z.string(),
        amount_cents: z.number().nullable(),
        due_on: day,
        // A checkbox group that nothing checks reads as false.
        payment_methods: z.union([z.array(z.string()), z.literal(false)]).transform((on) => on || []),
        instalment_times: z.number(),
      }),
    ),
  }),
  EditalInput,
)

const newPlan = (kind: FeeKind): PlanValues => ({
  kind,
  name: kind === 'registration' ? FEE_KIND_LABELS.registration : '',
  amount_cents: null,
  due_on: '',
  payment_methods: [...PLAN_PAYMENT_METHODS],
  instalment_times: 1,
})

function valuesOf(edital: AdminEdital | null): Values {
  return {
    title: edital?.title ?? '',
    slug: edital?.slug ?? '',
    summary: edital?.summary ?? '',
    body: edital?.body ?? '',
    opens_on: edital?.opens_on ?? '',
    closes_on: edital?.closes_on ?? '',
    places: edital?.applications.places ? String(edital.applications.places) : '',
    plans: edital
      ? edital.plans.map((plan) => ({
          id: plan.id,
          kind: plan.kind,
          name: plan.name,
          amount_cents: plan.amount_cents,
          due_on: plan.due_on ?? '',
          payment_methods: plan.payment_methods,
          instalment_times: plan.instalment_times,
        }))
      : [newPlan('registration')],
  }
}

/** One fee of the plan: its fields, their messages (`plans.0.due_on`), and its removal. */
function PlanRow({
  form,
  index,
  onRemove,
  locked,
}: {
  form: UseFormReturn<Values>
  index: number
  onRemove: () => void
  locked: boolean
}) {
  const { register, control, watch } = form
  const errors = form.formState.errors
  const message = (field: keyof PlanValues): string | undefined =>
    (get(errors, `plans.${index}.${field}`) as { message?: string } | undefined)?.message
  const kind = watch(`plans.${index}.kind`)
  const name = watch(`plans.${index}.name`)
  const label = `Taxa ${index + 1}`
  return (
    <fieldset className="grid gap-3 rounded-xl border border-slate-200 p-4 sm:grid-cols-2">
      <legend className="px-1 font-semibold text-slate-900">
        {label}
        {name ? `: ${name}` : ''}
      </legend>
      {locked ? (
        <p className="text-amber-900 text-sm sm:col-span-2">
          Já tem pagamentos: valor e formas de pagamento não mudam, e ela não pode ser excluída.
        </p>
      ) : null}
      <SelectField label="Tipo" error={message('kind')} {...register(`plans.${index}.kind`)}>
        <EnumOptions values={FEE_KINDS} labels={FEE_KIND_LABELS} />
      </SelectField>
      <TextField label="Nome da taxa" error={message('name')} {...register(`plans.${index}.name`)} />
      <MoneyField
        control={control}
        name={`plans.${index}.amount_cents`}
        label="Valor"
        error={message('amount_cents')}
      />
      <TextField
        label={kind === 'monthly' ? 'Vencimento' : 'Vencimento (opcional)'}
        type="date"
        error={message('due_on')}
        {...register(`plans.${index}.due_on`)}
      />
      <fieldset>
        <legend className="mb-1 font-medium text-slate-800 text-sm">Formas de pagamento</legend>
        {PLAN_PAYMENT_METHODS.map((method) => (
          <CheckboxField
            key={method}
            label={PLAN_PAYMENT_METHOD_LABELS[method]}
            value={method}
            {...register(`plans.${index}.payment_methods`)}
          />
        ))}
        {message('payment_methods') ? (
          <p className="mt-1 font-medium text-red-700 text-sm">{message('payment_methods')}</p>
        ) : null}
      </fieldset>
      <TextField
        label="Parcelas no cartão (máximo)"
        type="number"
        min={1}
        max={12}
        inputMode="numeric"
        error={message('instalment_times')}
        {...register(`plans.${index}.instalment_times`, { valueAsNumber: true })}
      />
      {locked ? null : (
        <div className="sm:col-span-2">
          <button type="button" className="btn btn-outline" onClick={onRemove}>
            Remover<span className="sr-only"> {label}</span>
          </button>
        </div>
      )}
    </fieldset>
  )
}

/** The fee plan: a row per fee, their messages, and buttons to add a registration or a monthly fee. */
function FeePlan({ form, edital }: { form: ModalFormOf<Values>; edital: AdminEdital | null }) {
  // Each row's React key under its own name: `id` is the fee's id (an existing fee kept).
  const plans = useFieldArray({ control: form.control, name: 'plans', keyName: 'key' })
  const paid = new Set(edital?.plans.filter((plan) => plan.has_payments).map((plan) => plan.id))
  const plansError = (get(form.errors, 'plans') as { message?: string } | undefined)?.message
  return (
    <section aria-labelledby="plano-de-taxas" className="space-y-3 sm:col-span-2">
      <h3 id="plano-de-taxas" className="font-semibold text-slate-900">
        Plano de taxas
      </h3>
      {plansError ? (
        <p role="alert" className="font-medium text-red-700 text-sm">
          {plansError}
        </p>
      ) : null}
      {plans.fields.length === 0 ? (
        <p className="text-slate-700 text-sm">Nenhuma taxa: inscrição gratuita.</p>
      ) : null}
      {plans.fields.map((field, index) => (
        <PlanRow
          key={field.key}
          form={form}
          index={index}
          locked={field.id !== undefined && paid.has(field.id)}
          onRemove={() => plans.remove(index)}
        />
      ))}
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-outline"
          onClick={() => plans.append(newPlan('registration'))}
        >
          Adicionar taxa de inscrição
        </button>
        <button type="button" className="btn btn-outline" onClick={() => plans.append(newPlan('monthly'))}>
          Adicionar mensalidade
        </button>
      </div>
    </section>
  )
}

/** 'Novo edital' and 'Editar': the call and its fee plan; `onSaved` gets the call as saved. */
export function EditalFormModal({
  edital,
  onSaved,
}: {
  edital: AdminEdital | null
  onSaved?: (saved: AdminEdital) => void
}) {
  const description: FormDescription<Values, AdminEdital, AdminEdital> = {
    modalId: EDITAL_MODAL_ID,
    schema: EditalForm,
    valuesOf,
    path: '/api/admin/editais',
    success: (item) => (item ? 'Edital atualizado.' : 'Edital criado (rascunho).'),
    failure: 'Não foi possível salvar o edital.',
    answer: AdminEditalSchema,
    ...(onSaved ? { onSaved } : {}),
    title: (item) => (item ? `Editar edital: ${item.title}` : 'Novo edital'),
    twoColumns: true,
    fields: [
      { name: 'title', label: 'Título', wide: true },
      {
        name: 'slug',
        label: 'Endereço (slug)',
        wide: true,
        hint: 'A página fica em /editais/este-endereco.',
        input: { autoComplete: 'off' },
      },
      { kind: 'textarea', name: 'summary', label: 'Resumo', rows: 2, wide: true },
      {
        kind: 'textarea',
        name: 'body',
        label: 'Texto do edital',
        hint: 'Markdown simples: ## títulos, listas, links.',
        rows: 6,
        wide: true,
      },
      { name: 'opens_on', label: 'Inscrições de', input: { type: 'date' } },
      { name: 'closes_on', label: 'Inscrições até', input: { type: 'date' } },
      {
        name: 'places',
        label: 'Vagas',
        hint: 'Vazio: sem limite.',
        input: { inputMode: 'numeric' },
      },
      { kind: 'part', key: 'plans', render: (form) => <FeePlan form={form} edital={edital} /> },
    ],
  }
  return <ResourceForm description={description} item={edital} />
}
