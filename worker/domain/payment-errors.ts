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
]

/** Every provider error, translated where we know it, otherwise as the provider wrote it. */
export function translateProviderErrors(errors: Record<string, string[]> | string[]): string[] {
  const messages = Array.isArray(errors)
    ? errors
    : Object.entries(errors).flatMap(([path, list]) => list.map((message) => `${path}: ${message}`))
  const translated = messages.map(
    (message) => TRANSLATIONS.find(([pattern]) => pattern.test(message))?.[1] ?? message,
  )
  return [...new Set(translated)]
}
