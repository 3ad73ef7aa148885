const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' })

/**
 * Integer centavos → 'R$ 1.045,68'. Empty values show 'R$ 0,00' (SPEC section 9).
 * Intl puts a no-break space after 'R$'; it is swapped for a plain space so every caller
 * (tests, copy, screen readers) sees one spelling; price elements use `whitespace-nowrap`.
 */
export function formatBRL(cents: number | string | null | undefined): string {
  const value = typeof cents === 'string' ? Number(cents.trim() || 0) : (cents ?? 0)
  const safe = Number.isFinite(value) ? value : 0
  return brl.format(safe / 100).replace(/\u00a0/g, ' ')
}
