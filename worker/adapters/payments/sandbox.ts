import type { SandboxGateway } from '../../durable/sandbox-gateway.ts'
import { type GatewayOrder, GatewayValidationError, type PaymentGateway } from './types.ts'

/** The local default gateway: one Durable Object plays the provider, with Pagar.me's test cards. */
export function sandboxGateway(
  namespace: DurableObjectNamespace<SandboxGateway>,
  now: () => number,
): PaymentGateway {
  const provider = () => namespace.get(namespace.idFromName('sandbox'))
  return {
    name: 'sandbox',
    async createOrder(input) {
      const result = await provider().createOrder(input, now())
      if (!result.ok) throw new GatewayValidationError('The request is invalid.', result.errors)
      return result.order
    },
    async getOrder(id) {
      const order = await provider().getOrder(id)
      if (!order) throw new GatewayValidationError('Order not found', { order: ['Order not found'] })
      return order as GatewayOrder
    },
  }
}
