import { useQuery } from '@tanstack/react-query'
import { ExternalLink } from 'lucide'
import type { Application } from '../../../../worker/contract/plans.ts'
import {
  APPLICATION_STATE_LABELS,
  type ApplicationState,
  FEE_KIND_LABELS,
  FEE_STATE_LABELS,
  type FeeState,
  isLate,
} from '../../../../worker/domain/editais.ts'
import { PLAN_PAYMENT_METHOD_LABELS } from '../../../../worker/domain/payments.ts'
import { curitibaDay } from '../../../../worker/domain/time-zone.ts'
import { Icon } from '../../components/icons.tsx'
import { Link } from '../../components/link.tsx'
import { QueryStatus } from '../../components/query-status.tsx'
import { formatInstantDate } from '../../lib/date.ts'
import { formatBRL } from '../../lib/money.ts'
import { formatDay } from '../admin/format.ts'
import { StateBadge } from '../student/state-badge.tsx'
import { myApplicationsQuery } from './plans.queries.ts'

type ApplicationPlan = Application['plans'][number]

/** A fee still to pay after its due day (in Curitiba) is late. */
function feeState(plan: ApplicationPlan, today: string): FeeState {
  return plan.state === 'due' && isLate(plan.due_on, false, today) ? 'late' : plan.state
}

/** The badge's colour of an application's state: green approved, amber waiting, grey otherwise. */
const APPLICATION_TONES: Partial<Record<ApplicationState, string>> = {
  approved: 'paid',
  waitlisted: 'pending',
}

/** SPEC section 9: the plan payment's boleto link gets '?format=pdf'. */
export const boletoPdf = (link: string) => `${link}${link.includes('?') ? '&' : '?'}format=pdf`

function PaymentInfo({ plan }: { plan: ApplicationPlan }) {
  const payment = plan.payment
  if (!payment) return null
  const method = PLAN_PAYMENT_METHOD_LABELS[payment.payment_method]
  if (plan.state === 'paid') {
    return (
      <p className="text-slate-700 text-sm">
        {method}
        {payment.instalments > 1
          ? ` em ${payment.instalments}x de ${formatBRL(payment.instalment_value)}`
          : ''}
        {payment.paid_at ? ` · pago em ${formatInstantDate(payment.paid_at)}` : ''}
      </p>
    )
  }
  if (plan.state === 'pending' && payment.payment_method === 'boleto') {
    return (
      <div className="space-y-1 text-slate-700 text-sm">
        <p>
          Boleto gerado{payment.boleto_due_at ? `, vence em ${formatInstantDate(payment.boleto_due_at)}` : ''}
          .
        </p>
        {payment.ccj_pay_number ? (
          <p className="break-all font-mono text-xs">{payment.ccj_pay_number}</p>
        ) : null}
        {payment.ccj_boleto_link ? (
          <a
            href={boletoPdf(payment.ccj_boleto_link)}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 font-semibold text-teal-800 underline"
          >
            <Icon drawing={ExternalLink} className="size-4" />
            Abrir boleto (PDF)<span className="sr-only"> de {plan.name}, abre em nova aba</span>
          </a>
        ) : null}
      </div>
    )
  }
  if (plan.state === 'pending') {
    return <p className="text-slate-700 text-sm">{method}: aguardando a autenticação do banco emissor.</p>
  }
  if (payment.status === 'failed' && payment.refusal) {
    return <p className="text-slate-700 text-sm">Última tentativa recusada: {payment.refusal}</p>
  }
  return null
}

function PlanRow({
  application,
  plan,
  today,
}: {
  application: Application
  plan: ApplicationPlan
  today: string
}) {
  const state = feeState(plan, today)
  const payable =
    plan.state === 'due' || (plan.state === 'pending' && plan.payment?.payment_method !== 'boleto')
  const closed = application.status === 'rejected' || application.status === 'cancelled'
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 space-y-1">
        <h3 className="font-semibold text-slate-900">{plan.name}</h3>
        <p className="text-slate-700 text-sm">
          {FEE_KIND_LABELS[plan.kind]}
          {plan.due_on ? ` · vence em ${formatDay(plan.due_on)}` : ''}
        </p>
        <p className="whitespace-nowrap font-bold text-lg text-teal-900">{formatBRL(plan.amount)}</p>
        <PaymentInfo plan={plan} />
      </div>
      <div className="flex shrink-0 flex-wrap items-center gap-3 sm:flex-col sm:items-end">
        <StateBadge tone={state}>{FEE_STATE_LABELS[state]}</StateBadge>
        {payable && !closed ? (
          <Link
            to="/usuario/editais/mensalidade/$planId"
            params={{ planId: String(plan.id) }}
            search={{ inscricao: application.id }}
            // A new document: the payment screen's policy lets it reach the card gateway.
            reloadDocument
            className="btn btn-primary"
          >
            Pagar<span className="sr-only"> {plan.name}</span>
          </Link>
        ) : null}
      </div>
    </li>
  )
}

/** What the institute decided, as the student reads it: why not approved, and when the monthly fees come. */
function Decision({ application }: { application: Application }) {
  const { status, decision_reason: reason } = application
  return (
    <>
      {reason && (status === 'rejected' || status === 'waitlisted') ? (
        <div className="mt-4 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
          <p className="font-semibold text-slate-900">
            {status === 'waitlisted'
              ? 'Sua inscrição está na lista de espera.'
              : 'Sua inscrição não foi aprovada.'}
          </p>
          <p className="mt-1 text-slate-700">
            Motivo informado pelo instituto: <span className="whitespace-pre-line">{reason}</span>
          </p>
        </div>
      ) : null}
      {status === 'submitted' || status === 'waitlisted' ? (
        <p className="mt-4 text-slate-700">
          Se o edital tiver mensalidades, elas aparecem aqui depois que a inscrição for aprovada.
        </p>
      ) : null}
    </>
  )
}

function ApplicationCard({ application, today }: { application: Application; today: string }) {
  const closed = application.status === 'rejected' || application.status === 'cancelled'
  return (
    <article
      aria-labelledby={`inscricao-${application.id}`}
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={`inscricao-${application.id}`} className="font-bold text-slate-900 text-xl">
            {application.edital.title}
          </h2>
          <p className="mt-1 text-slate-700 text-sm">
            Inscrição nº {application.id}, de {formatInstantDate(application.created_at)} ·{' '}
            <Link to="/editais/$slug" params={{ slug: application.edital.slug }} className="link">
              ver o edital
            </Link>
          </p>
        </div>
        <StateBadge tone={APPLICATION_TONES[application.status] ?? 'other'}>
          {APPLICATION_STATE_LABELS[application.status]}
        </StateBadge>
      </div>
      <Decision application={application} />
      <dl className="mt-4 flex flex-wrap gap-x-8 gap-y-1">
        <div>
          <dt className="inline text-slate-600">Pago: </dt>
          <dd className="inline font-semibold text-slate-900">{formatBRL(application.paid_cents)}</dd>
        </div>
        <div>
          <dt className="inline text-slate-600">A pagar: </dt>
          <dd className="inline font-semibold text-slate-900">{formatBRL(application.due_cents)}</dd>
        </div>
      </dl>
      {application.plans.length ? (
        <ul className="mt-2 divide-y divide-slate-200">
          {application.plans.map((plan) => (
            <PlanRow key={plan.id} application={application} plan={plan} today={today} />
          ))}
        </ul>
      ) : closed ? null : (
        <p className="mt-3 text-slate-700">Este edital não tem taxas a pagar.</p>
      )}
    </article>
  )
}

/** /usuario/editais: the student's applications, each with its decision and its fees paid, pending and due. */
export function MyEditaisPage() {
  const query = useQuery(myApplicationsQuery())
  // The page is rendered in the browser only (worker/ssr/pages.ts): today is the visitor's now.
  const today = curitibaDay(new Date())
  return (
    <div className="container-page py-10 md:py-14">
      <h1 className="font-extrabold text-3xl text-slate-900 tracking-tight md:text-4xl">Meus editais</h1>
      <QueryStatus query={query} loading="Carregando suas inscrições..." />
      {query.data?.length === 0 ? (
        <p className="mt-6 text-lg text-slate-700">
          Você ainda não se inscreveu em nenhum edital. Os editais abertos estão no menu Editais.
        </p>
      ) : null}
      <ul className="mt-8 space-y-8">
        {query.data?.map((application) => (
          <li key={application.id}>
            <ApplicationCard application={application} today={today} />
          </li>
        ))}
      </ul>
    </div>
  )
}
