import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate, useSearch } from '@tanstack/react-router'
import { LoaderCircle, Lock, TriangleAlert } from 'lucide'
import { useEffect, useId, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import type { PaymentsConfig } from '../../../../worker/contract/checkout.ts'
import type { Application, Plan, PlanPaymentResult } from '../../../../worker/contract/plans.ts'
import { PLAN_MESSAGES, parsePaymentMethods } from '../../../../worker/contract/plans.ts'
import { grantsAccess } from '../../../../worker/domain/orders.ts'
import { BackHeading } from '../../components/back-heading.tsx'
import { Icon } from '../../components/icons.tsx'
import { ErrorState, LoadingState } from '../../components/page-status.tsx'
import { ActionButton } from '../../lib/form-field.tsx'
import { formatBRL } from '../../lib/money.ts'
import { errorMessage, showToast, toastError } from '../../lib/toast.ts'
import { type CurrentUser, useCurrentUser } from '../auth/use-current-user.ts'
import { CARD_TOKEN_ERROR, CardTokenError, checkCard, tokenizeCard } from '../checkout/card.ts'
import { paymentsConfigQuery } from '../checkout/checkout.queries.ts'
import { newIdempotencyKey } from '../checkout/pay.ts'
import {
  buildPlanPurchase,
  emptyPlanForm,
  PAYER_STEP_FIELDS,
  type PlanFormInput,
  type PlanFormValues,
  payerId,
  planFormSchema,
  planPurchaseFailure,
} from './plan-payment.form.ts'
import { Done, Finished } from './plan-payment-done.tsx'
import {
  MethodStep,
  PayerStep,
  PaymentStep,
  PlanSummary,
  STEPS,
  type Step,
  Stepper,
  StepTitle,
} from './plan-payment-steps.tsx'
import { payPlan, useApplyToEdital } from './plans.mutations.ts'
import { myApplicationsQuery, planKeys, planPaymentQuery, planQuery } from './plans.queries.ts'

function Shell({ children }: { children: React.ReactNode }) {
  return (
    <div className="container-page py-10 md:py-14">
      <BackHeading to="/usuario/editais" back="Meus editais">
        Pagamento de plano
      </BackHeading>
      <div className="mt-6">{children}</div>
    </div>
  )
}

function Wizard({
  plan,
  application,
  user,
  retrying,
  onDone,
}: {
  plan: Plan
  application: Application
  user: CurrentUser
  retrying: string | null
  onDone: (result: PlanPaymentResult) => void
}) {
  const queryClient = useQueryClient()
  const methods = parsePaymentMethods(plan.payment_methods)
  const [step, setStep] = useState<Step>(1)
  const [cardError, setCardError] = useState<string | null>(null)
  const [payError, setPayError] = useState<string | null>(retrying)
  const [leaving, setLeaving] = useState(false)
  const payErrorRef = useRef<HTMLParagraphElement>(null)
  const attemptKey = useRef<string | null>(null)
  /** Where the issuer's challenge shows on a PSP account (Pagar.me's 3DS library opens it here). */
  const challengeRef = useRef<HTMLDivElement>(null)
  const [authenticating, setAuthenticating] = useState(false)
  const cardErrorId = useId()
  const form = useForm<PlanFormInput, unknown, PlanFormValues>({
    resolver: zodResolver(planFormSchema),
    defaultValues: emptyPlanForm(user, methods),
    mode: 'onTouched',
  })
  const method = form.watch('payment_method')
  const parcela = Number(form.watch('parcela')) || 1

  const pay = useMutation({
    mutationFn: async (values: PlanFormValues) => {
      let cardToken: string | null = null
      let tdsTransactionId: string | null = null
      if (values.payment_method !== 'boleto') {
        let config: PaymentsConfig
        try {
          config = await queryClient.fetchQuery(paymentsConfigQuery())
          cardToken = await tokenizeCard(config, values.card)
        } catch {
          throw new CardTokenError()
        }
        if (values.payment_method === 'debit_card' && config.account_type === 'psp') {
          // A PSP account authenticates the debit card here, before the payment (3-D Secure):
          // the provider's library, loaded only now, may show the issuer's challenge.
          setAuthenticating(true)
          try {
            const { authenticateDebit } = await import('./three-ds.ts')
            const authentication = await authenticateDebit({
              amount: plan.amount,
              card: values.card,
              challengeContainer: challengeRef.current!,
            })
            tdsTransactionId = authentication.transactionId
          } finally {
            setAuthenticating(false)
          }
        }
      }
      attemptKey.current ??= newIdempotencyKey()
      const body = buildPlanPurchase({
        plan,
        applicationId: application.id,
        values,
        user,
        idempotencyKey: attemptKey.current,
        cardToken,
        tdsTransactionId,
      })
      return payPlan(body)
    },
    onSuccess: (answer) => {
      attemptKey.current = null
      void queryClient.invalidateQueries({ queryKey: planKeys.applications() })
      if (answer.authentication_url) {
        // The issuer's 3-D Secure challenge: the payer approves there and comes back to this screen.
        setLeaving(true)
        window.location.assign(answer.authentication_url)
        return
      }
      onDone(answer)
    },
    onError: (error) => {
      if (error instanceof CardTokenError) {
        setPayError(CARD_TOKEN_ERROR)
        return
      }
      if (error instanceof Error && error.name === 'DebitAuthenticationError') {
        // Refused by the issuer, or the authentication could not run: nothing was sent nor charged.
        setPayError(error.message)
        return
      }
      const failure = planPurchaseFailure(error)
      if (failure.final) attemptKey.current = null
      if (failure.toast) void showToast('error', failure.message)
      setPayError(failure.message)
      void queryClient.invalidateQueries({ queryKey: planKeys.applications() })
    },
  })

  useEffect(() => {
    if (payError) payErrorRef.current?.focus()
  }, [payError])

  const next = async () => {
    if (step === 2) {
      const ok = await form.trigger([...PAYER_STEP_FIELDS], { shouldFocus: true })
      if (!ok) return
    }
    if (step === 3) {
      const ok = await form.trigger('payment_method')
      if (!ok) return
    }
    setStep((current) => (current < 4 ? ((current + 1) as Step) : current))
  }

  const submit = form.handleSubmit(
    (values) => {
      setPayError(null)
      setCardError(null)
      if (values.payment_method !== 'boleto') {
        const problem = checkCard(values.card, new Date())
        if (problem) {
          setCardError(problem)
          form.setFocus('card.number')
          return
        }
      }
      pay.mutate(values)
    },
    () => {
      // Something of an earlier step is wrong (the payer's data): back there, with its messages.
      const errors = form.formState.errors
      if (errors.payer || errors.company || errors.foreign) setStep(2)
      else if (errors.payment_method) setStep(3)
    },
  )

  const id = payerId(user, form.getValues('payer'))
  return (
    <>
      <Stepper step={step} />
      <form
        noValidate
        aria-labelledby="etapa-titulo"
        onSubmit={(event) => {
          if (step < 4) {
            event.preventDefault()
            void next()
            return
          }
          void submit(event)
        }}
        className="space-y-6"
      >
        <StepTitle step={step}>
          Etapa {step} de 5: {STEPS[step - 1]}
        </StepTitle>
        {step === 1 ? <PlanSummary plan={plan} application={application} /> : null}
        {step === 2 ? <PayerStep form={form} /> : null}
        {step === 3 ? <MethodStep form={form} plan={plan} methods={methods} /> : null}
        {step === 4 ? (
          <PaymentStep
            form={form}
            plan={plan}
            cardError={cardError}
            cardErrorId={cardErrorId}
            authenticating={authenticating}
            challengeRef={challengeRef}
          />
        ) : null}

        {payError ? (
          <p
            ref={payErrorRef}
            tabIndex={-1}
            role="alert"
            className="whitespace-pre-line rounded-lg bg-red-50 p-4 font-medium text-red-800 ring-1 ring-red-200"
          >
            <Icon drawing={TriangleAlert} className="mr-2 inline size-5 align-text-bottom" />
            {payError}
          </p>
        ) : null}
        <div className="flex flex-wrap items-center gap-3">
          {step > 1 ? (
            <button
              type="button"
              className="btn btn-outline"
              disabled={pay.isPending || leaving}
              onClick={() => setStep((current) => (current - 1) as Step)}
            >
              Voltar
            </button>
          ) : null}
          <button
            type="submit"
            className="btn btn-primary"
            disabled={pay.isPending || leaving}
            aria-busy={pay.isPending || leaving || undefined}
          >
            {pay.isPending || leaving ? (
              <Icon drawing={LoaderCircle} className="size-5 animate-spin" />
            ) : step === 4 ? (
              <Icon drawing={Lock} className="size-5" />
            ) : null}
            {step < 4
              ? 'Continuar'
              : leaving
                ? 'Indo para o seu banco...'
                : authenticating
                  ? 'Autenticando com o seu banco...'
                  : pay.isPending
                    ? 'Processando pagamento...'
                    : method === 'boleto'
                      ? 'Gerar boleto'
                      : `Pagar ${method === 'credit_card' && parcela > 1 ? `${parcela}x de ${formatBRL(Math.round(plan.amount / parcela))}` : formatBRL(plan.amount)}`}
          </button>
        </div>
        {step === 2 && id === undefined ? (
          <p className="text-slate-700 text-sm">
            Os dados acima são diferentes dos do seu cadastro: o pagamento sai em nome deles.
          </p>
        ) : null}
      </form>
    </>
  )
}

/** Back from the issuer's challenge: the payment re-read at the provider, paid or refused. */
function ChallengeReturn({
  paymentId,
  onRetry,
}: {
  paymentId: string
  onRetry: (reason: string | null) => void
}) {
  const query = useQuery(planPaymentQuery(paymentId))
  const queryClient = useQueryClient()
  const settled = query.data && query.data.status !== 'pending'
  useEffect(() => {
    if (settled) void queryClient.invalidateQueries({ queryKey: planKeys.applications() })
  }, [settled, queryClient])
  if (query.isPending) return <LoadingState label="Confirmando o pagamento com o seu banco..." />
  if (!query.data) {
    return (
      <ErrorState
        detail={errorMessage(query.error, 'Erro ao buscar dados.')}
        onRetry={() => void query.refetch()}
      />
    )
  }
  const payment = query.data
  if (grantsAccess(payment.status)) return <Finished result={payment} />
  if (payment.status === 'pending' && payment.authentication_url) {
    return (
      <div className="space-y-4 rounded-2xl border border-amber-300 bg-amber-50 p-5 text-amber-950">
        <h2 className="font-bold text-xl">A autenticação do cartão ainda não foi concluída</h2>
        <p>Volte à página do seu banco para autorizar, ou escolha outra forma de pagamento.</p>
        <div className="flex flex-wrap gap-3">
          <a href={payment.authentication_url} className="btn btn-primary">
            Continuar no banco
          </a>
          <button type="button" className="btn btn-outline" onClick={() => onRetry(null)}>
            Escolher outra forma de pagamento
          </button>
        </div>
      </div>
    )
  }
  const reason =
    payment.status === 'failed'
      ? `Pagamento recusado${payment.refusal ? `: ${payment.refusal}` : '. Nada foi cobrado.'}`
      : 'O pagamento não foi concluído. Nada foi cobrado.'
  return (
    <div className="space-y-4 rounded-2xl border border-red-200 bg-red-50 p-5 text-red-900" role="alert">
      <h2 className="font-bold text-xl">Pagamento recusado</h2>
      <p data-testid="plan-refusal">{reason}</p>
      <button type="button" className="btn btn-outline" onClick={() => onRetry(reason)}>
        Tentar novamente
      </button>
    </div>
  )
}

/** No application to this edital yet: apply (an open edital), then pay. */
function ApplyFirst({ plan }: { plan: Plan }) {
  const apply = useApplyToEdital()
  if (!plan.edital.is_open) {
    return (
      <p className="rounded-2xl border border-slate-200 p-5 text-slate-800">
        Você não tem inscrição no edital {plan.edital.title}, e as inscrições estão encerradas.
      </p>
    )
  }
  return (
    <div className="space-y-4 rounded-2xl border border-slate-200 p-5">
      <p className="text-slate-800">
        Para pagar “{plan.name}”, inscreva-se antes no edital <strong>{plan.edital.title}</strong>.
      </p>
      <ActionButton
        className="btn btn-primary"
        pending={apply.isPending}
        onClick={() =>
          apply.mutate(plan.edital.id, {
            onSuccess: () => void showToast('success', 'Inscrição feita! Agora você pode pagar a taxa.'),
            onError: (error) => void toastError(error, 'Não foi possível fazer a inscrição.'),
          })
        }
      >
        Inscrever-me neste edital
      </ActionButton>
    </div>
  )
}

/**
 * ?inscricao= picks the application (from Meus editais); ?pagamento= is the return from the
 * issuer's 3-D Secure challenge, whose payment the screen re-reads. Anything else is ignored.
 */
export function readSearch(search: Record<string, unknown>) {
  const inscricao = String(search.inscricao ?? '')
  const pagamento = typeof search.pagamento === 'string' ? search.pagamento : ''
  return {
    applicationId: /^[1-9]\d{0,9}$/.test(inscricao) ? Number(inscricao) : undefined,
    returnedPayment: /^pla_[0-9a-f]{32}$/.test(pagamento) ? pagamento : undefined,
  }
}

/**
 * The payment-plan screen (SPEC sections 2 and 4), reached from Meus editais and from an edital's
 * page: the plan, the payer, the method and instalments, the card or boleto, then step 5.
 */
export function PlanPaymentPage({ planId }: { planId: string }) {
  const navigate = useNavigate()
  const { applicationId, returnedPayment } = readSearch(useSearch({ strict: false }))
  const plan = useQuery(planQuery(planId))
  const applications = useQuery(myApplicationsQuery())
  const { user } = useCurrentUser()
  const [retrying, setRetrying] = useState<string | null>(null)
  const [finished, setFinished] = useState<PlanPaymentResult | null>(null)
  const toasted = useRef(false)

  useEffect(() => {
    // SPEC section 8: 'Erro ao pegar plano' when the plan cannot be read.
    if (plan.isError && !toasted.current) {
      toasted.current = true
      void showToast('error', PLAN_MESSAGES.loadFailed)
    }
  }, [plan.isError])

  if (plan.isError) {
    return (
      <Shell>
        <ErrorState
          title={PLAN_MESSAGES.loadFailed}
          detail={errorMessage(plan.error, '') || undefined}
          onRetry={() => void plan.refetch()}
        />
      </Shell>
    )
  }
  if (applications.isError) {
    return (
      <Shell>
        <ErrorState
          detail={errorMessage(applications.error, 'Erro ao buscar dados.')}
          onRetry={() => void applications.refetch()}
        />
      </Shell>
    )
  }
  if (finished) {
    return (
      <Shell>
        <Finished result={finished} />
      </Shell>
    )
  }
  if (!plan.data || !applications.data || !user) {
    return (
      <Shell>
        <LoadingState label="Carregando o plano..." />
      </Shell>
    )
  }
  if (returnedPayment) {
    return (
      <Shell>
        <ChallengeReturn
          paymentId={returnedPayment}
          onRetry={(reason) => {
            setRetrying(reason)
            // The same screen without ?pagamento=: a new attempt from the first step.
            void navigate({
              to: '.',
              search: (applicationId ? { inscricao: applicationId } : {}) as never,
              replace: true,
            })
          }}
        />
      </Shell>
    )
  }
  const application = applicationId
    ? applications.data.find((row) => row.id === applicationId)
    : applications.data.find((row) => row.edital.id === plan.data.edital.id)
  const state = application?.plans.find((row) => row.id === plan.data.id)
  if (!application || !state) {
    return (
      <Shell>
        <ApplyFirst plan={plan.data} />
      </Shell>
    )
  }
  if (state.state === 'paid' || (state.state === 'pending' && state.payment?.payment_method === 'boleto')) {
    return (
      <Shell>
        <p className="mb-4 text-lg text-slate-800">
          {state.state === 'paid'
            ? 'Este plano já está pago.'
            : 'Este plano tem um boleto aguardando pagamento.'}
        </p>
        {state.payment ? <Done result={state.payment} /> : null}
      </Shell>
    )
  }
  return (
    <Shell>
      <Wizard
        plan={plan.data}
        application={application}
        user={user}
        retrying={retrying}
        onDone={setFinished}
      />
    </Shell>
  )
}
