import { useState } from 'react'
import { z } from 'zod'
import type { AdminOptions } from '../../../../worker/contract/admin-catalog.ts'
import {
  type AdminEnrollment,
  AdminEnrollmentPage,
  ManualEnrollmentInput,
} from '../../../../worker/contract/admin-sales.ts'
import { RefundOrderResult } from '../../../../worker/contract/refunds.ts'
import { ENROLLMENT_STATUS_LABELS, ENROLLMENT_STATUSES } from '../../../../worker/domain/enrollments.ts'
import { isRefundable } from '../../../../worker/domain/orders.ts'
import {
  ORDER_STATE_LABELS,
  ORDER_STATES,
  type OrderState,
  PAYMENT_TYPE_LABELS,
} from '../../../../worker/domain/payments.ts'
import { ApiError } from '../../lib/api.ts'
import { confirm } from '../../lib/confirm.tsx'
import { openModal } from '../../lib/form-modal.tsx'
import { formatBRL } from '../../lib/money.ts'
import { toastError, toastSuccess } from '../../lib/toast.ts'
import {
  formSchema,
  send,
  useAdminAction,
  useAdminList,
  useAdminOptions,
  useRefreshAdmin,
} from './admin-api.ts'
import { BoletoRefundModal } from './boleto-refund-modal.tsx'
import {
  ORDER_MODAL_ID,
  OrderModal,
  OUTSIDE_REFUND_MODAL_ID,
  OutsideRefundModal,
} from './enrollment-order.tsx'
import { EnumOptions, FilterSelect, PeriodFields, RecordOptions, SearchInput } from './fields.tsx'
import { type FormDescription, ResourceForm } from './form-fields.tsx'
import { formatDateTime } from './format.ts'
import { AdminPage } from './page.tsx'
import type { Versioned } from './resource-form.ts'
import { ResourceList } from './resource-list.tsx'
import { Badge, TwoLines } from './table.tsx'
import { CsvButton, FilterBar, NewButton, useFilters } from './toolbar.tsx'
import { UnderpaidOrdersSection } from './underpaid-orders.tsx'

const MANUAL_MODAL_ID = 'admin-matricula'
const BOLETO_REFUND_MODAL_ID = 'admin-estorno-boleto'

/** The refusal of a refund for an order the provider holds no charge of (paid outside the site). */
function noChargeMessage(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null
  const errors = (error.body as { errors?: Record<string, string[]> } | null)?.errors
  return errors?.charge?.[0] ?? null
}

const TONE: Record<OrderState, 'green' | 'amber' | 'red' | 'slate'> = {
  pending: 'amber',
  paid: 'green',
  failed: 'red',
  expired: 'slate',
  partially_refunded: 'amber',
  underpaid: 'amber',
  refunded: 'red',
  charged_back: 'red',
  chargeback_lost: 'red',
}

type Filters = {
  q: string
  course_id: string
  class_id: string
  status: string
  payment: string
  from: string
  to: string
}
const NO_FILTERS: Filters = { q: '', course_id: '', class_id: '', status: '', payment: '', from: '', to: '' }

const ManualForm = formSchema(
  z
    .object({
      class_id: z.string().min(1, { error: 'Escolha a turma.' }),
      name: z.string(),
      email: z.string(),
      phone: z.string(),
      note: z.string(),
    })
    .transform((values) => ({ ...values, class_id: Number(values.class_id), phone: values.phone || null })),
  ManualEnrollmentInput,
)

type ManualValues = { class_id: string; name: string; email: string; phone: string; note: string }
const NO_MANUAL: ManualValues = { class_id: '', name: '', email: '', phone: '', note: '' }
/** Every opening starts blank (a module function: the form is filled again only when it opens). */
const blankManual = () => NO_MANUAL

/** 'Nova matrícula': a class's enrollment paid outside the site, always a new one. */
const manualForm = (classes: AdminOptions['classes']): FormDescription<ManualValues, Versioned> => ({
  modalId: MANUAL_MODAL_ID,
  schema: ManualForm,
  valuesOf: blankManual,
  path: '/api/admin/matriculas',
  success: 'Matrícula feita com sucesso!',
  title: () => 'Nova matrícula (pago fora do site)',
  fields: [
    {
      kind: 'select',
      name: 'class_id',
      label: 'Turma',
      choices: (
        <>
          <option value="">Escolha a turma</option>
          <RecordOptions records={classes} name={(turma) => turma.label} />
        </>
      ),
    },
    { name: 'name', label: 'Nome completo do aluno', input: { autoComplete: 'off' } },
    {
      name: 'email',
      label: 'E-mail do aluno',
      input: { type: 'email', autoComplete: 'off' },
      hint: 'A matrícula vai para a conta deste e-mail (criada se não existir).',
    },
    { kind: 'phone', name: 'phone', label: 'Telefone (opcional)' },
    {
      kind: 'textarea',
      name: 'note',
      label: 'Como foi pago',
      rows: 2,
      hint: 'Ex.: transferência em 10/11, recibo 123.',
    },
  ],
})

/** /admin/matriculas: every enrollment, its order and payment; refunds, manual enrollments, CSV. */
export default function EnrollmentsPage() {
  const { filters, set, setFilters, params } = useFilters(NO_FILTERS)
  const [orderId, setOrderId] = useState<string | null>(null)
  const [boletoOrder, setBoletoOrder] = useState<string | null>(null)
  const [outsideOrder, setOutsideOrder] = useState<{ id: string; reason: string } | null>(null)
  const refresh = useRefreshAdmin()
  const act = useAdminAction()
  const options = useAdminOptions()
  const list = useAdminList('enrollments', '/api/admin/matriculas', params, AdminEnrollmentPage)
  const classes = (options.data?.classes ?? []).filter(
    (turma) => !filters.course_id || String(turma.course_id) === filters.course_id,
  )

  async function refund(row: AdminEnrollment) {
    const order = row.order
    if (!order) return
    if (order.payment_type === 'BOLETO') {
      setBoletoOrder(order.id)
      openModal(BOLETO_REFUND_MODAL_ID, 'store')
      return
    }
    if (!(await confirm())) return
    try {
      const result = await send('POST', `/api/admin/pedidos/${order.id}/estorno`, {}, RefundOrderResult)
      void toastSuccess(result.message)
    } catch (error) {
      // No charge at the provider to refund: what is true, and what the admin can do instead.
      const noCharge = noChargeMessage(error)
      if (noCharge) {
        setOutsideOrder({ id: order.id, reason: noCharge })
        openModal(OUTSIDE_REFUND_MODAL_ID, 'store')
        return
      }
      void toastError(error, 'Erro ao estornar o pedido.')
    }
    await refresh()
  }

  return (
    <AdminPage
      title="Matrículas"
      description="Cada matrícula com o aluno, a turma, o pedido e o pagamento."
      actions={
        <>
          <CsvButton
            path="/api/admin/matriculas/exportacao"
            params={params}
            failure="Erro ao exportar as matrículas."
            refreshAfter
          />
          <NewButton
            label="Nova matrícula"
            className="btn btn-primary"
            onClick={() => openModal(MANUAL_MODAL_ID, 'store')}
          />
        </>
      }
    >
      <UnderpaidOrdersSection
        onOpen={(id) => {
          setOrderId(id)
          openModal(ORDER_MODAL_ID, 'update')
        }}
        onRefund={(id) => {
          // Only a boleto is paid short: its refund goes to the payer's bank account.
          setBoletoOrder(id)
          openModal(BOLETO_REFUND_MODAL_ID, 'store')
        }}
      />
      <FilterBar columns={4} onClear={() => setFilters(NO_FILTERS)}>
        <SearchInput label="Nome, e-mail ou CPF" value={filters.q} onChange={set('q')} />
        <FilterSelect
          label="Curso"
          all="Todos"
          value={filters.course_id}
          onChange={(course_id) => setFilters((current) => ({ ...current, course_id, class_id: '' }))}
        >
          <RecordOptions records={options.data?.courses} name={(course) => course.name} />
        </FilterSelect>
        <FilterSelect label="Turma" all="Todas" value={filters.class_id} onChange={set('class_id')}>
          <RecordOptions records={classes} name={(turma) => turma.label} />
        </FilterSelect>
        <FilterSelect label="Situação" all="Todas" value={filters.status} onChange={set('status')}>
          <EnumOptions values={ENROLLMENT_STATUSES} labels={ENROLLMENT_STATUS_LABELS} />
        </FilterSelect>
        <FilterSelect label="Pagamento" all="Todos" value={filters.payment} onChange={set('payment')}>
          <EnumOptions values={ORDER_STATES} labels={ORDER_STATE_LABELS} />
          <option value="manual">pago fora do site</option>
        </FilterSelect>
        <PeriodFields from={filters.from} to={filters.to} set={set} />
      </FilterBar>
      <ResourceList
        list={list}
        description={{
          label: 'Matrículas',
          empty: 'Nenhuma matrícula encontrada.',
          pagesOf: 'matrículas',
          columns: [
            {
              header: 'Aluno',
              cell: (row) => (
                <>
                  <TwoLines main={row.student.name} detail={row.student.email} wrap />
                  {row.order?.gift_from ? (
                    <p className="text-slate-700 text-xs">presente de {row.order.gift_from.name}</p>
                  ) : null}
                </>
              ),
            },
            {
              header: 'Curso e turma',
              cell: (row) => (
                <>
                  <p>{row.course.name}</p>
                  <p className="text-slate-600 text-xs">{row.class.name}</p>
                  {row.status === 'cancelled' ? <Badge tone="red">cancelada</Badge> : null}
                </>
              ),
            },
            {
              header: 'Pedido',
              cell: (row) =>
                row.order ? (
                  <button
                    type="button"
                    className="link text-left font-mono text-xs"
                    onClick={() => {
                      setOrderId(row.order!.id)
                      openModal(ORDER_MODAL_ID, 'update')
                    }}
                  >
                    {row.order.id}
                  </button>
                ) : (
                  <span className="text-slate-700 text-xs">{row.note}</span>
                ),
            },
            { header: 'Pagamento', cell: (row) => <PaymentCell order={row.order} /> },
            {
              header: 'Data',
              className: 'whitespace-nowrap',
              cell: (row) => formatDateTime(row.created_at),
            },
          ],
          actions: (row) => [
            {
              label: 'Estornar',
              of: `o pedido de ${row.student.name}`,
              hidden: !(
                row.status === 'active' &&
                row.order !== null &&
                isRefundable(row.order.status) &&
                !row.order.refund_pending
              ),
              onClick: () => void refund(row),
            },
            {
              label: 'Cancelar matrícula',
              of: `de ${row.student.name}`,
              hidden: !(row.order === null && row.status === 'active'),
              onClick: () =>
                void act(() => send('POST', `/api/admin/matriculas/${row.id}/cancelamento`), {
                  success: 'Matrícula cancelada.',
                }),
            },
          ],
        }}
      />
      <ResourceForm description={manualForm(options.data?.classes ?? [])} item={null} />
      <OrderModal orderId={orderId} />
      <BoletoRefundModal
        id={BOLETO_REFUND_MODAL_ID}
        path={boletoOrder ? `/api/admin/pedidos/${boletoOrder}/estorno` : null}
        answer={RefundOrderResult}
      />
      <OutsideRefundModal order={outsideOrder} />
    </AdminPage>
  )
}

/** The order's state, how and how much it was paid, and a refund or a withdrawal under way. */
function PaymentCell({ order }: { order: AdminEnrollment['order'] }) {
  if (!order) return <Badge tone="teal">pago fora do site</Badge>
  return (
    <>
      <Badge tone={TONE[order.status]}>{ORDER_STATE_LABELS[order.status]}</Badge>
      <p className="mt-1 whitespace-nowrap text-slate-700 text-xs">
        {order.payment_type ? PAYMENT_TYPE_LABELS[order.payment_type] : ''}{' '}
        {formatBRL(order.amount ?? order.total)}
      </p>
      {order.refund_pending ? <p className="text-amber-800 text-xs">estorno aguardando a operadora</p> : null}
      {order.withdrawal_requested ? (
        <p className="text-amber-800 text-xs">reembolso solicitado pelo comprador</p>
      ) : null}
    </>
  )
}
