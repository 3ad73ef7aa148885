import { Gift, X } from 'lucide'
import { useId } from 'react'
import {
  type Control,
  type FieldPathByValue,
  type FieldValues,
  get,
  type Path,
  type UseFormRegisterReturn,
  type UseFormReturn,
  useFieldArray,
} from 'react-hook-form'
import { IMaskInput } from 'react-imask'
import { MAX_GIFTS } from '../../../../worker/contract/checkout.ts'
import { Icon } from '../../components/icons.tsx'
import { ControlledField } from '../../lib/controlled-field.tsx'
import { EmailField, FieldShell, INPUT_CLASS, NameField, TextField } from '../../lib/form-field.tsx'
import { MaskedField, PhoneField } from '../../lib/masked-input.tsx'
import { addressLookup, UFS } from './address.ts'
import type { CheckoutFormInput, CheckoutFormValues } from './checkout.form.ts'
import { MASKS } from './masks.ts'

type Form = UseFormReturn<CheckoutFormInput, unknown, CheckoutFormValues>

/** Any form with these fields (the checkout, an edital plan's payment) can use the pieces below. */
export type AnyForm<T extends FieldValues, V extends FieldValues> = UseFormReturn<T, unknown, V>
export const path = <T extends FieldValues>(name: string) => name as Path<T> & FieldPathByValue<T, string>
export const errorAt = (form: { formState: { errors: object } }, name: string): string | undefined =>
  (get(form.formState.errors, name) as { message?: string } | undefined)?.message
/** The transformed-values parameter plays no part in these fields; the masked inputs take Control<T>. */
export const controlOf = <T extends FieldValues, V extends FieldValues>(form: AnyForm<T, V>) =>
  form.control as unknown as Control<T>

/** A box to tick in a frame of its own, the sentence that explains it tied to it; below, what it reveals. */
export function TickBox({
  label,
  detail,
  registration,
  children,
}: {
  label: string
  detail: string
  registration: UseFormRegisterReturn
  children?: React.ReactNode
}) {
  const detailId = useId()
  return (
    <div className="rounded-2xl border border-slate-200 p-5">
      <label className="flex items-start gap-3 font-medium text-slate-900">
        <input
          type="checkbox"
          className="mt-1 size-5 shrink-0 accent-teal-700"
          aria-describedby={detailId}
          {...registration}
        />
        {label}
      </label>
      <p id={detailId} className="mt-2 text-slate-700 text-sm">
        {detail}
      </p>
      {children}
    </div>
  )
}

export function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const id = useId()
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-slate-200 p-5">
      <h2 id={id} className="font-bold text-lg text-slate-900">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  )
}

/** Name, e-mail, CPF (###.###.###-##, check digits) and phone ((##) ####-#### or (##) #####-####). */
export function PayerFields<T extends FieldValues, V extends FieldValues>({
  form,
  loggedIn,
  title = 'Dados do comprador',
  intro,
}: {
  form: AnyForm<T, V>
  loggedIn: boolean
  title?: string
  intro?: string
}) {
  const { register } = form
  const control = controlOf(form)
  const at = path<T>
  return (
    <Section title={title}>
      <p className="mb-3 text-slate-700 text-sm">
        {intro ??
          (loggedIn
            ? 'Preenchemos com os dados da sua conta; confira e informe o CPF.'
            : 'Se este e-mail ainda não tiver conta, criamos uma para você acessar os cursos.')}
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <NameField
          className="sm:col-span-2"
          error={errorAt(form, 'payer.name')}
          {...register(at('payer.name'))}
        />
        <EmailField
          className="sm:col-span-2"
          error={errorAt(form, 'payer.email')}
          {...register(at('payer.email'))}
        />
        <MaskedField
          control={control}
          name={at('payer.cpf')}
          label="CPF"
          error={errorAt(form, 'payer.cpf')}
          {...MASKS.cpf}
        />
        <PhoneField control={control} name={at('payer.phone')} error={errorAt(form, 'payer.phone')} />
      </div>
    </Section>
  )
}

/** An optional donation in reais (it bears no interest). */
export function DonationField({ form }: { form: Form }) {
  const {
    control,
    formState: { errors },
  } = form
  return (
    <Section title="Doação (opcional)">
      <p className="mb-3 text-slate-700 text-sm">
        Quer apoiar a pesquisa em nefrologia do instituto? Some uma doação ao pagamento; ela não tem juros.
      </p>
      <ControlledField
        control={control}
        name="doacao"
        label="Valor da doação (R$)"
        error={errors.doacao?.message}
        className="max-w-xs"
        input={(field, ids) => (
          <IMaskInput
            {...ids}
            name={field.name}
            mask={Number}
            scale={2}
            radix=","
            mapToRadix={['.']}
            thousandsSeparator="."
            normalizeZeros
            min={0}
            max={100000}
            value={field.value}
            unmask={false}
            onAccept={(next: string) => field.onChange(next)}
            onBlur={field.onBlur}
            inputRef={field.ref}
            inputMode="decimal"
            autoComplete="off"
            placeholder="0,00"
            className={INPUT_CLASS}
          />
        )}
      />
    </Section>
  )
}

/**
 * Optional gift: who receives the purchase (issue 22, item 7). The recipient holds the access (an
 * account found or made by the e-mail) and is told by e-mail who sent it; one per purchase.
 */
export function GiftFields({ form }: { form: Form }) {
  const {
    control,
    register,
    formState: { errors },
  } = form
  const { fields, append, remove } = useFieldArray({ control, name: 'gifts' })
  return (
    <Section title="Presentear (opcional)">
      <p className="mb-3 text-slate-700 text-sm">
        Comprando para outra pessoa? Informe o nome e o e-mail de quem vai receber o acesso: enviamos a ela,
        por e-mail, o acesso e o seu nome. A compra continua sua, em Minhas compras.
      </p>
      <ul className="space-y-4">
        {fields.map((field, index) => (
          <li
            key={field.id}
            className="grid gap-3 rounded-xl bg-slate-50 p-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
          >
            <TextField
              label="Nome do presenteado"
              autoComplete="off"
              error={errors.gifts?.[index]?.name?.message}
              {...register(`gifts.${index}.name`)}
            />
            <EmailField
              label="E-mail do presenteado"
              autoComplete="off"
              error={errors.gifts?.[index]?.email?.message}
              {...register(`gifts.${index}.email`)}
            />
            <button
              type="button"
              className="btn btn-outline"
              onClick={() => remove(index)}
              aria-label="Remover presenteado"
            >
              <Icon drawing={X} className="size-4" />
              Remover
            </button>
          </li>
        ))}
      </ul>
      {fields.length < MAX_GIFTS ? (
        <button type="button" className="btn btn-soft mt-3" onClick={() => append({ name: '', email: '' })}>
          <Icon drawing={Gift} className="size-4" />
          Presentear outra pessoa
        </button>
      ) : null}
    </Section>
  )
}

/** The address's text lines after the CEP: the field, its words, its browser autofill and width. */
const ADDRESS_LINES = [
  { key: 'street', label: 'Rua', autoComplete: 'address-line1', span: 'sm:col-span-4' },
  { key: 'number', label: 'Número', autoComplete: 'off', span: 'sm:col-span-2', numeric: true },
  {
    key: 'complement',
    label: 'Complemento (opcional)',
    autoComplete: 'address-line2',
    span: 'sm:col-span-4',
  },
  { key: 'neighborhood', label: 'Bairro', autoComplete: 'address-level3', span: 'sm:col-span-3' },
  { key: 'city', label: 'Cidade', autoComplete: 'address-level2', span: 'sm:col-span-2' },
] as const

/** CEP (looked up through the address port), street, number, complement, district, city, UF. */
export function AddressFields<T extends FieldValues, V extends FieldValues>({
  form,
}: {
  form: AnyForm<T, V>
}) {
  const { register, getValues, setValue } = form
  const control = controlOf(form)
  const at = path<T>

  async function lookUp(cep: string) {
    if (cep.replace(/\D/g, '').length !== 8) return
    const found = await addressLookup.lookup(cep).catch(() => null)
    if (!found) return
    for (const key of ['street', 'neighborhood', 'city', 'state'] as const) {
      const value = found[key]
      if (value && !getValues(at(`billingAddress.${key}`))) {
        setValue(at(`billingAddress.${key}`), value as never)
      }
    }
  }

  return (
    <Section title="Endereço de cobrança">
      <div className="grid gap-4 sm:grid-cols-6">
        <MaskedField
          control={control}
          name={at('billingAddress.zip_code')}
          label="CEP"
          error={errorAt(form, 'billingAddress.zip_code')}
          className="sm:col-span-2"
          onValue={(next) => void lookUp(next)}
          {...MASKS.cep}
        />
        {ADDRESS_LINES.map((line) => (
          <TextField
            key={line.key}
            label={line.label}
            autoComplete={line.autoComplete}
            {...('numeric' in line ? { inputMode: 'numeric' as const } : {})}
            className={line.span}
            error={errorAt(form, `billingAddress.${line.key}`)}
            {...register(at(`billingAddress.${line.key}`))}
          />
        ))}
        <FieldShell label="UF" error={errorAt(form, 'billingAddress.state')} className="sm:col-span-1">
          {(ids) => (
            <select
              {...ids}
              autoComplete="address-level1"
              className={INPUT_CLASS}
              {...register(at('billingAddress.state'))}
            >
              <option value="">UF</option>
              {UFS.map((uf) => (
                <option key={uf} value={uf}>
                  {uf}
                </option>
              ))}
            </select>
          )}
        </FieldShell>
      </div>
    </Section>
  )
}
