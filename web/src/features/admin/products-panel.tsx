import { useState } from 'react'
import {
  type AdminProduct,
  AdminProductPage,
  ProductInput,
} from '../../../../worker/contract/admin-catalog.ts'
import { formatBRL } from '../../lib/money.ts'
import { useAdminList } from './admin-api.ts'
import { SearchInput } from './fields.tsx'
import { type FormDescription, ResourceForm } from './form-fields.tsx'
import { ImagesManager } from './images-manager.tsx'
import { useEditor } from './resource-form.ts'
import { ResourceList } from './resource-list.tsx'
import { PublishedBadge } from './table.tsx'
import { NewButton, Toolbar, useFilters } from './toolbar.tsx'

const MODAL_ID = 'admin-produto'
type Values = { name: string; description: string; price: number | null; is_published: boolean }

const valuesOf = (product: AdminProduct | null): Values =>
  product
    ? {
        name: product.name,
        description: product.description,
        price: product.price,
        is_published: product.is_published,
      }
    : { name: '', description: '', price: null, is_published: true }

const PRODUCT_FORM: FormDescription<Values, AdminProduct> = {
  modalId: MODAL_ID,
  schema: ProductInput,
  valuesOf,
  path: '/api/admin/produtos',
  success: 'Produto salvo com sucesso!',
  title: (product) => (product ? `Editar produto: ${product.name}` : 'Novo produto'),
  fields: [
    { name: 'name', label: 'Nome do produto' },
    { kind: 'textarea', name: 'description', label: 'Descrição' },
    { kind: 'money', name: 'price', label: 'Preço' },
    { kind: 'checkbox', name: 'is_published', label: 'Publicado no site' },
  ],
}

/** Products (/admin/course, tab Produtos): price, publication and slider images. */
export function ProductsPanel() {
  const { filters, set, params } = useFilters({ q: '' })
  const { editing, create, edit } = useEditor<AdminProduct>(MODAL_ID)
  const [imagesOf, setImagesOf] = useState<number | null>(null)
  const list = useAdminList('products', '/api/admin/produtos', params, AdminProductPage)
  return (
    <div>
      <Toolbar>
        <SearchInput label="Pesquisar produtos" value={filters.q} onChange={set('q')} />
        <NewButton label="Novo produto" onClick={create} />
      </Toolbar>
      <ResourceList
        list={list}
        description={{
          label: 'Produtos',
          empty: 'Nenhum produto encontrado.',
          pagesOf: 'produtos',
          columns: [
            { header: 'Produto', cell: (row) => row.name },
            { header: 'Preço', className: 'whitespace-nowrap', cell: (row) => formatBRL(row.price) },
            { header: 'Situação', cell: (row) => <PublishedBadge published={row.is_published} /> },
          ],
          actions: (row) => [
            { label: 'Editar', of: row.name, onClick: () => edit(row) },
            { label: 'Imagens', of: `de ${row.name}`, onClick: () => setImagesOf(row.id) },
          ],
        }}
        below={(items) => {
          const withImages = items.find((row) => row.id === imagesOf)
          return withImages ? (
            <div className="mt-6 rounded-2xl border border-slate-200 p-4">
              <ImagesManager
                base={`/api/admin/produtos/${withImages.id}`}
                images={withImages.images}
                name={withImages.name}
              />
            </div>
          ) : null
        }}
      />
      <ResourceForm description={PRODUCT_FORM} item={editing} />
    </div>
  )
}
