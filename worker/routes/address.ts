import { z } from '@hono/zod-openapi'
import { Cep, CepAddress } from '../contract/address.ts'
import { NoQuery } from '../openapi.ts'
import { findAddress } from '../services/address/cep.ts'
import { json, operation, routesOf } from './operation.ts'

/** The address of a CEP, for the billing address the checkout and the fee plans ask. */
export const addressRoutes = routesOf(
  operation({
    operationId: 'findAddressByCep',
    route: 'GET /api/cep/{cep}',
    role: 'none',
    tags: ['Checkout'],
    summary: 'O endereço de um CEP (rua, bairro, cidade e UF), para preencher o endereço de cobrança',
    description:
      'ViaCEP em produção; localmente, um substituto com CEPs reais de Curitiba. CEP que nenhuma rua tem: 404. ' +
      'O serviço fora do ar ou lento: 503, e a pessoa digita o endereço.',
    params: z.object({ cep: Cep }),
    query: NoQuery,
    answers: json(200, CepAddress, 'O endereço do CEP.'),
    limit: 'cep',
    errors: ['notFound'],
    run: ({ c, ctx, params }) => {
      c.header('Cache-Control', 'public, max-age=86400')
      return findAddress(ctx, params.cep)
    },
  }),
)
