import { SEAT_MESSAGES } from '../domain/seats.ts'

/**
 * The checkout's answers, in a module of their own (no schema): the payment pipeline's services
 * quote them without building the checkout's contract at startup (issue 42).
 */
export const CHECKOUT_MESSAGES = {
  productNotFound: 'Produto não encontrado',
  totalChanged: 'O valor do pedido mudou. Atualize a página e confira o carrinho antes de pagar.',
  /** A registered boleto names its payer's address (issue 30, item 1). */
  boletoAddressRequired: 'Informe o endereço de quem paga: o boleto registrado leva o endereço do pagador.',
  /** A cart's student document is kept a day before an order uses it (LGPD, README). */
  studentDocumentGone:
    'O documento de estudante enviado com este carrinho não está mais guardado (ele fica um dia). Envie-o de novo no carrinho para manter o preço de estudante.',
  cardTokenRequired: 'Ocorreu um erro ao validar cartão de crédito!',
  declined: 'Pagamento recusado pela operadora do cartão. Confira os dados ou use outro cartão.',
  /** Followed by the reason (worker/domain/payment-errors.ts). */
  declinedBecause: 'Pagamento recusado pela operadora do cartão: ',
  /** Nothing reached the provider: nothing can have been charged. */
  gatewayUnavailable: 'Não foi possível falar com o meio de pagamento. Nada foi cobrado; tente novamente.',
  /** 503: the database failed before any charge. */
  nothingCharged:
    'Estamos com instabilidade e o pagamento não foi feito: nada foi cobrado. Tente novamente em instantes.',
  /** 503: the provider approved the charge, the database failed to record it; the same key completes it. */
  chargedNotRecorded:
    'Seu pagamento foi aprovado, mas estamos com instabilidade para registrá-lo. Não feche esta página nem pague de novo: clique em pagar em instantes para concluir o pedido, sem nova cobrança.',
  /** 503: the provider may have received the order: a retry looks it up before sending again. */
  outcomeUnknown:
    'Não conseguimos confirmar o pagamento com a operadora. Tente novamente em instantes: você não será cobrado duas vezes.',
  inProgress: 'Este pagamento ainda está sendo processado. Aguarde alguns segundos e tente novamente.',
  billingAddressRequired:
    'Informe o endereço de cobrança: a operadora do cartão precisa dele para aprovar a compra.',
  attemptMismatch:
    'Esta tentativa de pagamento já foi usada com outro carrinho ou outro comprador. Confira o carrinho e pague novamente.',
  couponExhausted: 'O cupom aplicado atingiu o limite de usos. Remova o cupom do carrinho e tente novamente.',
  /** A class in the cart has no seat left (held by pending orders, or sold). */
  soldOut: SEAT_MESSAGES.soldOut,
  paymentsUnavailable: 'O pagamento está indisponível no momento. Tente novamente mais tarde.',
  purchaseFailed: 'erro ao executar a compra',
} as const
