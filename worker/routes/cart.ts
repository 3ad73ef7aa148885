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
import { jsonContent } from '../openapi.ts'
import {
  applyCoupon,
  attachStudentDocument,
  getCart,
  getCheckout,
  recommend,
  setCartFlags,
  updateCart,
} from '../services/cart/cart.ts'
import { json, operation, routesOf } from './operation.ts'

const gone = {
  404: jsonContent(
    z.object({ msg: z.string(), clear: z.literal(true) }),
    'Carrinho inexistente ou expirado: o site limpa o hash guardado.',
  ),
}

const TAGS = ['Carrinho']
const changed = json(200, CartResponse, 'Novo hash e carrinho.')

export const cartRoutes = routesOf(
  operation({
    operationId: 'updateCart',
    route: 'POST /carrinho-de-compras/update-cart',
    role: 'none',
    tags: TAGS,
    summary: 'Adicionar ou remover turma, produto ou pacote: responde o novo hash e o carrinho',
    description: 'Cada alteração grava um novo snapshot imutável sob um hash aleatório (KV).',
    body: UpdateCartInput,
    answers: changed,
    responses: gone,
    limit: 'cartWrite',
    run: ({ ctx, input }) => updateCart({ ctx, input }),
  }),
  operation({
    operationId: 'applyCoupon',
    route: 'POST /carrinho-de-compras/set-cupom',
    role: 'none',
    tags: TAGS,
    summary: 'Aplicar um cupom de turma',
    body: SetCouponInput,
    answers: changed,
    responses: gone,
    limit: 'coupon',
    run: ({ ctx, input: { hash, key } }) => applyCoupon({ ctx, hash, key }),
  }),
  operation({
    operationId: 'setCartFlags',
    route: 'POST /api/carrinho/flags',
    role: 'none',
    tags: TAGS,
    summary: 'Marcar passaporte ou retirar o documento de estudante',
    body: CartFlagsInput,
    answers: changed,
    responses: gone,
    limit: 'cartWrite',
    run: ({ ctx, input }) => {
      if (input.has_student_doc === true) {
        throw new AppError('VALIDATION', 'Envie o documento de estudante.', {
          has_student_doc: ['Envie o documento de estudante.'],
        })
      }
      return setCartFlags({
        ctx,
        hash: input.hash,
        flags: { hasPassport: input.has_passport, hasStudentDoc: input.has_student_doc },
      })
    },
  }),
  operation({
    operationId: 'uploadStudentDocument',
    route: 'POST /api/carrinho/{hash}/documento-estudante',
    role: 'none',
    tags: TAGS,
    summary:
      'Enviar o documento de estudante (PDF ou imagem, até 5 MB): vale o preço de estudante e saem os cupons',
    params: z.object({ hash: CartHash }),
    form: z.object({ document: z.unknown().optional().openapi({ type: 'string', format: 'binary' }) }),
    answers: changed,
    responses: gone,
    limit: 'studentDocument',
    maxBodyBytes: STUDENT_DOC_MAX_BYTES + MULTIPART_OVERHEAD_BYTES,
    run: ({ ctx, params, form }) => attachStudentDocument({ ctx, hash: params.hash, file: form.document }),
  }),
  operation({
    operationId: 'getCart',
    route: 'GET /api/carrinho/{hash}',
    role: 'none',
    tags: TAGS,
    summary: 'O carrinho, para o botão do cabeçalho',
    params: z.object({ hash: CartHash }),
    answers: json(200, CartResponse, 'O carrinho.'),
    responses: gone,
    run: ({ ctx, params }) => getCart({ ctx, hash: params.hash }),
  }),
  operation({
    operationId: 'getCheckout',
    route: 'GET /checkout/get',
    role: 'none',
    tags: TAGS,
    summary: 'O carrinho com os preços calculados pelo servidor, para o checkout',
    query: z.object({ cart: CartHash }).strict(),
    answers: json(200, CheckoutView, 'Turmas, produtos, pacotes, cupons e parcelas.'),
    responses: gone,
    run: ({ ctx, query }) => getCheckout({ ctx, hash: query.cart }),
  }),
  operation({
    operationId: 'listRecommendations',
    route: 'GET /carrinho-de-compras/recomendation/{hash}',
    role: 'none',
    tags: TAGS,
    summary: 'Cursos e produtos relacionados que ainda não estão no carrinho',
    params: z.object({ hash: CartHash }),
    answers: json(200, Recommendations, 'Recomendações.'),
    errors: ['notFound'],
    run: ({ ctx, params }) => recommend({ ctx, hash: params.hash }),
  }),
)
