/**
 * SPEC section 8's toasts of the cart, exactly as written, in a module of their own (no schema):
 * the web's add-to-cart button shows them on the home page's first load without zod. The
 * contract's CART_MESSAGES (cart.ts) holds them with the cart's other answers.
 */
export const CART_TEXT = {
  added: 'Adicionado ao carrinho com sucesso!',
  removed: 'Removido do carrinho com sucesso!',
  couponApplied: 'Cupom aplicado com sucesso!',
  addError: 'erro ao adicionar item no carrinho',
  removeError: 'erro ao remover item do carrinho',
  couponError: 'erro ao aplicar cupom',
} as const
