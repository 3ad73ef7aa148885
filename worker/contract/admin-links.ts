import { z } from 'zod'
import { SHORT_CODE_MAX, SHORT_CODE_MIN, SHORT_CODE_PATTERN } from '../domain/short-links.ts'
import { CalendarDay, paginated, SearchedPageQuery, Version } from './admin.ts'

// Short links /l/{code} and their QR codes (/admin/qrcode).

export const SHORT_LINK_MESSAGES = {
  codeTaken: 'Já existe um link com este código.',
  notFound: 'Link não encontrado.',
} as const

export const ShortCode = z
  .string()
  .trim()
  .min(SHORT_CODE_MIN, { error: `O código deve ter ao menos ${SHORT_CODE_MIN} caracteres.` })
  .max(SHORT_CODE_MAX, { error: `No máximo ${SHORT_CODE_MAX} caracteres.` })
  .regex(SHORT_CODE_PATTERN, { error: 'Use só letras minúsculas sem acento, números e hífens.' })

const Title = z
  .string({ error: 'Informe o título do link.' })
  .trim()
  .min(2, { error: 'Informe o título do link.' })
  .max(160)
/** Checked by the service against the site's origin and the allowed outside hosts. */
const Target = z.string({ error: 'Informe o destino do link.' }).trim().max(2000)

export const ShortLinkInput = z
  .object({
    title: Title,
    /** Made from the title when absent. It never changes afterwards: printed codes keep working. */
    code: ShortCode.nullable().default(null),
    target_url: Target,
  })
  .strict()
export type ShortLinkInput = z.input<typeof ShortLinkInput>

export const ShortLinkUpdateInput = z
  .object({ title: Title, target_url: Target, is_enabled: z.boolean(), version: Version })
  .strict()
export type ShortLinkUpdateInput = z.input<typeof ShortLinkUpdateInput>

export const AdminShortLink = z.object({
  id: z.number().int(),
  code: z.string(),
  title: z.string(),
  target_url: z.string(),
  /** The address the QR code holds: {PUBLIC_ORIGIN}/l/{code}. */
  short_url: z.string(),
  clicks: z.number().int(),
  is_enabled: z.boolean(),
  created_at: z.string(),
  version: z.number().int(),
})
export type AdminShortLink = z.infer<typeof AdminShortLink>
export const AdminShortLinkPage = paginated(AdminShortLink)
export type AdminShortLinkPage = z.infer<typeof AdminShortLinkPage>

export const ShortLinksQuery = z.object(SearchedPageQuery).strict()

export const ClicksQuery = z.object({ from: CalendarDay.optional(), to: CalendarDay.optional() }).strict()

export const ShortLinkClicks = z.object({
  link_id: z.number().int(),
  /** Every click ever counted (pending ones included). */
  total: z.number().int(),
  from: z.string(),
  to: z.string(),
  /** Every day of the period, zero included. */
  days: z.array(z.object({ day: z.string(), clicks: z.number().int() })),
})
export type ShortLinkClicks = z.infer<typeof ShortLinkClicks>
