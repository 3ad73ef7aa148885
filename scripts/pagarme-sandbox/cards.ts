// The sandbox's test cards: what it answers for each number. One home for the sandbox, the demo
// purchase and the tests (imported by the worker tests too: no imports here).

/**
 * Test cards. The first four and "a CVV starting with 6 is refused by the issuer" are Pagar.me's
 * documented simulator; the decline-reason cards are this sandbox's own, so the checkout's pt-BR
 * reasons can be tried (Pagar.me's test environment treats those numbers otherwise).
 */
export const TEST_CARDS = {
  approved: '4000000000000010',
  declined: '4000000000000028',
  processingThenPaid: '4000000000000036',
  processingThenFailed: '4000000000000044',
  insufficientFunds: '4000000000000051',
  expired: '4000000000000069',
  blocked: '4000000000000077',
  suspectedFraud: '4000000000000085',
  wrongCvv: '4000000000000093',
} as const

/**
 * Debit cards (3-D Secure, `mpi: 'acquirer'`): the sandbox plays the issuer's authentication (in
 * the browser's 3DS library too, tds.ts). Any other approving card used as debit authenticates
 * without a challenge too; a declining card authenticates and is then refused, as on credit.
 */
export const DEBIT_TEST_CARDS = {
  /** The issuer authenticates without asking the payer anything (frictionless): paid at once. */
  frictionless: '4000000000003105',
  /** The issuer asks for a challenge: the payer approves or refuses on the issuer's page. */
  challenge: '4000000000003204',
  /** The issuer refuses the authentication outright: nothing is charged. */
  refused: '4000000000003303',
} as const
