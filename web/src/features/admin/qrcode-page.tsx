import { useQuery } from '@tanstack/react-query'
import { FileDown } from 'lucide'
import QRCode from 'qrcode'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useWatch } from 'react-hook-form'
import { z } from 'zod'
import {
  type AdminShortLink,
  AdminShortLinkPage,
  ShortLinkClicks,
  ShortLinkInput,
  ShortLinkUpdateInput,
} from '../../../../worker/contract/admin-links.ts'
import { ALLOWED_OUTSIDE_HOSTS, withUtm } from '../../../../worker/domain/short-links.ts'
import { Icon } from '../../components/icons.tsx'
import { saveFile } from '../../lib/save-file.ts'
import { toastError } from '../../lib/toast.ts'
import { adminQuery, formSchema, send, useAdminAction, useAdminList } from './admin-api.ts'
import { BarChart } from './bar-chart.tsx'
import { SearchInput } from './fields.tsx'
import { type FormDescription, FormFields, ResourceForm } from './form-fields.tsx'
import { formatDay } from './format.ts'
import { AdminPage, QueryState } from './page.tsx'
import { type ModalFormOf, useEditor } from './resource-form.ts'
import { ResourceList } from './resource-list.tsx'
import { Badge } from './table.tsx'
import { NewButton, useFilters } from './toolbar.tsx'

const MODAL_ID = 'admin-link'

type Values = {
  title: string
  code: string
  target_url: string
  is_enabled: boolean
  utm_source: string
  utm_medium: string
  utm_campaign: string
  utm_content: string
}

const utmOf = (values: Pick<Values, 'utm_source' | 'utm_medium' | 'utm_campaign' | 'utm_content'>) => ({
  source: values.utm_source,
  medium: values.utm_medium,
  campaign: values.utm_campaign,
  content: values.utm_content,
})

/** The destination with the UTM builder's parameters (what the link will open). */
function finalTarget(values: Values): string {
  try {
    return values.target_url.trim() ? withUtm(values.target_url.trim(), utmOf(values)) : ''
  } catch {
    return values.target_url
  }
}

const CreateForm = formSchema(
  z
    .object({ title: z.string(), code: z.string(), target_url: z.string() })
    .passthrough()
    .transform((values) => ({
      title: values.title,
      code: values.code.trim() || null,
      target_url: finalTarget(values as unknown as Values),
    })),
  ShortLinkInput,
)
const UpdateForm = z
  .object({ title: z.string(), target_url: z.string(), is_enabled: z.boolean() })
  .passthrough()
  .transform((values) => ({
    title: values.title,
    target_url: finalTarget(values as unknown as Values),
    is_enabled: values.is_enabled,
  }))
  .pipe(ShortLinkUpdateInput.omit({ version: true }))

const valuesOf = (link: AdminShortLink | null): Values => ({
  title: link?.title ?? '',
  code: link?.code ?? '',
  target_url: link?.target_url ?? '',
  is_enabled: link?.is_enabled ?? true,
  utm_source: '',
  utm_medium: '',
  utm_campaign: '',
  utm_content: '',
})

/** The UTM builder's four parameters and, as they are typed, the address the link will open. */
function UtmFields({ form }: { form: ModalFormOf<Values> }) {
  const preview = finalTarget(useWatch({ control: form.control }) as Values)
  return (
    <fieldset className="rounded-lg border border-slate-200 p-3">
      <legend className="px-1 font-medium text-slate-800 text-sm">Parâmetros UTM (opcional)</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormFields
          form={form}
          fields={[
            {
              name: 'utm_source',
              label: 'utm_source (origem)',
              input: { placeholder: 'folder', autoComplete: 'off' },
            },
            {
              name: 'utm_medium',
              label: 'utm_medium (meio)',
              input: { placeholder: 'qrcode', autoComplete: 'off' },
            },
            {
              name: 'utm_campaign',
              label: 'utm_campaign (campanha)',
              input: { placeholder: 'congresso-2027', autoComplete: 'off' },
            },
            { name: 'utm_content', label: 'utm_content (conteúdo)', input: { autoComplete: 'off' } },
          ]}
        />
      </div>
      <p className="mt-2 break-all text-slate-700 text-sm" aria-live="polite">
        Abre: <span className="font-mono">{preview || '—'}</span>
      </p>
    </fieldset>
  )
}

/** A short link's form: a new one chooses its code; an edited one keeps it and can be turned off. */
const linkForm = (link: AdminShortLink | null): FormDescription<Values, AdminShortLink> => ({
  modalId: MODAL_ID,
  schema: link ? UpdateForm : CreateForm,
  valuesOf,
  path: '/api/admin/qrcodes',
  success: 'Link salvo com sucesso!',
  title: (item) => (item ? `Editar link /l/${item.code}` : 'Novo link curto'),
  fields: [
    { name: 'title', label: 'Título', hint: 'Para você encontrar o link (ex.: folder do congresso).' },
    ...(link
      ? []
      : [
          {
            name: 'code',
            label: 'Código',
            hint: 'O fim do endereço: /l/{código}. Vazio: feito do título. Não muda depois de criado.',
            input: { autoComplete: 'off' },
          } as const,
        ]),
    {
      name: 'target_url',
      label: 'Destino',
      hint: `Uma página do site (/cursos/…) ou um endereço https:// de: ${ALLOWED_OUTSIDE_HOSTS.join(', ')}.`,
      input: { autoComplete: 'off' },
    },
    { kind: 'part', key: 'utm', render: (form) => <UtmFields form={form} /> },
    ...(link
      ? [
          {
            kind: 'checkbox',
            name: 'is_enabled',
            label: 'Link ativo',
            hint: 'Desativado, o link e o QR code levam a uma página de aviso.',
          } as const,
        ]
      : []),
  ],
})

/** The link's QR code drawn as SVG from its modules, its files to download, and its clicks per day. */
function LinkPanel({ link, onClose }: { link: AdminShortLink; onClose: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])
  const qr = useMemo(() => QRCode.create(link.short_url, { errorCorrectionLevel: 'M' }), [link.short_url])
  const size = qr.modules.size
  const path = useMemo(() => {
    const parts: string[] = []
    for (let y = 0; y < size; y += 1)
      for (let x = 0; x < size; x += 1) if (qr.modules.get(x, y)) parts.push(`M${x + 4} ${y + 4}h1v1h-1z`)
    return parts.join('')
  }, [qr, size])
  const clicks = useQuery(
    adminQuery(['link-clicks', link.id], `/api/admin/qrcodes/${link.id}/cliques`, ShortLinkClicks),
  )

  async function downloadSvg() {
    const svg = await QRCode.toString(link.short_url, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 })
    saveFile(new Blob([svg], { type: 'image/svg+xml' }), `qrcode-${link.code}.svg`)
  }
  async function downloadPng() {
    const canvas = await QRCode.toCanvas(link.short_url, {
      errorCorrectionLevel: 'M',
      margin: 4,
      width: 1024,
    })
    canvas.toBlob((blob) => {
      if (blob) saveFile(blob, `qrcode-${link.code}.png`)
      else void toastError(null, 'Não foi possível gerar o PNG.')
    }, 'image/png')
  }

  return (
    <section
      aria-labelledby="link-detalhe"
      className="mt-8 rounded-2xl border border-teal-200 bg-teal-50/40 p-4 md:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="link-detalhe" ref={heading} tabIndex={-1} className="font-bold text-2xl text-slate-900">
            {link.title}
          </h2>
          <p className="break-all font-mono text-slate-700 text-sm">{link.short_url}</p>
        </div>
        <button type="button" className="btn btn-outline" onClick={onClose}>
          Fechar
        </button>
      </div>
      <div className="mt-4 grid gap-6 md:grid-cols-[16rem_1fr]">
        <div>
          <svg
            viewBox={`0 0 ${size + 8} ${size + 8}`}
            role="img"
            aria-label={`QR code de ${link.short_url}`}
            className="w-full max-w-64 rounded-lg bg-white"
            shapeRendering="crispEdges"
          >
            <rect width={size + 8} height={size + 8} fill="#fff" />
            <path d={path} fill="#000" />
          </svg>
          <div className="mt-3 flex flex-wrap gap-2">
            <button type="button" className="btn btn-outline" onClick={() => void downloadSvg()}>
              <Icon drawing={FileDown} className="size-4" />
              Baixar SVG
            </button>
            <button type="button" className="btn btn-outline" onClick={() => void downloadPng()}>
              <Icon drawing={FileDown} className="size-4" />
              Baixar PNG
            </button>
          </div>
        </div>
        <div>
          <h3 className="font-semibold text-lg text-slate-900">Cliques por dia</h3>
          <QueryState query={clicks}>
            {(data) => (
              <>
                <p className="text-slate-700">
                  {data.total} {data.total === 1 ? 'clique' : 'cliques'} desde a criação.
                </p>
                <BarChart
                  caption={`Cliques por dia, de ${formatDay(data.from)} a ${formatDay(data.to)}`}
                  height={120}
                  bars={data.days.map((day) => ({
                    label: formatDay(day.day).slice(0, 5),
                    title: formatDay(day.day),
                    value: day.clicks,
                  }))}
                />
              </>
            )}
          </QueryState>
        </div>
      </div>
    </section>
  )
}

/** /admin/qrcode: short links /l/{code} with UTM, their QR codes (SVG, PNG) and clicks per day. */
export default function QrcodePage() {
  const { filters, set, params } = useFilters({ q: '' })
  const { editing, create, edit } = useEditor<AdminShortLink>(MODAL_ID)
  const [selected, setSelected] = useState<number | null>(null)
  const act = useAdminAction()
  const list = useAdminList('links', '/api/admin/qrcodes', params, AdminShortLinkPage)

  const toggle = (link: AdminShortLink) =>
    act(
      () =>
        send('PUT', `/api/admin/qrcodes/${link.id}`, {
          title: link.title,
          target_url: link.target_url,
          is_enabled: !link.is_enabled,
          version: link.version,
        }),
      { success: link.is_enabled ? 'Link desativado.' : 'Link reativado.', confirmFirst: link.is_enabled },
    )

  return (
    <AdminPage
      title="Qrcode/Link"
      description="Links curtos para divulgação, com QR code para imprimir e cliques contados por dia."
      actions={<NewButton label="Novo link" className="btn btn-primary" onClick={create} />}
    >
      <div className="mb-4">
        <SearchInput
          label="Pesquisar links"
          value={filters.q}
          onChange={set('q')}
          placeholder="Título ou código"
        />
      </div>
      <ResourceList
        list={list}
        description={{
          label: 'Links curtos',
          empty: 'Nenhum link ainda.',
          pagesOf: 'links',
          columns: [
            {
              header: 'Link',
              cell: (link) => (
                <>
                  <p className="font-medium">{link.title}</p>
                  <p className="font-mono text-slate-600 text-xs">/l/{link.code}</p>
                </>
              ),
            },
            { header: 'Destino', className: 'max-w-xs break-all text-xs', cell: (link) => link.target_url },
            { header: 'Cliques', cell: (link) => link.clicks },
            {
              header: 'Situação',
              cell: (link) =>
                link.is_enabled ? <Badge tone="green">ativo</Badge> : <Badge>desativado</Badge>,
            },
          ],
          actions: (link) => [
            { label: 'QR code e cliques', of: `de ${link.title}`, onClick: () => setSelected(link.id) },
            { label: 'Editar', of: link.title, onClick: () => edit(link) },
            {
              label: link.is_enabled ? 'Desativar' : 'Reativar',
              of: link.title,
              onClick: () => void toggle(link),
            },
          ],
        }}
        below={(items) => {
          const current = items.find((link) => link.id === selected)
          return current ? (
            <LinkPanel key={current.id} link={current} onClose={() => setSelected(null)} />
          ) : null
        }}
      />
      <ResourceForm description={linkForm(editing)} item={editing} />
    </AdminPage>
  )
}
