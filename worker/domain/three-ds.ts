/**
 * 3-D Secure, as the card networks define it and Pagar.me's accounts run it (issue 30, item 5).
 *
 * A Pagar.me account is either a **PSP** (Pagar.me is the acquirer's sub-acquirer: the usual
 * contract of a small institute) or a **gateway** (the store has its own acquirer contracts). A
 * gateway account sends a debit with `mpi: 'acquirer'`: the acquirer authenticates and, when the
 * issuer asks for a challenge, answers `threed_authentication_url`, where the payer goes and comes
 * back (`success_url`). A PSP account authenticates in the browser first, with Pagar.me's 3DS
 * library and a short-lived `tds_token` the backend asks for; the order then carries
 * `mpi: 'pagarme'` and the authentication's `transaction_id`.
 */
export const PAGARME_ACCOUNT_TYPES = ['psp', 'gateway'] as const
export type PagarmeAccountType = (typeof PAGARME_ACCOUNT_TYPES)[number]
/** What a deployment runs with when PAGARME_ACCOUNT_TYPE is unset: a small institute's contract. */
export const DEFAULT_ACCOUNT_TYPE: PagarmeAccountType = 'psp'

/** The account's contract from PAGARME_ACCOUNT_TYPE; unset (or unknown), the default. */
export function accountTypeOf(env: { PAGARME_ACCOUNT_TYPE?: string | undefined }): PagarmeAccountType {
  return env.PAGARME_ACCOUNT_TYPE === 'gateway' ? 'gateway' : DEFAULT_ACCOUNT_TYPE
}

/** The local sandbox serves its stand-in of Pagar.me's 3DS library here, at its own origin. */
export const SANDBOX_3DS_SCRIPT_PATH = '/3ds2/3ds.js'

/**
 * The EMV 3-D Secure authentication statuses (`transStatus`), as Pagar.me's plugin core names them:
 * Y and A let the payment go on (authenticated by the issuer, or an attempt the card brand
 * vouches for); N and R are the issuer's refusal (R after a challenge); C asks for a challenge;
 * U authentication unavailable; I information only.
 */
export const THREE_DS_STATUSES = ['Y', 'A', 'N', 'R', 'C', 'U', 'I'] as const
export type ThreeDsStatus = (typeof THREE_DS_STATUSES)[number]

/** The statuses after which the debit may be sent: the payer was authenticated. */
export const AUTHENTICATED_STATUSES: readonly ThreeDsStatus[] = ['Y', 'A']
/** The issuer refused the authentication: nothing is charged and no order is created. */
export const REFUSED_STATUSES: readonly ThreeDsStatus[] = ['N', 'R']

export const isThreeDsStatus = (value: unknown): value is ThreeDsStatus =>
  typeof value === 'string' && (THREE_DS_STATUSES as readonly string[]).includes(value)

/**
 * ECI (electronic commerce indicator) values that mean "not authenticated": Visa and Elo 07,
 * Mastercard 00. The v5 debit transaction (GetDebitCardTransactionResponse) carries `eci`; no
 * response model has an authentication status, so a refused debit whose `eci` is one of these was
 * refused by the issuer's authentication.
 */
export const UNAUTHENTICATED_ECI: readonly string[] = ['07', '00']
