/** Provider validation messages, in pt-BR (SPEC section 8, purchase error code 3). */
const TRANSLATIONS: Array<[RegExp, string]> = [
  [/invalid cpf|document.*invalid/i, 'CPF inválido'],
  [/number.*(must be a string|string)|street.?number/i, 'Número da rua incorreto'],
  [/payment_method.*invalid|invalid payment.?method/i, 'forma de pagamento inválida'],
  [/zip.?code|postal/i, 'CEP inválido'],
  [/email/i, 'E-mail inválido'],
  [/phone/i, 'Telefone inválido'],
  [/card.*expired|expired.*card/i, 'Cartão vencido'],
  [/card_token|token/i, 'Não foi possível validar o cartão. Digite os dados novamente.'],
  [/bank_account/i, 'Para estornar um boleto pago, informe a conta bancária do comprador.'],
]

/** Every provider error, translated where we know it, otherwise as the provider wrote it. */
export function translateProviderErrors(errors: Record<string, string[]> | string[]): string[] {
  const messages = Array.isArray(errors)
    ? errors
    : Object.entries(errors).flatMap(([path, list]) =>
        // The request as a whole ('request') needs no path before its words.
        list.map((message) => (path === 'request' ? message : `${path}: ${message}`)),
      )
  const translated = messages.map(
    (message) => TRANSLATIONS.find(([pattern]) => pattern.test(message))?.[1] ?? message,
  )
  return [...new Set(translated)]
}

export type CardRefusal = { code: string | null; message: string | null; gatewayErrors: string[] }

/**
 * The common issuer return codes in clear pt-BR: Stone's four-digit codes (Pagar.me's acquirer)
 * and the ABECS two-digit ones other acquirers send. Suspected fraud, lost or stolen cards and an
 * antifraud refusal get a neutral reason on purpose: the words would help whoever holds the card.
 */
const NEUTRAL = 'o banco emissor não autorizou esta compra. Fale com o banco ou use outro cartão.'
const REASONS: Array<[readonly string[], string]> = [
  [['1016', '51'], 'saldo ou limite insuficiente. Use outro cartão ou fale com o banco emissor.'],
  [['1045', 'N7', '82'], 'código de segurança (CVV) incorreto. Confira o número no verso do cartão.'],
  [['1001', '1819', '54', '33'], 'cartão vencido. Confira a validade ou use outro cartão.'],
  [
    ['1025', '1004', '1813', '62', '78', '57'],
    'cartão bloqueado ou com restrição. Fale com o banco emissor.',
  ],
  [['1011', '14'], 'número do cartão inválido. Confira os dados digitados.'],
  [['1002', '1029', '1032', '1022', '41', '43', '59', '63', 'antifraud'], NEUTRAL],
  [
    ['authentication'],
    'a autenticação do cartão de débito não foi concluída junto ao banco emissor. Nada foi cobrado; tente de novo ou use outro cartão.',
  ],
]

/** Why a card was refused, as the buyer reads it after 'Pagamento recusado pela operadora do cartão: '. */
export function declineReason(refusal: CardRefusal | undefined): string {
  const code = refusal?.code?.trim().toUpperCase() ?? ''
  const known = REASONS.find(([codes]) => codes.some((known) => known.toUpperCase() === code))
  if (known) return known[1]
  const words = [
    refusal?.message?.trim().replace(/\.$/, ''),
    ...translateProviderErrors(refusal?.gatewayErrors ?? []),
  ].filter((text): text is string => Boolean(text))
  const detail = words.length ? `${words.join('; ')}. ` : ''
  return `${detail}Confira os dados ou use outro cartão.`
}
