import {
  AdminBundle,
  AdminBundlePage,
  AdminClass,
  AdminClassesQuery,
  AdminClassPage,
  AdminCoupon,
  AdminCouponPage,
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
  ProductInput,
  ProductUpdateInput,
} from '../../contract/admin-catalog.ts'
import { NoQuery } from '../../openapi.ts'
import { createBundle, listAdminBundles, updateBundle } from '../../services/admin/bundles.ts'
import { createClass, deleteClass, listAdminClasses, updateClass } from '../../services/admin/classes.ts'
import { createCoupon, deleteCoupon, listAdminCoupons, updateCoupon } from '../../services/admin/coupons.ts'
import { listAdminOptions } from '../../services/admin/options.ts'
import { createProduct, listAdminProducts, updateProduct } from '../../services/admin/products.ts'
import { done, json, routesOf } from '../operation.ts'
import { sliderImages } from './images.ts'
import { operation, resource } from './operations.ts'

/** /admin/turmas and the products, bundles and coupons of /admin/course. */
export const adminCatalogRoutes = routesOf(
  operation({
    operationId: 'listAdminOptions',
    route: 'GET /api/admin/opcoes',
    summary: 'O que os formulários oferecem para escolher: cursos, turmas, produtos, pacotes e e-books',
    query: NoQuery,
    answers: json(200, AdminOptions, 'As opções.'),
    run: listAdminOptions,
  }),
  ...resource('/api/admin/turmas', {
    list: {
      operationId: 'listAdminClasses',
      summary: 'Turmas de um curso (ou de todos), com matrículas ativas e pedidos, paginadas',
      query: AdminClassesQuery,
      answers: json(200, AdminClassPage, 'Uma página de turmas.'),
      run: listAdminClasses,
    },
    create: {
      operationId: 'createClass',
      summary:
        'Cadastrar uma turma (preço, preço de estudante, boleto, parcelas de 1 a 12, data ou "comece agora")',
      body: ClassInput,
      answers: json(201, AdminClass, 'A turma criada.'),
      run: createClass,
    },
    update: {
      operationId: 'updateClass',
      summary: 'Alterar uma turma (abrir ou fechar inscrições inclusive)',
      body: ClassUpdateInput,
      answers: json(200, AdminClass, 'A turma alterada.'),
      run: updateClass,
    },
    remove: {
      operationId: 'deleteClass',
      summary: 'Excluir uma turma sem matrículas nem pedidos (as demais só podem ser fechadas: 409)',
      answers: done('Excluída.'),
      run: deleteClass,
    },
  }),
  ...resource('/api/admin/produtos', {
    list: {
      operationId: 'listAdminProducts',
      summary: 'Produtos (publicados ou não), paginados',
      query: AdminListQuery,
      answers: json(200, AdminProductPage, 'Uma página de produtos.'),
      run: listAdminProducts,
    },
    create: {
      operationId: 'createProduct',
      summary: 'Cadastrar um produto',
      body: ProductInput,
      answers: json(201, AdminProduct, 'O produto criado.'),
      run: createProduct,
    },
    update: {
      operationId: 'updateProduct',
      summary: 'Alterar um produto (publicar ou despublicar inclusive)',
      body: ProductUpdateInput,
      answers: json(200, AdminProduct, 'O produto alterado.'),
      run: updateProduct,
    },
  }),
  ...sliderImages('product', {
    path: '/api/admin/produtos/{id}/imagens',
    upload: {
      operationId: 'uploadProductImage',
      summary: 'Enviar uma imagem para o slider do produto (JPG, PNG ou WebP, até 2 MB)',
      answer: 'As imagens do produto.',
    },
    update: {
      operationId: 'updateProductImages',
      summary: 'Reordenar ou remover imagens do slider do produto',
      answer: 'As imagens do produto.',
    },
  }),
  ...resource('/api/admin/pacotes', {
    list: {
      operationId: 'listAdminBundles',
      summary: 'Pacotes de turmas, com a divisão do preço em centavos, paginados',
      query: AdminListQuery,
      answers: json(200, AdminBundlePage, 'Uma página de pacotes.'),
      run: listAdminBundles,
    },
    create: {
      operationId: 'createBundle',
      summary:
        "Cadastrar um pacote (desconto 'P' percentual ou 'F' fixo em centavos, dividido entre as turmas)",
      body: BundleInput,
      answers: json(201, AdminBundle, 'O pacote criado.'),
      run: createBundle,
    },
    update: {
      operationId: 'updateBundle',
      summary: 'Alterar um pacote',
      body: BundleUpdateInput,
      answers: json(200, AdminBundle, 'O pacote alterado.'),
      run: updateBundle,
    },
  }),
  ...resource('/api/admin/cupons', {
    list: {
      operationId: 'listAdminCoupons',
      summary: 'Cupons, com usos e validade, paginados',
      query: AdminListQuery,
      answers: json(200, AdminCouponPage, 'Uma página de cupons.'),
      run: listAdminCoupons,
    },
    create: {
      operationId: 'createCoupon',
      summary: 'Cadastrar um cupom (por turma e/ou curso; percentual ou fixo; limite de usos; validade)',
      body: CouponInput,
      answers: json(201, AdminCoupon, 'O cupom criado.'),
      run: createCoupon,
    },
    update: {
      operationId: 'updateCoupon',
      summary: 'Alterar um cupom (ativar ou desativar inclusive)',
      body: CouponUpdateInput,
      answers: json(200, AdminCoupon, 'O cupom alterado.'),
      run: updateCoupon,
    },
    remove: {
      operationId: 'deleteCoupon',
      summary: 'Excluir um cupom nunca usado (um cupom usado só pode ser desativado: 409)',
      answers: done('Excluído.'),
      run: deleteCoupon,
    },
  }),
)
