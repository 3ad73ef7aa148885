import { zodResolver } from '@hookform/resolvers/zod'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Plus } from 'lucide'
import { useEffect, useState } from 'react'
import { useForm } from 'react-hook-form'
import {
  type AdminProduct,
  AdminProductPage,
  ProductInput,
} from '../../../../worker/contract/admin-catalog.ts'
import { Icon } from '../../components/icons.tsx'
import { TextField } from '../../lib/form-field.tsx'
import { FormModal, openModal } from '../../lib/form-modal.tsx'
import { formatBRL } from '../../lib/money.ts'
import { useDebouncedValue } from '../search/use-debounced-value.ts'
import { adminQuery, send, withQuery } from './admin-api.ts'
import { ImagesManager } from './images-manager.tsx'
import { MoneyField } from './money-field.tsx'
import {
  Badge,
  CheckboxField,
  DataTable,
  EmptyRow,
  Pagination,
  QueryState,
  SearchInput,
  TD,
  TextAreaField,
  TH,
  usePage,
} from './ui.tsx'
import { useModalSave } from './use-modal-save.ts'

const MODAL_ID = 'admin-produto'
type Values = { name: string; description: string; price: number | null; is_published: boolean }

function ProductModal({ product }: { product: AdminProduct | null }) {
  const save = useModalSave(MODAL_ID)
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<Values>({ resolver: zodResolver(ProductInput) as never })
  useEffect(
    () =>
      reset(
        product
          ? {
              name: product.name,
              description: product.description,
              price: product.price,
              is_published: product.is_published,
            }
          : { name: '', description: '', price: null, is_published: true },
      ),
    [product, reset],
  )
  const submit = (mode: 'store' | 'update') =>
    handleSubmit((values) =>
      save(
        mode,
        () =>
          product
            ? send('PUT', `/api/admin/produtos/${product.id}`, { ...values, version: product.version })
            : send('POST', '/api/admin/produtos', values),
        { success: 'Produto salvo com sucesso!', setError },
      ),
    )()
  return (
    <FormModal
      id={MODAL_ID}
      title={product ? `Editar produto: ${product.name}` : 'Novo produto'}
      onStore={() => void submit('store')}
      onUpdate={() => void submit('update')}
    >
      <div className="space-y-4">
        <TextField label="Nome do produto" error={errors.name?.message} {...register('name')} />
        <TextAreaField label="Descrição" error={errors.description?.message} {...register('description')} />
        <MoneyField control={control} name="price" label="Preço" error={errors.price?.message} />
        <CheckboxField label="Publicado no site" {...register('is_published')} />
      </div>
    </FormModal>
  )
}

/** Products (/admin/course, tab Produtos): price, publication and slider images. */
export function ProductsPanel() {
  const [text, setText] = useState('')
  const q = useDebouncedValue(text.trim(), 400)
  const [editing, setEditing] = useState<AdminProduct | null>(null)
  const [imagesOf, setImagesOf] = useState<number | null>(null)
  const [page, setPage] = usePage(q)
  const query = useQuery({
    ...adminQuery(
      ['products', { q, page }],
      withQuery('/api/admin/produtos', { q, page, per_page: 20 }),
      AdminProductPage,
    ),
    placeholderData: keepPreviousData,
  })
  return (
    <div>
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <SearchInput label="Pesquisar produtos" value={text} onChange={setText} />
        <button
          type="button"
          className="btn btn-primary ml-auto"
          onClick={() => {
            setEditing(null)
            openModal(MODAL_ID, 'store')
          }}
        >
          <Icon drawing={Plus} className="size-4" />
          Novo produto
        </button>
      </div>
      <QueryState query={query}>
        {(data) => {
          const withImages = data.items.find((row) => row.id === imagesOf)
          return (
            <>
              <DataTable label="Produtos">
                <thead>
                  <tr>
                    <th scope="col" className={TH}>
                      Produto
                    </th>
                    <th scope="col" className={TH}>
                      Preço
                    </th>
                    <th scope="col" className={TH}>
                      Situação
                    </th>
                    <th scope="col" className={TH}>
                      Ações
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.items.length === 0 ? (
                    <EmptyRow columns={4}>Nenhum produto encontrado.</EmptyRow>
                  ) : (
                    data.items.map((row) => (
                      <tr key={row.id}>
                        <td className={TD}>{row.name}</td>
                        <td className={`${TD} whitespace-nowrap`}>{formatBRL(row.price)}</td>
                        <td className={TD}>
                          {row.is_published ? (
                            <Badge tone="green">publicado</Badge>
                          ) : (
                            <Badge>não publicado</Badge>
                          )}
                        </td>
                        <td className={TD}>
                          <div className="flex flex-wrap gap-2">
                            <button
                              type="button"
                              className="btn btn-outline"
                              onClick={() => {
                                setEditing(row)
                                openModal(MODAL_ID, 'update')
                              }}
                            >
                              Editar<span className="sr-only"> {row.name}</span>
                            </button>
                            <button
                              type="button"
                              className="btn btn-outline"
                              onClick={() => setImagesOf(row.id)}
                            >
                              Imagens<span className="sr-only"> de {row.name}</span>
                            </button>
                          </div>
                        </td>
                      </tr>
                    ))
                  )}
                </tbody>
              </DataTable>
              <Pagination page={page} perPage={20} total={data.total} onPage={setPage} label="produtos" />
              {withImages ? (
                <div className="mt-6 rounded-2xl border border-slate-200 p-4">
                  <ImagesManager
                    base={`/api/admin/produtos/${withImages.id}`}
                    images={withImages.images}
                    name={withImages.name}
                  />
                </div>
              ) : null}
            </>
          )
        }}
      </QueryState>
      <ProductModal product={editing} />
    </div>
  )
}
