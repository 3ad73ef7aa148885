import { zodResolver } from '@hookform/resolvers/zod'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate, useSearch } from '@tanstack/react-router'
import { LoaderCircle, Lock } from 'lucide'
import { useEffect, useMemo, useRef, useState } from 'react'
import { type Resolver, useForm } from 'react-hook-form'
import type { CheckoutView } from '../../../../worker/contract/cart.ts'
import { CHECKOUT_MESSAGES } from '../../../../worker/contract/checkout.ts'
import { Icon } from '../../components/icons.tsx'
import { ErrorState, LoadingState } from '../../components/page-status.tsx'
import { formatBRL } from '../../lib/money.ts'
import { errorMessage, showToast, unavailableMessage } from '../../lib/toast.ts'
import { authKeys } from '../auth/auth.queries.ts'
import { useCurrentUser } from '../auth/use-current-user.ts'
import { cartKeys, isCartGone } from '../cart/cart.queries.ts'
import { clearCartHash, writeCartHash } from '../cart/cart-storage.ts'
import { CARD_TOKEN_ERROR, CardTokenError, checkCard, tokenizeCard } from './card.ts'
import {
  type CheckoutFormInput,
  type CheckoutFormValues,
  checkoutFormSchema,
  emptyCheckoutForm,
} from './checkout.form.ts'
import { payCheckout } from './checkout.mutations.ts'
import { checkoutKeys, checkoutQuery, paymentsConfigQuery } from './checkout.queries.ts'
import { AddressFields, DonationField, GiftFields, PayerFields } from './checkout-fields.tsx'
import { CompanyFields } from './company-fields.tsx'
import { ForeignBuyerFields } from './foreign-buyer-fields.tsx'
import { chargeFor, parseBRL } from './instalments.ts'
import { rememberOrder } from './order-record.ts'
import { OrderSummary } from './order-summary.tsx'
import { buildPayInput, newIdempotencyKey, purchaseFailure } from './pay.ts'
import { PaymentSection } from './payment-section.tsx'
import { RemindersConsent } from './reminders-consent.tsx'
import { StudentFlags } from './student-flags.tsx'

/** SPEC section 4, typo included: the institute's copy. */
export const PRODUCT_UNAVAILABLE = 'Produto não disponivel'

const isEmpty = (view: CheckoutView) => view.turmas.length + view.produtos.length + view.pacotes.length === 0

function Shell({ children }: { children: React.ReactNode }) {
  return (
    <div className="container-page py-8 md:py-12">
      <h1 className="font-extrabold text-3xl text-slate-900 tracking-tight md:text-4xl">Finalizar compra</h1>
      <div className="mt-6">{children}</div>
    </div>
  )
}

type PayVariables = {
  values: CheckoutFormValues
  charge: { instalments: number; total: number }
  donationCents: number
  byCard: boolean
}

function CheckoutForm({ view, refreshing }: { view: CheckoutView; refreshing: boolean }) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const { user } = useCurrentUser()
  const [cardError, setCardError] = useState<string | null>(null)
  const [payError, setPayError] = useState<string | null>(null)
  const payErrorRef = useRef<HTMLParagraphElement>(null)
  // One key per attempt: kept when the outcome is unknown (network, 5xx), dropped once the server answered.
  const attemptKey = useRef<string | null>(null)

  const schema = useMemo(() => checkoutFormSchema(view.totals.net_value), [view.totals.net_value])
  const schemaRef = useRef(schema)
  schemaRef.current = schema
  const resolver = useMemo<Resolver<CheckoutFormInput, unknown, CheckoutFormValues>>(
    () => (values, context, options) => zodResolver(schemaRef.current)(values, context, options),
    [],
  )
  const form = useForm<CheckoutFormInput, unknown, CheckoutFormValues>({
    resolver,
    defaultValues: emptyCheckoutForm(),
    mode: 'onTouched',
  })
  const { handleSubmit, watch, setValue, getValues } = form

  const paymentType = watch('payment_type')
  const parcela = Number(watch('parcela'))
  const donationCents = parseBRL(watch('doacao'))
  const byCard = paymentType === 'CREDIT_CARD'
  const charge = chargeFor(view, { card: byCard, parcela, donationCents })
  const payable = charge.total > 0

  // Another cart (after a student document or the passport flag) is another attempt.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the hash is the trigger, not a value read
  useEffect(() => {
    attemptKey.current = null
  }, [view.hash])

  // Boleto may vanish (passport) and the instalment cap may drop with the new cart.
  useEffect(() => {
    if (!view.boleto && getValues('payment_type') === 'BOLETO') setValue('payment_type', null)
    if (Number(getValues('parcela')) > view.max_instalments) setValue('parcela', '1')
  }, [view.boleto, view.max_instalments, getValues, setValue])

  // A logged-in buyer starts from the account's data (the payer then carries its id).
  useEffect(() => {
    if (!user) return
    const payer = getValues('payer')
    if (!payer.name) setValue('payer.name', user.name)
    if (!payer.email) setValue('payer.email', user.email)
    if (!payer.phone && user.phone) setValue('payer.phone', user.phone)
  }, [user, getValues, setValue])

  const pay = useMutation({
    mutationFn: async ({ values, charge, donationCents, byCard }: PayVariables) => {
      let cardToken: string | null = null
      if (byCard) {
        try {
          const config = await queryClient.fetchQuery(paymentsConfigQuery())
          cardToken = await tokenizeCard(config, values.card)
        } catch {
          throw new CardTokenError()
        }
      }
      attemptKey.current ??= newIdempotencyKey()
      const input = buildPayInput({
        view,
        values,
        payerId: user?.id ?? null,
        idempotencyKey: attemptKey.current,
        cardToken,
        charge,
        donationCents,
      })
      return payCheckout(input)
    },
    onSuccess: (result) => {
      attemptKey.current = null
      if (result.status === 'failed') {
        setPayError(CHECKOUT_MESSAGES.declined)
        return
      }
      rememberOrder(result.order_id, { emailFailed: result.error })
      // SPEC section 4: the stored hash goes, if it is still the cart just paid.
      clearCartHash(view.hash)
      void queryClient.invalidateQueries({ queryKey: cartKeys.all })
      // An anonymous buyer with a new e-mail is now logged in.
      void queryClient.invalidateQueries({ queryKey: authKeys.user() })
      void navigate({ to: '/pedido/$orderId', params: { orderId: result.order_id } })
    },
    onError: (error) => {
      if (error instanceof CardTokenError) {
        setPayError(CARD_TOKEN_ERROR)
        return
      }
      const failure = purchaseFailure(error)
      if (failure.kind === 'not-found') {
        void showToast('error', failure.message)
        void navigate({ to: '/' })
        return
      }
      if (failure.final) attemptKey.current = null
      if (failure.totalChanged) void queryClient.invalidateQueries({ queryKey: checkoutKeys.view(view.hash) })
      // An outage (the outcome is the server's to tell): toasted as well as kept beside the button.
      if (unavailableMessage(error)) void showToast('error', failure.message)
      setPayError(failure.message)
    },
  })

  useEffect(() => {
    if (payError) payErrorRef.current?.focus()
  }, [payError])

  const submit = (values: CheckoutFormValues) => {
    setPayError(null)
    setCardError(null)
    const donation = parseBRL(values.doacao)
    const card = values.payment_type === 'CREDIT_CARD'
    const chosen = chargeFor(view, { card, parcela: Number(values.parcela), donationCents: donation })
    const withCard = chosen.total > 0 && card
    if (withCard) {
      const problem = checkCard(values.card, new Date())
      if (problem) {
        setCardError(problem)
        // The message is tied to every card field (aria-describedby): the reader hears it there.
        form.setFocus('card.number')
        return
      }
    }
    pay.mutate({ values, charge: chosen, donationCents: donation, byCard: withCard })
  }

  const busy = pay.isPending || refreshing

  return (
    <div className="grid gap-8 lg:grid-cols-[1fr_24rem] lg:items-start">
      <div className="lg:order-last">
        <OrderSummary view={view} charge={charge} donationCents={donationCents} />
      </div>
      <div className="space-y-6">
        <StudentFlags view={view} disabled={busy} />
        <form noValidate onSubmit={handleSubmit(submit)} className="space-y-6" aria-label="Pagamento">
          <PayerFields form={form} loggedIn={user !== null} />
          <RemindersConsent form={form} hash={view.hash} />
          {payable ? (
            <PaymentSection form={form} view={view} donationCents={donationCents} cardError={cardError} />
          ) : null}
          <DonationField form={form} />
          <GiftFields form={form} />
          {payable ? <CompanyFields form={form} /> : null}
          {payable ? <ForeignBuyerFields form={form} /> : null}
          {payable ? <AddressFields form={form} /> : null}
          <div className="space-y-3">
            {payError ? (
              <p
                ref={payErrorRef}
                tabIndex={-1}
                role="alert"
                className="whitespace-pre-line rounded-lg bg-red-50 p-4 font-medium text-red-800 ring-1 ring-red-200"
              >
                {payError}
              </p>
            ) : null}
            <button
              type="submit"
              className="btn btn-primary w-full py-3 text-base"
              disabled={busy}
              aria-busy={pay.isPending || undefined}
            >
              {pay.isPending ? (
                <Icon drawing={LoaderCircle} className="size-5 animate-spin" />
              ) : (
                <Icon drawing={Lock} className="size-5" />
              )}
              {pay.isPending
                ? 'Processando pagamento...'
                : payable
                  ? 'Finalizar pagamento'
                  : 'Confirmar inscrição'}
            </button>
            <p className="text-center text-slate-700 text-sm">
              {payable ? `Total a pagar: ${formatBRL(charge.total)}` : 'Este pedido não tem valor a pagar.'}
            </p>
          </div>
        </form>
      </div>
    </div>
  )
}

/** /checkout/{hash}: the cart priced by the server, the payer, the payment and the billing address. */
export function CheckoutPage({ hash }: { hash: string }) {
  const navigate = useNavigate()
  const query = useQuery({ ...checkoutQuery(hash), placeholderData: keepPreviousData })
  const leaving = useRef(false)
  const view = query.data
  // A reminder's link (/checkout?retomar={id}, answered by the Worker with this page): the cart
  // that was left becomes this browser's cart again.
  const { retomar } = useSearch({ strict: false }) as { retomar?: unknown }
  const resumed = typeof retomar === 'string' && view !== undefined && !query.isPlaceholderData
  useEffect(() => {
    if (resumed) writeCartHash(hash)
  }, [resumed, hash])
  const gone = query.isError && isCartGone(query.error)
  const empty = view !== undefined && !query.isPlaceholderData && isEmpty(view)

  // SPEC section 4: nothing to buy → 'Produto não disponivel' and the home page. A cart the server
  // no longer knows is forgotten first (its 404 carries `clear`).
  useEffect(() => {
    if (leaving.current || !(empty || gone)) return
    leaving.current = true
    if (gone) clearCartHash(hash)
    void showToast('error', gone ? errorMessage(query.error, PRODUCT_UNAVAILABLE) : PRODUCT_UNAVAILABLE)
    void navigate({ to: '/', replace: true })
  }, [empty, gone, hash, navigate, query.error])

  if (empty || gone) {
    return (
      <Shell>
        <p className="text-slate-700" role="status">
          Voltando para a página inicial...
        </p>
      </Shell>
    )
  }
  if (query.isError && !view) {
    return (
      <Shell>
        <ErrorState
          title="Erro ao carregar o carrinho"
          detail={errorMessage(query.error, '') || undefined}
          onRetry={() => void query.refetch()}
        />
      </Shell>
    )
  }
  if (!view) {
    return (
      <Shell>
        <LoadingState label="Carregando carrinho..." />
      </Shell>
    )
  }
  return (
    <Shell>
      <CheckoutForm view={view} refreshing={query.isPlaceholderData} />
    </Shell>
  )
}
