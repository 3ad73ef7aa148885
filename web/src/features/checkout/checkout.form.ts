import { z } from 'zod'
import {
  BillingAddress,
  GIFT_MESSAGES,
  Gift,
  MAX_GIFTS,
  Payer,
} from '../../../../worker/contract/checkout.ts'
import { Company, ForeignBuyer } from '../../../../worker/contract/fiscal.ts'
import { PAYMENT_TYPES } from '../../../../worker/domain/payments.ts'
import { parseBRL } from './instalments.ts'

export const PAYMENT_TYPE_REQUIRED = 'Escolha a forma de pagamento.'
/** Beyond R$ 100.000,00 the server refuses a donation (PayInput's limit). */
export const MAX_DONATION_CENTS = 10_000_000

const AddressFields = z.object({
  zip_code: z.string(),
  street: z.string(),
  number: z.string(),
  complement: z.string(),
  neighborhood: z.string(),
  city: z.string(),
  state: z.string(),
})

/** The billing address and the card as the checkout's and the fee plan's forms hold them: plain text. */
export const addressAndCardFields = {
  billingAddress: AddressFields,
  card: z.object({ number: z.string(), holderName: z.string(), expiry: z.string(), cvv: z.string() }),
}

/**
 * The form's `field` checked as the contract's `schema` (the rule the Worker applies), each issue on
 * its own field under `field`.
 */
function checkAs(schema: z.ZodType, field: string, input: unknown, ctx: z.RefinementCtx) {
  const result = schema.safeParse(input)
  if (result.success) return
  for (const issue of result.error.issues) {
    ctx.addIssue({ code: 'custom', path: [field, ...issue.path], message: issue.message })
  }
}

/** The form's billing address checked as the contract's BillingAddress, each issue on its field. */
export function checkBillingAddress(fields: z.infer<typeof AddressFields>, ctx: z.RefinementCtx) {
  checkAs(BillingAddress, 'billingAddress', billingAddressInput(fields), ctx)
}

/**
 * The NFS-e's taker as the checkout's and the fee plan's forms hold it (issue 43): 'Comprar como
 * empresa' (the note's taker is the company) and 'Moro fora do Brasil' (a foreign taker and its
 * address), each checked as the server does when ticked.
 */
export const takerFields = {
  company: z.object({ enabled: z.boolean(), cnpj: z.string(), razaoSocial: z.string() }),
  foreign: z.object({
    enabled: z.boolean(),
    pais: z.string(),
    endereco: z.string(),
    cidade: z.string(),
    codigo_postal: z.string(),
    regiao: z.string(),
    nif: z.string(),
  }),
}
type TakerValues = { [Key in keyof typeof takerFields]: z.infer<(typeof takerFields)[Key]> }

/** The ticked taker boxes checked as the contract's Company and ForeignBuyer, each issue on its field. */
export function checkTaker(value: TakerValues, ctx: z.RefinementCtx) {
  if (value.company.enabled) checkAs(Company, 'company', companyInput(value.company), ctx)
  if (value.foreign.enabled) checkAs(ForeignBuyer, 'foreign', foreignBuyerInput(value.foreign), ctx)
}

/** The taker's part of the request body: `empresa` and `estrangeiro`, when their box is ticked. */
export function takerInput(value: TakerValues) {
  return {
    ...(value.company.enabled ? { empresa: companyInput(value.company) } : {}),
    ...(value.foreign.enabled ? { estrangeiro: foreignBuyerInput(value.foreign) } : {}),
  }
}

/** The taker boxes unticked and empty. */
export const emptyTaker = () => ({
  company: { enabled: false, cnpj: '', razaoSocial: '' },
  foreign: { enabled: false, pais: '', endereco: '', cidade: '', codigo_postal: '', regiao: '', nif: '' },
})

/**
 * The checkout form. The payer is the contract's Payer (CPF check digits included); the billing
 * address is the contract's BillingAddress, required with the payment type only when there is
 * something to pay. Card fields are plain text here: SPEC section 5's card check runs on submit,
 * with its own joined message.
 */
export function checkoutFormSchema(netTotalCents: number) {
  return z
    .object({
      payer: Payer.omit({ id: true }),
      payment_type: z.enum(PAYMENT_TYPES).nullable(),
      parcela: z.string(),
      doacao: z.string().refine((text) => parseBRL(text) <= MAX_DONATION_CENTS, {
        error: 'A doação pode ser de até R$ 100.000,00.',
      }),
      gifts: z.array(Gift.strip()).max(MAX_GIFTS),
      /** 'Quero receber lembretes sobre esta compra por e-mail' (issue 25): unticked by default. */
      reminders_consent: z.boolean(),
      ...takerFields,
      ...addressAndCardFields,
    })
    .superRefine((value, ctx) => {
      value.gifts.forEach((gift, index) => {
        if (gift.email === value.payer.email) {
          ctx.addIssue({
            code: 'custom',
            path: ['gifts', index, 'email'],
            message: GIFT_MESSAGES.notYourself,
          })
        }
      })
      if (netTotalCents + parseBRL(value.doacao) === 0) return
      checkTaker(value, ctx)
      if (value.payment_type === null) {
        ctx.addIssue({ code: 'custom', path: ['payment_type'], message: PAYMENT_TYPE_REQUIRED })
      }
      checkBillingAddress(value.billingAddress, ctx)
    })
}

/** The company as the contract's Company takes it. */
function companyInput({ cnpj, razaoSocial }: { cnpj: string; razaoSocial: string }) {
  return { cnpj: cnpj.trim(), razaoSocial: razaoSocial.trim() }
}

type ForeignFields = {
  pais: string
  endereco: string
  cidade: string
  codigo_postal: string
  regiao: string
  nif: string
}

/** The address abroad as the contract's ForeignBuyer takes it: the optional parts left out when empty. */
function foreignBuyerInput({ pais, endereco, cidade, codigo_postal, regiao, nif }: ForeignFields) {
  return {
    pais,
    endereco,
    cidade,
    codigo_postal,
    ...(regiao.trim() ? { regiao: regiao.trim() } : {}),
    ...(nif.trim() ? { nif: nif.trim() } : {}),
  }
}

export type CheckoutFormInput = z.input<ReturnType<typeof checkoutFormSchema>>
export type CheckoutFormValues = z.output<ReturnType<typeof checkoutFormSchema>>

/** The form's address as BillingAddress input: an empty complement is left out, the UF upper-cased. */
export function billingAddressInput(fields: z.infer<typeof AddressFields>) {
  const complement = fields.complement.trim()
  return {
    zip_code: fields.zip_code.trim(),
    street: fields.street,
    number: fields.number,
    ...(complement ? { complement } : {}),
    neighborhood: fields.neighborhood,
    city: fields.city,
    state: fields.state.trim().toUpperCase(),
  }
}

/** The billing address and the card, empty: the checkout and the fee plan's payment start from them. */
export const emptyAddressAndCard = () => ({
  billingAddress: {
    zip_code: '',
    street: '',
    number: '',
    complement: '',
    neighborhood: '',
    city: '',
    state: '',
  },
  card: { number: '', holderName: '', expiry: '', cvv: '' },
})

export const emptyCheckoutForm = (): CheckoutFormInput => ({
  payer: { name: '', email: '', cpf: '', phone: '' },
  payment_type: null,
  parcela: '1',
  doacao: '',
  gifts: [],
  reminders_consent: false,
  ...emptyTaker(),
  ...emptyAddressAndCard(),
})
