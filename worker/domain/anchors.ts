/** 'Nefrologia Intervencionista' → 'nefrologia-intervencionista' (SPEC section 2). */
export function anchorFromTitle(title: string): string {
  return title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim()
    .replace(/\s+/g, '-')
}
