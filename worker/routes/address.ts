import { z } from '@hono/zod-openapi'
import { Cep, CepAddress } from '../contract/address.ts'
import { defineRoute, jsonContent, NoQuery, newApp } from '../openapi.ts'
import { findAddress } from '../services/address/cep.ts'

/** The address of a CEP, for the billing address the checkout and the fee plans ask. */
export const addressRoutes = newApp().openapi(
  defineRoute(
    'none',
    {
      operationId: 'findAddressByCep',
      method: 'get',
      path: '/api/cep/{cep}',
      tags: ['Checkout'],
      summary: 'O endereço de um CEP (rua, bairro, cidade e UF), para preencher o endereço de cobrança',
      description:
        'ViaCEP em produção; localmente, um substituto com CEPs reais de Curitiba. CEP que nenhuma rua tem: 404. ' +
        'O serviço fora do ar ou lento: 503, e a pessoa digita o endereço.',
      request: { params: z.object({ cep: Cep }), query: NoQuery },
      responses: { 200: jsonContent(CepAddress, 'O endereço do CEP.') },
    },
    { limit: 'cep', errors: ['notFound'] },
  ),
  async (c) => {
    c.header('Cache-Control', 'public, max-age=86400')
    return c.json(await findAddress(c.var.ctx, c.req.valid('param').cep), 200)
  },
)
