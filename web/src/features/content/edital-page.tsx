import { useSuspenseQuery } from '@tanstack/react-query'
import { CalendarDays, Download, Users } from 'lucide'
import type { Edital } from '../../../../worker/contract/catalog.ts'
import { FEE_KIND_LABELS, MONTHLY_FEES_AFTER_APPROVAL } from '../../../../worker/domain/editais.ts'
import { PLAN_PAYMENT_METHOD_LABELS, PLAN_PAYMENT_METHODS } from '../../../../worker/domain/payments.ts'
import { Icon } from '../../components/icons.tsx'
import { Link } from '../../components/link.tsx'
import { formatInstantDate } from '../../lib/date.ts'
import { formatBRL } from '../../lib/money.ts'
import { formatDay } from '../admin/format.ts'
import { editalQuery } from './content.queries.ts'
import { Markdown } from './markdown.tsx'

type FeePlan = Edital['plans'][number]

function period(edital: Edital): string | null {
  const { opens_at: opens, closes_at: closes } = edital
  if (opens && closes) return `Inscrições de ${formatInstantDate(opens)} a ${formatInstantDate(closes)}`
  if (opens) return `Inscrições a partir de ${formatInstantDate(opens)}`
  if (closes) return `Inscrições até ${formatInstantDate(closes)}`
  return null
}

/** A fee: its amount, due day, instalments and methods; a registration fee links to its payment. */
function FeeCard({ plan }: { plan: FeePlan }) {
  return (
    <li className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h3 className="font-semibold text-slate-900">{plan.name}</h3>
      <p className="mt-1 whitespace-nowrap font-bold text-2xl text-teal-800">{formatBRL(plan.amount)}</p>
      {plan.due_on ? <p className="text-slate-700 text-sm">vence em {formatDay(plan.due_on)}</p> : null}
      {plan.instalment_times > 1 && plan.payment_methods.includes('credit_card') ? (
        <p className="text-slate-700 text-sm">em até {plan.instalment_times}x no cartão de crédito</p>
      ) : null}
      <p className="mt-2 text-slate-700 text-sm">Formas de pagamento:</p>
      <ul className="mt-1 flex flex-wrap gap-2">
        {PLAN_PAYMENT_METHODS.filter((method) => plan.payment_methods.includes(method)).map((method) => (
          <li
            key={method}
            className="rounded-full bg-teal-50 px-3 py-1 font-medium text-sm text-teal-900 ring-1 ring-teal-200"
          >
            {PLAN_PAYMENT_METHOD_LABELS[method]}
          </li>
        ))}
      </ul>
      {plan.kind === 'registration' ? (
        // The payment-plan screen: in the student area (a login first, then the application).
        <Link
          to="/usuario/editais/mensalidade/$planId"
          params={{ planId: String(plan.id) }}
          // A new document: the payment screen's policy lets it reach the card gateway.
          reloadDocument
          className="btn btn-primary mt-4"
        >
          Pagar<span className="sr-only"> {plan.name}</span>
        </Link>
      ) : null}
    </li>
  )
}

/**
 * The call's fees in two groups: the registration fee, paid on applying, and the monthly fees with
 * their due days, paid (in Meus editais) once the application is approved.
 */
function Fees({ plans }: { plans: FeePlan[] }) {
  const registration = plans.filter((plan) => plan.kind === 'registration')
  const monthly = plans.filter((plan) => plan.kind === 'monthly')
  return (
    <div className="space-y-8 rounded-2xl border border-slate-200 bg-slate-50 p-5">
      <section aria-labelledby="taxa-inscricao-titulo">
        <h2 id="taxa-inscricao-titulo" className="font-bold text-slate-900 text-xl">
          {FEE_KIND_LABELS.registration}
        </h2>
        {registration.length === 0 ? (
          <p className="mt-3 text-slate-700">Este edital não tem taxa de inscrição.</p>
        ) : (
          <ul className="mt-4 space-y-4">
            {registration.map((plan) => (
              <FeeCard key={plan.id} plan={plan} />
            ))}
          </ul>
        )}
      </section>
      {monthly.length ? (
        <section aria-labelledby="mensalidades-titulo">
          <h2 id="mensalidades-titulo" className="font-bold text-slate-900 text-xl">
            Mensalidades
          </h2>
          <p className="mt-3 text-slate-700">{MONTHLY_FEES_AFTER_APPROVAL}</p>
          <ul className="mt-4 space-y-4">
            {monthly.map((plan) => (
              <FeeCard key={plan.id} plan={plan} />
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  )
}

/** /editais/{slug}: an edital, whether it is open, its dates and places, its text, PDF and fees. */
export function EditalPage({ slug }: { slug: string }) {
  const { data: edital } = useSuspenseQuery(editalQuery(slug))
  const dates = period(edital)
  return (
    <article className="container-page py-10 md:py-14">
      <p className="font-semibold text-sm text-teal-800 uppercase tracking-wide">Edital</p>
      <h1 className="mt-1 font-extrabold text-3xl text-slate-900 tracking-tight md:text-4xl">
        {edital.title}
      </h1>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <p
          className={`inline-flex rounded-full px-3 py-1 font-semibold text-sm ${edital.is_open ? 'bg-emerald-100 text-emerald-900' : 'bg-slate-200 text-slate-800'}`}
        >
          {edital.is_open ? 'Inscrições abertas' : 'Inscrições encerradas'}
        </p>
        {dates ? (
          <p className="flex items-center gap-2 text-slate-700">
            <Icon drawing={CalendarDays} className="size-4 shrink-0 text-teal-700" />
            {dates}
          </p>
        ) : null}
        {edital.places !== null ? (
          <p className="flex items-center gap-2 text-slate-700">
            <Icon drawing={Users} className="size-4 shrink-0 text-teal-700" />
            {edital.places === 1 ? '1 vaga' : `${edital.places} vagas`}
          </p>
        ) : null}
      </div>
      <p className="mt-6 max-w-3xl text-lg text-slate-800 leading-relaxed">{edital.summary}</p>
      {edital.pdf_url ? (
        <a href={edital.pdf_url} className="btn btn-outline mt-5">
          <Icon drawing={Download} className="size-4" />
          Baixar o edital (PDF)
        </a>
      ) : null}

      <div className="mt-8 grid gap-10 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] lg:items-start">
        <Markdown source={edital.body} className="max-w-3xl" />
        <Fees plans={edital.plans} />
      </div>
    </article>
  )
}
