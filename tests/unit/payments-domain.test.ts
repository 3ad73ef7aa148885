import { describe, expect, it } from 'vitest'
import { boletoLine, dueDateFactor, formatBoletoLine } from '../../worker/domain/boleto.ts'
import {
  advance,
  canReissue,
  chargedCents,
  completesOrder,
  DISPUTE_DAYS,
  disputeLostAt,
  disputeOf,
  disputeStep,
  endsAccess,
  grantsAccess,
  isRefundable,
  isSameStep,
  missingCents,
  ORDER_STATES,
  type OrderState,
} from '../../worker/domain/orders.ts'
import { declineReason } from '../../worker/domain/payment-errors.ts'
import { crc16, isValidPixPayload, parseEmv, pixCopyPaste } from '../../worker/domain/pix.ts'

describe('order states only move forward', () => {
  const at = (state: OrderState, refundedCents = 0) => ({ state, refundedCents })
  it.each([
    // before the payment
    [at('pending'), at('paid'), at('paid')],
    [at('pending'), at('failed'), at('failed')],
    [at('pending'), at('expired'), at('expired')],
    // after it: what the provider reports from the charge
    [at('paid'), at('refunded', 49000), at('refunded', 49000)],
    [at('paid'), at('partially_refunded', 9000), at('partially_refunded', 9000)],
    [at('paid'), at('charged_back'), at('charged_back')],
    [at('partially_refunded', 9000), at('partially_refunded', 19000), at('partially_refunded', 19000)],
    [at('partially_refunded', 9000), at('refunded', 49000), at('refunded', 49000)],
    // a payment that arrives after the deadline still counts
    [at('expired'), at('paid'), at('paid')],
    // a boleto paid short (issue 40, item 5): the difference paid or what came accepted, or refunded
    [at('pending'), at('underpaid'), at('underpaid')],
    [at('expired'), at('underpaid'), at('underpaid')],
    [at('underpaid'), at('paid'), at('paid')],
    [at('underpaid'), at('underpaid', 3000), at('underpaid', 3000)],
    [at('underpaid', 3000), at('refunded', 80000), at('refunded', 80000)],
    [at('underpaid'), at('pending'), at('underpaid')],
    [at('paid'), at('underpaid'), at('paid')],
    [at('refunded', 80000), at('underpaid'), at('refunded', 80000)],
    // late, replayed or backward reports change nothing
    [at('paid'), at('pending'), at('paid')],
    [at('paid'), at('failed'), at('paid')],
    [at('failed'), at('paid'), at('failed')],
    [at('refunded', 49000), at('paid'), at('refunded', 49000)],
    [at('charged_back'), at('paid'), at('charged_back')],
    [at('refunded', 49000), at('charged_back'), at('refunded', 49000)],
    [at('partially_refunded', 19000), at('partially_refunded', 9000), at('partially_refunded', 19000)],
    [at('partially_refunded', 9000), at('paid'), at('partially_refunded', 9000)],
    // a chargeback's dispute (decision 023): lost for good, or won (only a report that says so)
    [at('charged_back'), at('chargeback_lost'), at('chargeback_lost')],
    [at('chargeback_lost'), at('paid'), at('chargeback_lost')],
    [at('chargeback_lost'), at('charged_back'), at('chargeback_lost')],
    [at('paid'), at('chargeback_lost'), at('paid')],
    [at('pending'), at('chargeback_lost'), at('pending')],
  ] as const)('%o + reported %o → %o', (current, reported, expected) => {
    expect(advance(current, reported)).toEqual(expected)
  })

  it.each([
    // The dispute won pays the order again; a won report changes nothing elsewhere.
    ['charged_back', { state: 'paid', refundedCents: 0 }, { state: 'paid', refundedCents: 0 }],
    [
      'charged_back',
      { state: 'partially_refunded', refundedCents: 9000 },
      { state: 'partially_refunded', refundedCents: 9000 },
    ],
    ['chargeback_lost', { state: 'paid', refundedCents: 0 }, { state: 'chargeback_lost', refundedCents: 0 }],
    ['refunded', { state: 'paid', refundedCents: 0 }, { state: 'refunded', refundedCents: 0 }],
    ['paid', { state: 'paid', refundedCents: 0 }, { state: 'paid', refundedCents: 0 }],
  ] as const)('%s + a report of the dispute won %o → %o', (state, reported, expected) => {
    expect(advance({ state, refundedCents: 0 }, { ...reported, disputeWon: true })).toEqual(expected)
  })

  it('a dispute opens with the chargeback, is won back into access or lost, and counts as lost after its days', () => {
    expect(disputeStep('paid', 'charged_back')).toBe('opened')
    expect(disputeStep('partially_refunded', 'charged_back')).toBe('opened')
    expect(disputeStep('charged_back', 'paid')).toBe('won')
    expect(disputeStep('charged_back', 'chargeback_lost')).toBe('lost')
    expect(disputeStep('paid', 'refunded')).toBeNull()
    expect(disputeStep('pending', 'paid')).toBeNull()
    const at = new Date('2026-03-01T12:00:00.000Z')
    expect(disputeOf('charged_back', at)).toBe('open')
    expect(disputeOf('paid', at)).toBe('won')
    expect(disputeOf('chargeback_lost', at)).toBe('lost')
    expect(disputeOf('paid', null)).toBeNull()
    expect(DISPUTE_DAYS).toBe(180)
    expect(disputeLostAt(at).toISOString()).toBe('2026-08-28T12:00:00.000Z')
  })

  it('no state advances to itself (the same refund twice is no step)', () => {
    for (const state of ORDER_STATES)
      expect(isSameStep(advance(at(state, 100), at(state, 100)), at(state, 100))).toBe(true)
  })

  it('what is missing of an order paid short, and what of its charge can go back', () => {
    expect(missingCents({ totalCents: 89000, receivedCents: 80000, refundedCents: 0 })).toBe(9000)
    expect(missingCents({ totalCents: 89000, receivedCents: 80000, refundedCents: 30000 })).toBe(39000)
    expect(missingCents({ totalCents: 89000, receivedCents: 90000, refundedCents: 0 })).toBe(0)
    expect(chargedCents({ totalCents: 89000, receivedCents: 80000 })).toBe(80000)
    expect(chargedCents({ totalCents: 89000, receivedCents: 90000 })).toBe(89000)
    expect(chargedCents({ totalCents: 89000, receivedCents: null })).toBe(89000)
    expect(isRefundable('underpaid')).toBe(true)
    expect(isRefundable('pending')).toBe(false)
  })

  it('a difference completes the order paid short that its own settlement paid, while it gives access', () => {
    const at = new Date('2026-03-02T12:00:00Z')
    const difference = { differenceKind: 'underpaid', paidAt: at }
    expect(completesOrder(difference, { status: 'paid', paidAt: at })).toBe(true)
    expect(completesOrder(difference, { status: 'partially_refunded', paidAt: at })).toBe(true)
    // Accepted by the institute before, or refunded since: it completes nothing that stands.
    expect(completesOrder(difference, { status: 'paid', paidAt: new Date(at.getTime() - 1) })).toBe(false)
    expect(completesOrder(difference, { status: 'refunded', paidAt: at })).toBe(false)
    expect(
      completesOrder({ ...difference, differenceKind: 'student_price' }, { status: 'paid', paidAt: at }),
    ).toBe(false)
    // Paid again later (the difference's dispute won): it still completes it (decision 028).
    expect(completesOrder(difference, { status: 'paid', paidAt: new Date(at.getTime() + 1) })).toBe(true)
  })

  it("an order steps back to underpaid only on the store's word that its difference went back", () => {
    const paid = { state: 'paid' as const, refundedCents: 500 }
    expect(advance(paid, { state: 'underpaid', refundedCents: 0 })).toEqual(paid)
    expect(advance(paid, { state: 'underpaid', refundedCents: 0, differenceWentBack: true })).toEqual({
      state: 'underpaid',
      refundedCents: 500,
    })
    const refunded = { state: 'refunded' as const, refundedCents: 9000 }
    expect(advance(refunded, { state: 'underpaid', refundedCents: 0, differenceWentBack: true })).toEqual(
      refunded,
    )
  })

  it('paid and partly refunded orders give access; refunded and charged-back ones end it', () => {
    expect(ORDER_STATES.filter(grantsAccess)).toEqual(['paid', 'partially_refunded'])
    expect(ORDER_STATES.filter(endsAccess)).toEqual(['refunded', 'charged_back', 'chargeback_lost'])
  })
})

describe('PIX copia e cola', () => {
  it('computes the CRC16-CCITT of the BR Code (check value of "123456789" is 29B1)', () => {
    expect(crc16('123456789')).toBe('29B1')
  })
  it('builds a BR Code with the key, amount, names and txid, ending in a valid CRC', () => {
    const code = pixCopyPaste({
      key: 'pix@institutorenalis.com.br',
      amountCents: 104568,
      merchantName: 'Instituto Renalis São José',
      merchantCity: 'Curitiba',
      txid: 'or_abc-123',
    })
    expect(code.startsWith('000201')).toBe(true)
    expect(isValidPixPayload(code)).toBe(true)
    const fields = parseEmv(code)
    expect(fields.get('54')).toBe('1045.68')
    expect(fields.get('53')).toBe('986')
    expect(fields.get('59')).toBe('INSTITUTO RENALIS SAO JOS')
    expect(parseEmv(fields.get('26')!).get('01')).toBe('pix@institutorenalis.com.br')
    expect(parseEmv(fields.get('62')!).get('05')).toBe('orabc123')
    expect(isValidPixPayload(`${code.slice(0, -1)}0`)).toBe(code.endsWith('0'))
  })
})

describe('boleto line', () => {
  it('uses the FEBRABAN due-date factor', () => {
    expect(dueDateFactor(new Date('2000-07-03T12:00:00Z'))).toBe('1000')
    expect(dueDateFactor(new Date('2025-02-21T12:00:00Z'))).toBe('9999')
    expect(dueDateFactor(new Date('2025-02-22T12:00:00Z'))).toBe('1000') // the factor restarts at 1000
  })
  it('answers 47 digits whose blocks carry their module-10 check digits', () => {
    const { line, barcode } = boletoLine({
      bank: '237',
      amountCents: 49000,
      due: new Date('2026-11-25T12:00:00Z'),
      freeField: '1234567890123456789012345',
    })
    expect(line).toMatch(/^\d{47}$/)
    expect(barcode).toMatch(/^\d{44}$/)
    expect(line.slice(-10)).toBe('0000049000')
    // FEBRABAN's module 10, written here independently of the domain's: from the right, digits
    // weighted 2, 1, 2, …, a two-digit product counted as the sum of its digits.
    const mod10 = (digits: string) => {
      const weighted = [...digits].reverse().map((digit, i) => Number(digit) * (i % 2 === 0 ? 2 : 1))
      const sum = weighted.reduce((total, product) => total + Math.floor(product / 10) + (product % 10), 0)
      return (10 - (sum % 10)) % 10
    }
    expect(Number(line[9])).toBe(mod10(line.slice(0, 9)))
    expect(Number(line[20])).toBe(mod10(line.slice(10, 20)))
    expect(Number(line[31])).toBe(mod10(line.slice(21, 31)))
    expect(formatBoletoLine(line)).toMatch(/^\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}$/)
  })
})

describe('the student area’s payment rules', () => {
  it('only an expired boleto or PIX may be issued again (the one way back to pending)', () => {
    expect(canReissue('expired', 'BOLETO')).toBe(true)
    expect(canReissue('expired', 'PIX')).toBe(true)
    expect(canReissue('expired', 'CREDIT_CARD')).toBe(false)
    for (const state of ORDER_STATES.filter((s) => s !== 'expired'))
      expect(canReissue(state, 'BOLETO')).toBe(false)
  })

  it('an issuer’s refused 3-D Secure authentication reads as such in pt-BR', () => {
    expect(
      declineReason({ code: 'authentication', message: 'Autenticação recusada', gatewayErrors: [] }),
    ).toMatch(
      /^a autenticação do cartão de débito não foi concluída junto ao banco emissor\. Nada foi cobrado/,
    )
  })
})
