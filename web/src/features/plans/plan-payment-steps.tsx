import { type RefObject, useEffect, useRef } from 'react'
import type { UseFormReturn } from 'react-hook-form'
import type { Application, Plan } from '../../../../worker/contract/plans.ts'
import { parsePaymentMethods } from '../../../../worker/contract/plans.ts'
import { REMINDERS_CONSENT_LABEL } from '../../../../worker/contract/reminders.ts'
import { PLAN_PAYMENT_METHOD_LABELS, type PlanPaymentMethod } from '../../../../worker/domain/payments.ts'
import { formatBRL } from '../../lib/money.ts'
import { AddressFields, PayerFields, Section } from '../checkout/checkout-fields.tsx'
import {
  CardFields,
  CardPrivacyNote,
  InstalmentsSelect,
  PaymentChoices,
} from '../checkout/payment-section.tsx'
import type { PlanFormInput, PlanFormValues } from './plan-payment.form.ts'
import { PlanTakerFields } from './plan-taker-fields.tsx'

// The fee-payment wizard's steps 1 to 4 (SPEC section 4): the stepper and each step's title and fields.

/** The payment-plan screen's steps (SPEC section 4: success moves to step 5). */
export const STEPS = ['Plano', 'Dados do pagador', 'Forma de pagamento', 'Pagamento', 'Concluído'] as const
export type Step = 1 | 2 | 3 | 4 | 5

export function Stepper({ step }: { step: Step }) {
  return (
    <ol aria-label="Etapas do pagamento" className="mb-6 grid grid-cols-5 gap-1 sm:gap-2">
      {STEPS.map((label, index) => {
        const number = index + 1
        const state = number < step ? 'done' : number === step ? 'current' : 'next'
        return (
          <li
            key={label}
            aria-current={state === 'current' ? 'step' : undefined}
            className="flex flex-col items-center gap-1 text-center text-xs sm:text-sm"
          >
            <span
              aria-hidden="true"
              className={`grid size-8 place-items-center rounded-full font-bold ${state === 'current' ? 'bg-teal-700 text-white' : state === 'done' ? 'bg-teal-100 text-teal-900' : 'bg-slate-200 text-slate-700'}`}
            >
              {number}
            </span>
            <span className={state === 'current' ? 'font-semibold text-slate-900' : 'text-slate-700'}>
              <span className="sr-only">Etapa {number}: </span>
              {label}
              <span className="sr-only">{state === 'done' ? ' (concluída)' : ''}</span>
            </span>
          </li>
        )
      })}
    </ol>
  )
}

/** The step's title, focused when the step changes, so a screen reader hears where it is. */
export function StepTitle({ step, children }: { step: Step; children: React.ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null)
  const first = useRef(true)
  // biome-ignore lint/correctness/useExhaustiveDependencies: the step is the trigger
  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    // The new step is read from the top of the page (the way back and the steps above it in
    // sight, none under the sticky header), its title focused where it stands.
    window.scrollTo({ top: 0 })
    ref.current?.focus({ preventScroll: true })
  }, [step])
  return (
    <h2 ref={ref} id="etapa-titulo" tabIndex={-1} className="font-bold text-2xl text-slate-900">
      {children}
    </h2>
  )
}

export function PlanSummary({ plan, application }: { plan: Plan; application: Application }) {
  const methods = parsePaymentMethods(plan.payment_methods)
  return (
    <dl className="grid gap-3 rounded-2xl border border-slate-200 bg-slate-50 p-5 sm:grid-cols-2">
      <div>
        <dt className="text-slate-600 text-sm">Plano</dt>
        <dd className="font-semibold text-slate-900">{plan.name}</dd>
      </div>
      <div>
        <dt className="text-slate-600 text-sm">Valor</dt>
        <dd className="whitespace-nowrap font-bold text-teal-900 text-xl">{formatBRL(plan.amount)}</dd>
      </div>
      <div>
        <dt className="text-slate-600 text-sm">Edital</dt>
        <dd className="text-slate-900">{plan.edital.title}</dd>
      </div>
      <div>
        <dt className="text-slate-600 text-sm">Inscrição</dt>
        <dd className="text-slate-900">nº {application.id}</dd>
      </div>
      <div className="sm:col-span-2">
        <dt className="text-slate-600 text-sm">Formas de pagamento</dt>
        <dd className="text-slate-900">
          {methods.map((method) => PLAN_PAYMENT_METHOD_LABELS[method]).join(', ')}
          {plan.instalment_times > 1 && methods.includes('credit_card')
            ? ` (cartão de crédito em até ${plan.instalment_times}x sem juros)`
            : ''}
        </dd>
      </div>
    </dl>
  )
}

type PlanForm = UseFormReturn<PlanFormInput, unknown, PlanFormValues>

/** Step 2: the payer (filled from the account), who the note goes to, and the consent to reminders of the fees. */
export function PayerStep({ form }: { form: PlanForm }) {
  return (
    <>
      <PayerFields
        form={form}
        loggedIn
        title="Dados do pagador"
        intro="Preenchemos com os dados do seu cadastro; confira e informe o CPF de quem paga."
      />
      <PlanTakerFields form={form} />
      <label className="flex items-start gap-3 rounded-2xl border border-slate-200 p-5 font-medium text-slate-900">
        <input
          type="checkbox"
          className="mt-1 size-5 shrink-0 accent-teal-700"
          {...form.register('reminders_consent')}
        />
        <span>
          {REMINDERS_CONSENT_LABEL}
          <span className="mt-1 block font-normal text-slate-700 text-sm">
            Avisamos quando uma mensalidade estiver para vencer ou atrasada; cada lembrete traz um link para
            parar de recebê-los.
          </span>
        </span>
      </label>
    </>
  )
}

/** Step 3: how to pay, the card's instalments, and what a debit card or a boleto will ask. */
export function MethodStep({
  form,
  plan,
  methods,
}: {
  form: PlanForm
  plan: Plan
  methods: PlanPaymentMethod[]
}) {
  const method = form.watch('payment_method')
  const methodError = form.formState.errors.payment_method?.message
  const instalments = Array.from({ length: Math.max(1, plan.instalment_times) }, (_, index) => index + 1)
  return (
    <section aria-labelledby="forma-pagamento" className="rounded-2xl border border-slate-200 p-5">
      <PaymentChoices
        choices={methods}
        labels={PLAN_PAYMENT_METHOD_LABELS}
        error={methodError}
        registration={form.register('payment_method')}
      />
      {method === 'credit_card' && instalments.length > 1 ? (
        <div className="mt-4 max-w-xs">
          <InstalmentsSelect registration={form.register('parcela')}>
            {instalments.map((count) => (
              <option key={count} value={String(count)}>
                {count}x de {formatBRL(Math.round(plan.amount / count))}
                {count === 1 ? ' (à vista)' : ' (sem juros)'}
              </option>
            ))}
          </InstalmentsSelect>
        </div>
      ) : null}
      {method === 'debit_card' ? (
        <p className="mt-4 text-slate-700 text-sm">
          No cartão de débito, o seu banco confirma a compra (3-D Secure): você pode ser levado à página do
          banco para autorizar e depois volta para cá.
        </p>
      ) : null}
      {method === 'boleto' ? (
        <p className="mt-4 text-slate-700 text-sm">
          Geramos o boleto na próxima etapa; ele vence em 3 dias e a compensação leva até 3 dias úteis.
        </p>
      ) : null}
    </section>
  )
}

/** Step 4: the card (or the boleto to confirm), the billing address, and the bank's challenge. */
export function PaymentStep({
  form,
  plan,
  cardError,
  cardErrorId,
  authenticating,
  challengeRef,
}: {
  form: PlanForm
  plan: Plan
  cardError: string | null
  cardErrorId: string
  authenticating: boolean
  challengeRef: RefObject<HTMLDivElement | null>
}) {
  const method = form.watch('payment_method')
  const card = method === 'credit_card' || method === 'debit_card'
  return (
    <>
      {card ? (
        <Section title={method === 'debit_card' ? 'Cartão de débito' : 'Cartão de crédito'}>
          <CardPrivacyNote />
          <CardFields form={form} cardError={cardError} cardErrorId={cardErrorId} />
        </Section>
      ) : (
        <p className="rounded-2xl border border-slate-200 p-5 text-slate-800">
          Confira: um boleto de {formatBRL(plan.amount)} para {plan.name}, em nome de{' '}
          {form.getValues('payer.name')}.
        </p>
      )}
      {/* A card's antifraud and a registered boleto both name the payer's address. */}
      <AddressFields form={form} />
      {method === 'debit_card' ? (
        <section
          aria-labelledby="autenticacao-titulo"
          hidden={!authenticating}
          className="rounded-2xl border border-teal-300 bg-teal-50 p-4"
        >
          <h3 id="autenticacao-titulo" className="font-bold text-lg text-slate-900">
            Confirme a compra com o seu banco
          </h3>
          <p className="text-slate-700 text-sm">
            O seu banco pode pedir uma confirmação (3-D Secure). Nada é cobrado antes dela.
          </p>
          <div ref={challengeRef} className="mt-3" />
        </section>
      ) : null}
    </>
  )
}
