import type { CheckoutView } from '../../../../worker/contract/cart.ts'
import { formatBRL } from '../../lib/money.ts'

export type InstalmentOption = CheckoutView['instalments'][number]

/**
 * One option with the donation added (it bears no interest, DESIGN section 4). Without a
 * donation the server's own per-instalment amount is used; with one it is recomputed the same
 * way: total / n rounded to centavos.
 */
export function withDonation(option: InstalmentOption, donationCents: number): InstalmentOption {
  if (donationCents === 0) return option
  const total = option.total + donationCents
  return { ...option, total, instalment: Math.round(total / option.instalments) }
}

/**
 * Brazilian consumer rules ask for the instalment, the total and the interest together:
 * '3x de R$ 348,56' + 'total R$ 1.045,68 · juros R$ 45,68'; one payment is 'à vista'.
 */
export function instalmentLabel(option: InstalmentOption, donationCents = 0) {
  const shown = withDonation(option, donationCents)
  const main = `${shown.instalments}x de ${formatBRL(shown.instalment)}`
  const detail =
    shown.instalments === 1
      ? 'à vista'
      : `total ${formatBRL(shown.total)} · juros ${formatBRL(shown.interest)}`
  return { main, detail, text: `${main} (${detail})` }
}

/** The options the cart allows (1..max_instalments), in order. */
export function allowedOptions(view: Pick<CheckoutView, 'instalments' | 'max_instalments'>) {
  return view.instalments
    .filter((option) => option.instalments >= 1 && option.instalments <= view.max_instalments)
    .sort((a, b) => a.instalments - b.instalments)
}

/**
 * What is charged: the chosen option's total (items with interest) + the donation. Boleto and
 * PIX are one payment without interest; a view without a table (a free cart) charges its net.
 */
export function chargeFor(
  view: Pick<CheckoutView, 'instalments' | 'max_instalments' | 'totals'>,
  { card, parcela, donationCents }: { card: boolean; parcela: number; donationCents: number },
) {
  const options = allowedOptions(view)
  const wanted = card ? parcela : 1
  const option = options.find((item) => item.instalments === wanted) ?? options[0]
  if (!option) {
    return { instalments: 1, total: view.totals.net_value + donationCents, interest: 0 }
  }
  return { instalments: option.instalments, total: option.total + donationCents, interest: option.interest }
}

/** The donation field's pt-BR text ('1.234,56', '50', '') → centavos; anything unreadable is 0. */
export function parseBRL(text: string): number {
  const cleaned = text.replace(/[^\d,]/g, '')
  if (cleaned === '') return 0
  const value = Math.round(Number(cleaned.replace(',', '.')) * 100)
  return Number.isSafeInteger(value) && value >= 0 ? value : 0
}
