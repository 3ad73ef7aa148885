import { describe, expect, it } from 'vitest'
import { type ChargeFacts, readCharge } from '../../worker/domain/pagarme-charge.ts'

// Issue 30, item 2: the provider's charge states, written from the shapes its documentation shows
// (the charge object of the v5 reference, the `charge.refunded` and `charge.partial_canceled`
// webhook examples), read into our order states and amounts.

const card = (facts: Partial<ChargeFacts> & { tx?: string }): ChargeFacts => ({
  status: 'paid',
  payment_method: 'credit_card',
  amount: 89000,
  ...facts,
  last_transaction: { status: facts.tx ?? 'captured' },
})
const boleto = (facts: Partial<ChargeFacts> & { tx?: string }) => card({ payment_method: 'boleto', ...facts })
const pix = (facts: Partial<ChargeFacts> & { tx?: string }) => card({ payment_method: 'pix', ...facts })

describe('readCharge', () => {
  const rows: Array<[string, ChargeFacts, boolean, ReturnType<typeof readCharge>]> = [
    [
      'a card paid',
      card({ paid_amount: 89000, paid_at: '2026-11-25T10:00:00Z' }),
      false,
      { state: 'paid', paidCents: 89000, refundedCents: 0 },
    ],
    [
      'a card refunded on the day of its capture (canceled, voided, no paid_at)',
      card({ status: 'canceled', canceled_amount: 89000, tx: 'voided' }),
      true,
      { state: 'refunded', paidCents: 89000, refundedCents: 89000 },
    ],
    [
      'the same charge for a payment never recorded as paid: an authorization given up',
      card({ status: 'canceled', canceled_amount: 89000, tx: 'voided' }),
      false,
      { state: 'failed', paidCents: 0, refundedCents: 0 },
    ],
    [
      'a card refunded on a later day',
      card({ status: 'canceled', canceled_amount: 89000, paid_amount: 89000, tx: 'refunded' }),
      false,
      { state: 'refunded', paidCents: 89000, refundedCents: 89000 },
    ],
    [
      'part of a card voided on the day (charge.partial_canceled)',
      card({ canceled_amount: 30000, tx: 'partial_void' }),
      true,
      { state: 'partially_refunded', paidCents: 89000, refundedCents: 30000 },
    ],
    [
      'part of a card refunded on a later day',
      card({ canceled_amount: 30000, paid_amount: 89000, tx: 'partial_refunded' }),
      true,
      { state: 'partially_refunded', paidCents: 89000, refundedCents: 30000 },
    ],
    [
      'the rest refunded after a part: the whole is returned, the access ends',
      card({ canceled_amount: 89000, paid_amount: 89000, tx: 'partial_refunded' }),
      true,
      { state: 'refunded', paidCents: 89000, refundedCents: 89000 },
    ],
    [
      'a PIX whose refund is on its way (pending_refund): still paid',
      pix({ paid_amount: 89000, tx: 'pending_refund' }),
      true,
      { state: 'paid', paidCents: 89000, refundedCents: 0 },
    ],
    [
      'a PIX refunded',
      pix({ status: 'refunded', canceled_amount: 89000, paid_amount: 89000, tx: 'refunded' }),
      true,
      { state: 'refunded', paidCents: 89000, refundedCents: 89000 },
    ],
    [
      'a pending boleto cancelled (our expiry)',
      boleto({ status: 'canceled', canceled_amount: 89000, tx: 'canceled' }),
      false,
      { state: 'expired', paidCents: 0, refundedCents: 0 },
    ],
    [
      'a PIX never paid',
      pix({ status: 'failed', tx: 'expired' }),
      false,
      { state: 'expired', paidCents: 0, refundedCents: 0 },
    ],
    [
      'a boleto paid short (underpaid): underpaid, with what arrived (nothing given yet)',
      boleto({ status: 'underpaid', paid_amount: 80000, tx: 'underpaid' }),
      false,
      { state: 'underpaid', paidCents: 80000, refundedCents: 0 },
    ],
    [
      'underpaid, but what arrived covers the total: paid',
      boleto({ status: 'underpaid', paid_amount: 89000, tx: 'underpaid' }),
      false,
      { state: 'paid', paidCents: 89000, refundedCents: 0 },
    ],
    [
      'underpaid, part of what arrived returned: still underpaid, with what went back',
      boleto({ status: 'underpaid', paid_amount: 80000, canceled_amount: 30000, tx: 'partial_refunded' }),
      false,
      { state: 'underpaid', paidCents: 80000, refundedCents: 30000 },
    ],
    [
      'underpaid, all of what arrived returned: refunded',
      boleto({ status: 'underpaid', paid_amount: 80000, canceled_amount: 80000, tx: 'refunded' }),
      false,
      { state: 'refunded', paidCents: 80000, refundedCents: 80000 },
    ],
    [
      'underpaid the store counts paid (accepted, or its difference paid): paid with what arrived',
      boleto({ status: 'underpaid', paid_amount: 80000, tx: 'underpaid' }),
      true,
      { state: 'paid', paidCents: 80000, refundedCents: 0 },
    ],
    [
      'underpaid the store counts paid, part of what arrived returned: partly refunded',
      boleto({ status: 'underpaid', paid_amount: 80000, canceled_amount: 30000, tx: 'partial_refunded' }),
      true,
      { state: 'partially_refunded', paidCents: 80000, refundedCents: 30000 },
    ],
    [
      'underpaid then refunded at the provider (canceled, paid_amount kept): refunded what arrived',
      boleto({ status: 'canceled', paid_amount: 80000, canceled_amount: 80000, tx: 'refunded' }),
      false,
      { state: 'refunded', paidCents: 80000, refundedCents: 80000 },
    ],
    [
      'a boleto paid over (overpaid)',
      boleto({ status: 'overpaid', paid_amount: 90000, tx: 'overpaid' }),
      false,
      { state: 'paid', paidCents: 90000, refundedCents: 0 },
    ],
    [
      'a card chargeback',
      card({ status: 'chargedback', paid_amount: 89000, tx: 'chargedback' }),
      true,
      { state: 'charged_back', paidCents: 89000, refundedCents: 0 },
    ],
    [
      'a chargeback still disputed: its payables hold no chargeback_refund',
      { ...card({ status: 'chargedback', paid_amount: 89000, tx: 'chargedback' }), payables: [] },
      true,
      { state: 'charged_back', paidCents: 89000, refundedCents: 0 },
    ],
    [
      'a chargeback won (reapresentação ganha): still chargedback, a chargeback_refund payable; paid again',
      {
        ...card({ status: 'chargedback', paid_amount: 89000, tx: 'chargedback' }),
        payables: [{ type: 'chargeback_refund' }],
      },
      true,
      { state: 'paid', paidCents: 89000, refundedCents: 0, disputeWon: true },
    ],
    [
      'a chargeback won of a charge partly refunded before it',
      {
        ...card({ status: 'chargedback', paid_amount: 89000, canceled_amount: 9000, tx: 'chargedback' }),
        payables: [{ type: 'chargeback_refund' }],
      },
      true,
      { state: 'partially_refunded', paidCents: 89000, refundedCents: 9000, disputeWon: true },
    ],
    [
      'a card refused',
      card({ status: 'failed', tx: 'not_authorized' }),
      false,
      { state: 'failed', paidCents: 0, refundedCents: 0 },
    ],
    [
      'a boleto waiting',
      boleto({ status: 'pending', tx: 'generated' }),
      false,
      { state: 'pending', paidCents: 0, refundedCents: 0 },
    ],
    [
      'a state the provider adds later',
      card({ status: 'something_new' }),
      false,
      { state: 'pending', paidCents: 0, refundedCents: 0 },
    ],
  ]
  it.each(rows)('%s', (_name, charge, paidBefore, expected) => {
    expect(readCharge(charge, paidBefore)).toEqual(expected)
  })
})
