import { CreditCard } from 'lucide'
import { type ReactNode, useId } from 'react'
import type { FieldValues, UseFormRegisterReturn, UseFormReturn } from 'react-hook-form'
import type { CheckoutView } from '../../../../worker/contract/cart.ts'
import { PAYMENT_TYPE_LABELS, PAYMENT_TYPES } from '../../../../worker/domain/payments.ts'
import { Icon } from '../../components/icons.tsx'
import { INPUT_CLASS, TextField } from '../../lib/form-field.tsx'
import { MaskedField, type MaskPreset } from '../../lib/masked-input.tsx'
import type { CheckoutFormInput, CheckoutFormValues } from './checkout.form.ts'
import { controlOf, path } from './checkout-fields.tsx'
import { allowedOptions, instalmentLabel } from './instalments.ts'
import { MASKS } from './masks.ts'

type Form = UseFormReturn<CheckoutFormInput, unknown, CheckoutFormValues>

/** The card's four fields (SPEC section 5's check runs on submit), for any form with `card.*`. */
export function CardFields<T extends FieldValues, V extends FieldValues>({
  form,
  cardError,
  cardErrorId,
}: {
  form: UseFormReturn<T, unknown, V>
  cardError: string | null
  cardErrorId: string
}) {
  const control = controlOf(form)
  const at = path<T>
  const described = cardError ? { 'aria-describedby': cardErrorId } : {}
  // The provider's refusal of a card describes each of its fields.
  const masked = (name: string, label: string, preset: MaskPreset, className?: string) => (
    <MaskedField
      control={control}
      name={at(name)}
      label={label}
      className={className}
      describedBy={cardError ? cardErrorId : undefined}
      {...preset}
    />
  )
  return (
    <div className="mt-4 grid gap-4 sm:grid-cols-2">
      {masked('card.number', 'Número do cartão', MASKS.cardNumber, 'sm:col-span-2')}
      <TextField
        label="Nome impresso no cartão"
        autoComplete="cc-name"
        autoCapitalize="characters"
        spellCheck={false}
        className="sm:col-span-2"
        {...described}
        {...form.register(at('card.holderName'))}
      />
      {masked('card.expiry', 'Validade (MM/AA)', MASKS.cardExpiry)}
      {masked('card.cvv', 'Código de segurança (CVV)', MASKS.cvv)}
      {cardError ? (
        <p
          id={cardErrorId}
          role="alert"
          className="rounded-lg bg-red-50 p-3 font-medium text-red-800 text-sm ring-1 ring-red-200 sm:col-span-2"
        >
          {cardError}
        </p>
      ) : null}
    </div>
  )
}

/** The payment's radio group under the heading 'Forma de pagamento', its error below; then `children`. */
export function PaymentChoices<T extends string>({
  choices,
  labels,
  error,
  registration,
  children,
}: {
  choices: readonly T[]
  labels: Record<T, string>
  error: string | undefined
  registration: UseFormRegisterReturn
  children?: ReactNode
}) {
  const errorId = useId()
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend id="forma-pagamento" className="font-bold text-lg text-slate-900">
        Forma de pagamento
      </legend>
      <div className="mt-3 grid gap-2 sm:grid-cols-3">
        {choices.map((choice) => (
          <label
            key={choice}
            className="flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border border-slate-400 px-4 py-2 font-medium text-slate-900 has-checked:border-teal-700 has-checked:bg-teal-50 has-checked:ring-2 has-checked:ring-teal-700"
          >
            <input type="radio" value={choice} className="size-5 accent-teal-700" {...registration} />
            {labels[choice]}
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="mt-2 font-medium text-red-700 text-sm">
          {error}
        </p>
      ) : null}
      {children}
    </fieldset>
  )
}

/** What a card's buyer reads before its fields: the card's data never reach the institute. */
export function CardPrivacyNote({ className = '' }: { className?: string }) {
  return (
    <p className={`${className} flex items-center gap-2 text-slate-700 text-sm`.trim()}>
      <Icon drawing={CreditCard} className="size-4 shrink-0" />
      Os dados do cartão vão direto para o meio de pagamento; o instituto não os recebe nem guarda.
    </p>
  )
}

/** The card's 'Parcelas' select, its options given. */
export function InstalmentsSelect({
  registration,
  children,
}: {
  registration: UseFormRegisterReturn
  children: ReactNode
}) {
  const id = useId()
  return (
    <>
      <label htmlFor={id} className="mb-1 block font-medium text-slate-800 text-sm">
        Parcelas
      </label>
      <select id={id} className={INPUT_CLASS} {...registration}>
        {children}
      </select>
    </>
  )
}

/** The payment type (boleto only when the cart allows it), the card and its instalments. */
export function PaymentSection({
  form,
  view,
  donationCents,
  cardError,
}: {
  form: Form
  view: CheckoutView
  donationCents: number
  cardError: string | null
}) {
  const { register, watch, formState } = form
  const cardErrorId = useId()
  const paymentType = watch('payment_type')
  const parcela = Number(watch('parcela'))
  const offered = PAYMENT_TYPES.filter((type) => type !== 'BOLETO' || view.boleto)
  const options = allowedOptions(view)
  const chosen = options.find((option) => option.instalments === parcela) ?? options[0]
  const typeError = formState.errors.payment_type?.message

  return (
    <section aria-labelledby="forma-pagamento" className="rounded-2xl border border-slate-200 p-5">
      <PaymentChoices
        choices={offered}
        labels={PAYMENT_TYPE_LABELS}
        error={typeError}
        registration={register('payment_type')}
      >
        {!view.boleto ? (
          <p className="mt-2 text-slate-700 text-sm">
            {view.flags.has_passport
              ? 'O boleto não está disponível para estrangeiros.'
              : 'O boleto não está disponível para os itens deste carrinho.'}
          </p>
        ) : null}
      </PaymentChoices>

      {paymentType === 'CREDIT_CARD' ? (
        <>
          <CardPrivacyNote className="mt-4" />
          <CardFields form={form} cardError={cardError} cardErrorId={cardErrorId} />
          <div className="mt-4">
            <InstalmentsSelect registration={register('parcela')}>
              {options.map((option) => (
                <option key={option.instalments} value={String(option.instalments)}>
                  {instalmentLabel(option, donationCents).text}
                </option>
              ))}
            </InstalmentsSelect>
            {chosen ? (
              <p className="mt-1 text-slate-700 text-sm" data-testid="instalment-detail">
                {instalmentLabel(chosen, donationCents).main} ·{' '}
                {instalmentLabel(chosen, donationCents).detail}
              </p>
            ) : null}
          </div>
        </>
      ) : null}
      {paymentType === 'PIX' ? (
        <p className="mt-4 text-slate-700 text-sm">
          Depois de confirmar, mostramos o QR Code e o código copia e cola. A inscrição é liberada assim que o
          pagamento é confirmado.
        </p>
      ) : null}
      {paymentType === 'BOLETO' ? (
        <p className="mt-4 text-slate-700 text-sm">
          Depois de confirmar, você recebe o boleto para imprimir ou pagar pelo aplicativo do banco. A
          inscrição é liberada após a compensação.
        </p>
      ) : null}
    </section>
  )
}
