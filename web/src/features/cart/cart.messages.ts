/**
 * SPEC section 8, exactly as written. The same texts as the contract's CART_MESSAGES, copied
 * because importing the contract would pull zod into the home page's first load
 * (tests/web/cart.test.tsx checks the two agree).
 */
export const CART_TEXT = {
  added: 'Adicionado ao carrinho com sucesso!',
  removed: 'Removido do carrinho com sucesso!',
  couponApplied: 'Cupom aplicado com sucesso!',
  addError: 'erro ao adicionar item no carrinho',
  removeError: 'erro ao remover item do carrinho',
  couponError: 'erro ao aplicar cupom',
} as const
