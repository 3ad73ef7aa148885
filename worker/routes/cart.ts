import { z } from '@hono/zod-openapi'
import {
  CartFlagsInput,
  CartHash,
  CartResponse,
  CheckoutView,
  Recommendations,
  SetCouponInput,
  UpdateCartInput,
} from '../contract/cart.ts'
import { MULTIPART_OVERHEAD_BYTES, STUDENT_DOC_MAX_BYTES } from '../domain/uploads.ts'
import { AppError } from '../errors.ts'
import { defineRoute, jsonBody, jsonContent, newApp } from '../openapi.ts'
import {
  applyCoupon,
  attachStudentDocument,
  getCart,
  getCheckout,
  recommend,
  setCartFlags,
  updateCart,
} from '../services/cart/cart.ts'

const gone = {
  404: jsonContent(
    z.object({ msg: z.string(), clear: z.literal(true) }),
    'Carrinho inexistente ou expirado: o site limpa o hash guardado.',
  ),
}

export const cartRoutes = newApp()
  .openapi(
    defineRoute(
      'none',
      {
        operationId: 'updateCart',
        method: 'post',
        path: '/carrinho-de-compras/update-cart',
        tags: ['Carrinho'],
        summary: 'Adicionar ou remover turma, produto ou pacote: responde o novo hash e o carrinho',
        description: 'Cada alteração grava um novo snapshot imutável sob um hash aleatório (KV).',
        request: jsonBody(UpdateCartInput),
        responses: { 200: jsonContent(CartResponse, 'Novo hash e carrinho.'), ...gone },
      },
      { limit: 'cartWrite' },
    ),
    async (c) => c.json(await updateCart({ ctx: c.var.ctx, input: c.req.valid('json') }), 200),
  )
  .openapi(
    defineRoute(
      'none',
      {
        operationId: 'applyCoupon',
        method: 'post',
        path: '/carrinho-de-compras/set-cupom',
        tags: ['Carrinho'],
        summary: 'Aplicar um cupom de turma',
        request: jsonBody(SetCouponInput),
        responses: { 200: jsonContent(CartResponse, 'Novo hash e carrinho.'), ...gone },
      },
      { limit: 'coupon' },
    ),
    async (c) => {
      const { hash, key } = c.req.valid('json')
      return c.json(await applyCoupon({ ctx: c.var.ctx, hash, key }), 200)
    },
  )
  .openapi(
    defineRoute(
      'none',
      {
        operationId: 'setCartFlags',
        method: 'post',
        path: '/api/carrinho/flags',
        tags: ['Carrinho'],
        summary: 'Marcar passaporte ou retirar o documento de estudante',
        request: jsonBody(CartFlagsInput),
        responses: { 200: jsonContent(CartResponse, 'Novo hash e carrinho.'), ...gone },
      },
      { limit: 'cartWrite' },
    ),
    async (c) => {
      const input = c.req.valid('json')
      if (input.has_student_doc === true) {
        throw new AppError('VALIDATION', 'Envie o documento de estudante.', {
          has_student_doc: ['Envie o documento de estudante.'],
        })
      }
      return c.json(
        await setCartFlags({
          ctx: c.var.ctx,
          hash: input.hash,
          flags: { hasPassport: input.has_passport, hasStudentDoc: input.has_student_doc },
        }),
        200,
      )
    },
  )
  .openapi(
    defineRoute(
      'none',
      {
        operationId: 'uploadStudentDocument',
        method: 'post',
        path: '/api/carrinho/{hash}/documento-estudante',
        tags: ['Carrinho'],
        summary:
          'Enviar o documento de estudante (PDF ou imagem, até 5 MB): vale o preço de estudante e saem os cupons',
        request: {
          params: z.object({ hash: CartHash }),
          body: {
            content: {
              'multipart/form-data': {
                schema: z.object({
                  document: z.unknown().optional().openapi({ type: 'string', format: 'binary' }),
                }),
              },
            },
            required: true,
          },
        },
        responses: { 200: jsonContent(CartResponse, 'Novo hash e carrinho.'), ...gone },
      },
      { limit: 'studentDocument', maxBodyBytes: STUDENT_DOC_MAX_BYTES + MULTIPART_OVERHEAD_BYTES },
    ),
    async (c) =>
      c.json(
        await attachStudentDocument({
          ctx: c.var.ctx,
          hash: c.req.valid('param').hash,
          file: c.req.valid('form').document,
        }),
        200,
      ),
  )
  .openapi(
    defineRoute('none', {
      operationId: 'getCart',
      method: 'get',
      path: '/api/carrinho/{hash}',
      tags: ['Carrinho'],
      summary: 'O carrinho, para o botão do cabeçalho',
      request: { params: z.object({ hash: CartHash }) },
      responses: { 200: jsonContent(CartResponse, 'O carrinho.'), ...gone },
    }),
    async (c) => c.json(await getCart({ ctx: c.var.ctx, hash: c.req.valid('param').hash }), 200),
  )
  .openapi(
    defineRoute('none', {
      operationId: 'getCheckout',
      method: 'get',
      path: '/checkout/get',
      tags: ['Carrinho'],
      summary: 'O carrinho com os preços calculados pelo servidor, para o checkout',
      request: { query: z.object({ cart: CartHash }).strict() },
      responses: {
        200: jsonContent(CheckoutView, 'Turmas, produtos, pacotes, cupons e parcelas.'),
        ...gone,
      },
    }),
    async (c) => c.json(await getCheckout({ ctx: c.var.ctx, hash: c.req.valid('query').cart }), 200),
  )
  .openapi(
    defineRoute(
      'none',
      {
        operationId: 'listRecommendations',
        method: 'get',
        path: '/carrinho-de-compras/recomendation/{hash}',
        tags: ['Carrinho'],
        summary: 'Cursos e produtos relacionados que ainda não estão no carrinho',
        request: { params: z.object({ hash: CartHash }) },
        responses: {
          200: jsonContent(Recommendations, 'Recomendações.'),
        },
      },
      { errors: ['notFound'] },
    ),
    async (c) => c.json(await recommend({ ctx: c.var.ctx, hash: c.req.valid('param').hash }), 200),
  )
