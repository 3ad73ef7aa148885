import type { HomeCard } from '../../../../worker/contract/home.ts'
import { api } from '../../lib/api.ts'
import { toastError, toastSuccess } from '../../lib/toast.ts'
import { readCartHash, writeCartHash } from './cart-storage.ts'

export type CartUpdateInput = { id: number; type: HomeCard['type']; option: 'add' }

/** SPEC section 7: POST /carrinho-de-compras/update-cart answers the new hash and cart. */
export async function addToCart({ id, type, option }: CartUpdateInput): Promise<boolean> {
  try {
    const result = await api<{ hash?: unknown }>('/carrinho-de-compras/update-cart', {
      method: 'POST',
      json: { hash: readCartHash(), data: { id, type }, option },
    })
    if (typeof result?.hash === 'string') writeCartHash(result.hash)
    toastSuccess('Adicionado ao carrinho com sucesso!')
    return true
  } catch (error) {
    toastError(error, 'erro ao adicionar item no carrinho')
    return false
  }
}
