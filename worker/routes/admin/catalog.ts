import { z } from '@hono/zod-openapi'
import { Done } from '../../contract/admin.ts'
import {
  AdminBundle,
  AdminBundlePage,
  AdminClass,
  AdminClassesQuery,
  AdminClassPage,
  AdminCoupon,
  AdminCouponPage,
  AdminImage,
  AdminListQuery,
  AdminOptions,
  AdminProduct,
  AdminProductPage,
  BundleInput,
  BundleUpdateInput,
  ClassInput,
  ClassUpdateInput,
  CouponInput,
  CouponUpdateInput,
  ImagesInput,
  ImageUploadForm,
  ProductInput,
  ProductUpdateInput,
} from '../../contract/admin-catalog.ts'
import { CATALOG_IMAGE_MAX_BYTES, MULTIPART_OVERHEAD_BYTES } from '../../domain/uploads.ts'
import { defineRoute, jsonBody, jsonContent, NoQuery, newApp } from '../../openapi.ts'
import { createBundle, listAdminBundles, updateBundle } from '../../services/admin/bundles.ts'
import { createClass, deleteClass, listAdminClasses, updateClass } from '../../services/admin/classes.ts'
import { createCoupon, deleteCoupon, listAdminCoupons, updateCoupon } from '../../services/admin/coupons.ts'
import { addSliderImage, updateSliderImages } from '../../services/admin/images.ts'
import { listAdminOptions } from '../../services/admin/options.ts'
import { createProduct, listAdminProducts, updateProduct } from '../../services/admin/products.ts'
import { ADMIN_TAG, actorOf, IdParams } from './shared.ts'

/** /admin/turmas and the products, bundles and coupons of /admin/course. */
export const adminCatalogRoutes = newApp()
  .openapi(
    defineRoute('A', {
      operationId: 'listAdminOptions',
      method: 'get',
      path: '/api/admin/opcoes',
      tags: [ADMIN_TAG],
      summary: 'O que os formulários oferecem para escolher: cursos, turmas, produtos, pacotes e e-books',
      request: { query: NoQuery },
      responses: { 200: jsonContent(AdminOptions, 'As opções.') },
    }),
    async (c) => c.json(await listAdminOptions({ ctx: c.var.ctx }), 200),
  )
  // ── Classes ──
  .openapi(
    defineRoute('A', {
      operationId: 'listAdminClasses',
      method: 'get',
      path: '/api/admin/turmas',
      tags: [ADMIN_TAG],
      summary: 'Turmas de um curso (ou de todos), com matrículas ativas e pedidos, paginadas',
      request: { query: AdminClassesQuery },
      responses: { 200: jsonContent(AdminClassPage, 'Uma página de turmas.') },
    }),
    async (c) => c.json(await listAdminClasses({ ctx: c.var.ctx, query: c.req.valid('query') }), 200),
  )
  .openapi(
    defineRoute('A', {
      operationId: 'createClass',
      method: 'post',
      path: '/api/admin/turmas',
      tags: [ADMIN_TAG],
      summary:
        'Cadastrar uma turma (preço, preço de estudante, boleto, parcelas de 1 a 12, data ou "comece agora")',
      request: jsonBody(ClassInput),
      responses: { 201: jsonContent(AdminClass, 'A turma criada.') },
    }),
    async (c) =>
      c.json(await createClass({ ctx: c.var.ctx, actor: await actorOf(c), input: c.req.valid('json') }), 201),
  )
  .openapi(
    defineRoute(
      'A',
      {
        operationId: 'updateClass',
        method: 'put',
        path: '/api/admin/turmas/{id}',
        tags: [ADMIN_TAG],
        summary: 'Alterar uma turma (abrir ou fechar inscrições inclusive)',
        request: { params: IdParams, ...jsonBody(ClassUpdateInput) },
        responses: { 200: jsonContent(AdminClass, 'A turma alterada.') },
      },
      { errors: ['notFound', 'conflict'] },
    ),
    async (c) =>
      c.json(
        await updateClass({
          ctx: c.var.ctx,
          actor: await actorOf(c),
          id: c.req.valid('param').id,
          input: c.req.valid('json'),
        }),
        200,
      ),
  )
  .openapi(
    defineRoute(
      'A',
      {
        operationId: 'deleteClass',
        method: 'delete',
        path: '/api/admin/turmas/{id}',
        tags: [ADMIN_TAG],
        summary: 'Excluir uma turma sem matrículas nem pedidos (as demais só podem ser fechadas: 409)',
        request: { params: IdParams },
        responses: { 200: jsonContent(Done, 'Excluída.') },
      },
      { errors: ['notFound', 'conflict'] },
    ),
    async (c) => {
      await deleteClass({ ctx: c.var.ctx, actor: await actorOf(c), id: c.req.valid('param').id })
      return c.json({ ok: true as const }, 200)
    },
  )
  // ── Products ──
  .openapi(
    defineRoute('A', {
      operationId: 'listAdminProducts',
      method: 'get',
      path: '/api/admin/produtos',
      tags: [ADMIN_TAG],
      summary: 'Produtos (publicados ou não), paginados',
      request: { query: AdminListQuery },
      responses: { 200: jsonContent(AdminProductPage, 'Uma página de produtos.') },
    }),
    async (c) => c.json(await listAdminProducts({ ctx: c.var.ctx, query: c.req.valid('query') }), 200),
  )
  .openapi(
    defineRoute('A', {
      operationId: 'createProduct',
      method: 'post',
      path: '/api/admin/produtos',
      tags: [ADMIN_TAG],
      summary: 'Cadastrar um produto',
      request: jsonBody(ProductInput),
      responses: { 201: jsonContent(AdminProduct, 'O produto criado.') },
    }),
    async (c) =>
      c.json(
        await createProduct({ ctx: c.var.ctx, actor: await actorOf(c), input: c.req.valid('json') }),
        201,
      ),
  )
  .openapi(
    defineRoute(
      'A',
      {
        operationId: 'updateProduct',
        method: 'put',
        path: '/api/admin/produtos/{id}',
        tags: [ADMIN_TAG],
        summary: 'Alterar um produto (publicar ou despublicar inclusive)',
        request: { params: IdParams, ...jsonBody(ProductUpdateInput) },
        responses: { 200: jsonContent(AdminProduct, 'O produto alterado.') },
      },
      { errors: ['notFound', 'conflict'] },
    ),
    async (c) =>
      c.json(
        await updateProduct({
          ctx: c.var.ctx,
          actor: await actorOf(c),
          id: c.req.valid('param').id,
          input: c.req.valid('json'),
        }),
        200,
      ),
  )
  .openapi(
    defineRoute(
      'A',
      {
        operationId: 'uploadProductImage',
        method: 'post',
        path: '/api/admin/produtos/{id}/imagens',
        tags: [ADMIN_TAG],
        summary: 'Enviar uma imagem para o slider do produto (JPG, PNG ou WebP, até 2 MB)',
        request: {
          params: IdParams,
          body: {
            content: {
              'multipart/form-data': {
                schema: ImageUploadForm.extend({
                  image: z.unknown().optional().openapi({ type: 'string', format: 'binary' }),
                }),
              },
            },
            required: true,
          },
        },
        responses: { 201: jsonContent(z.array(AdminImage), 'As imagens do produto.') },
      },
      { errors: ['notFound'], maxBodyBytes: CATALOG_IMAGE_MAX_BYTES + MULTIPART_OVERHEAD_BYTES },
    ),
    async (c) =>
      c.json(
        await addSliderImage({
          ctx: c.var.ctx,
          actor: await actorOf(c),
          owner: 'product',
          id: c.req.valid('param').id,
          file: c.req.valid('form').image,
        }),
        201,
      ),
  )
  .openapi(
    defineRoute(
      'A',
      {
        operationId: 'updateProductImages',
        method: 'put',
        path: '/api/admin/produtos/{id}/imagens',
        tags: [ADMIN_TAG],
        summary: 'Reordenar ou remover imagens do slider do produto',
        request: { params: IdParams, ...jsonBody(ImagesInput) },
        responses: { 200: jsonContent(z.array(AdminImage), 'As imagens do produto.') },
      },
      { errors: ['notFound', 'conflict'] },
    ),
    async (c) =>
      c.json(
        await updateSliderImages({
          ctx: c.var.ctx,
          actor: await actorOf(c),
          owner: 'product',
          id: c.req.valid('param').id,
          input: c.req.valid('json'),
        }),
        200,
      ),
  )
  // ── Bundles ──
  .openapi(
    defineRoute('A', {
      operationId: 'listAdminBundles',
      method: 'get',
      path: '/api/admin/pacotes',
      tags: [ADMIN_TAG],
      summary: 'Pacotes de turmas, com a divisão do preço em centavos, paginados',
      request: { query: AdminListQuery },
      responses: { 200: jsonContent(AdminBundlePage, 'Uma página de pacotes.') },
    }),
    async (c) => c.json(await listAdminBundles({ ctx: c.var.ctx, query: c.req.valid('query') }), 200),
  )
  .openapi(
    defineRoute('A', {
      operationId: 'createBundle',
      method: 'post',
      path: '/api/admin/pacotes',
      tags: [ADMIN_TAG],
      summary:
        "Cadastrar um pacote (desconto 'P' percentual ou 'F' fixo em centavos, dividido entre as turmas)",
      request: jsonBody(BundleInput),
      responses: { 201: jsonContent(AdminBundle, 'O pacote criado.') },
    }),
    async (c) =>
      c.json(
        await createBundle({ ctx: c.var.ctx, actor: await actorOf(c), input: c.req.valid('json') }),
        201,
      ),
  )
  .openapi(
    defineRoute(
      'A',
      {
        operationId: 'updateBundle',
        method: 'put',
        path: '/api/admin/pacotes/{id}',
        tags: [ADMIN_TAG],
        summary: 'Alterar um pacote',
        request: { params: IdParams, ...jsonBody(BundleUpdateInput) },
        responses: { 200: jsonContent(AdminBundle, 'O pacote alterado.') },
      },
      { errors: ['notFound', 'conflict'] },
    ),
    async (c) =>
      c.json(
        await updateBundle({
          ctx: c.var.ctx,
          actor: await actorOf(c),
          id: c.req.valid('param').id,
          input: c.req.valid('json'),
        }),
        200,
      ),
  )
  // ── Coupons ──
  .openapi(
    defineRoute('A', {
      operationId: 'listAdminCoupons',
      method: 'get',
      path: '/api/admin/cupons',
      tags: [ADMIN_TAG],
      summary: 'Cupons, com usos e validade, paginados',
      request: { query: AdminListQuery },
      responses: { 200: jsonContent(AdminCouponPage, 'Uma página de cupons.') },
    }),
    async (c) => c.json(await listAdminCoupons({ ctx: c.var.ctx, query: c.req.valid('query') }), 200),
  )
  .openapi(
    defineRoute('A', {
      operationId: 'createCoupon',
      method: 'post',
      path: '/api/admin/cupons',
      tags: [ADMIN_TAG],
      summary: 'Cadastrar um cupom (por turma e/ou curso; percentual ou fixo; limite de usos; validade)',
      request: jsonBody(CouponInput),
      responses: { 201: jsonContent(AdminCoupon, 'O cupom criado.') },
    }),
    async (c) =>
      c.json(
        await createCoupon({ ctx: c.var.ctx, actor: await actorOf(c), input: c.req.valid('json') }),
        201,
      ),
  )
  .openapi(
    defineRoute(
      'A',
      {
        operationId: 'updateCoupon',
        method: 'put',
        path: '/api/admin/cupons/{id}',
        tags: [ADMIN_TAG],
        summary: 'Alterar um cupom (ativar ou desativar inclusive)',
        request: { params: IdParams, ...jsonBody(CouponUpdateInput) },
        responses: { 200: jsonContent(AdminCoupon, 'O cupom alterado.') },
      },
      { errors: ['notFound', 'conflict'] },
    ),
    async (c) =>
      c.json(
        await updateCoupon({
          ctx: c.var.ctx,
          actor: await actorOf(c),
          id: c.req.valid('param').id,
          input: c.req.valid('json'),
        }),
        200,
      ),
  )
  .openapi(
    defineRoute(
      'A',
      {
        operationId: 'deleteCoupon',
        method: 'delete',
        path: '/api/admin/cupons/{id}',
        tags: [ADMIN_TAG],
        summary: 'Excluir um cupom nunca usado (um cupom usado só pode ser desativado: 409)',
        request: { params: IdParams },
        responses: { 200: jsonContent(Done, 'Excluído.') },
      },
      { errors: ['notFound', 'conflict'] },
    ),
    async (c) => {
      await deleteCoupon({ ctx: c.var.ctx, actor: await actorOf(c), id: c.req.valid('param').id })
      return c.json({ ok: true as const }, 200)
    },
  )
