import { z } from 'zod'
import { isCalendarDay } from '../domain/dashboard.ts'
import { SLUG_PATTERN } from '../domain/patterns.ts'

// What every admin screen shares: ids, the version an edit sends back, pages of a list, periods.

/** A path or query id: the URL carries text. */
export const IdParam = z.coerce
  .number({ error: 'Informe um número.' })
  .int({ error: 'Informe um número inteiro.' })
  .positive({ error: 'Informe um número positivo.' })
  .max(Number.MAX_SAFE_INTEGER)

/** An id inside a JSON body. */
export const Id = z
  .number({ error: 'Informe um número.' })
  .int({ error: 'Informe um número inteiro.' })
  .positive({ error: 'Informe um número positivo.' })
  .max(Number.MAX_SAFE_INTEGER)

/** An optional id a list's query filters by (or leaves out). */
export const IdFilter = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional()

/** What the form read: a save made on an older version answers 409 (someone saved first). */
export const Version = z
  .number({ error: 'Versão do registro ausente: recarregue a página.' })
  .int()
  .min(1)
  .max(Number.MAX_SAFE_INTEGER)

export const STALE_EDIT_MESSAGE =
  'Outra pessoa alterou este registro enquanto você editava. Recarregue a página para ver a versão atual e refaça a alteração.'

/** Money typed by an administrator, in centavos. */
export const MoneyInput = z
  .number({ error: 'Informe o valor.' })
  .int({ error: 'Valor inválido.' })
  .nonnegative({ error: 'O valor não pode ser negativo.' })
  .max(100_000_000, { error: 'Valor acima do permitido (R$ 1.000.000,00).' })

/** A name an administrator types: trimmed, 2 to `max` characters. */
export const Name = (what: string, max = 160) =>
  z
    .string({ error: `Informe ${what}.` })
    .trim()
    .min(2, { error: `Informe ${what}.` })
    .max(max, { error: `No máximo ${max} caracteres.` })

/** The address an admin gives a page (`what`: 'o endereço do curso'), shown with an example. */
export const Slug = (what: string, example: string) =>
  z
    .string({ error: `Informe ${what}.` })
    .trim()
    .min(3, { error: 'O endereço deve ter ao menos 3 caracteres.' })
    .max(160, { error: 'No máximo 160 caracteres.' })
    .regex(SLUG_PATTERN, {
      error: `Use só letras minúsculas sem acento, números e hífens (ex.: ${example}).`,
    })

/** Why an administrator acts (revokes, records a refund made elsewhere, accepts a shortfall), for the audit log. */
export const Reason = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(3, { error: message })
    .max(500, { error: 'No máximo 500 caracteres.' })

/** A free text of up to `max` characters (empty by default). */
export const LongText = (max: number) =>
  z
    .string()
    .max(max, { error: `No máximo ${max} caracteres.` })
    .default('')

export const CalendarDay = z
  .string({ error: 'Informe a data.' })
  .refine(isCalendarDay, { error: 'Data inválida (use AAAA-MM-DD).' })

export const PAGE_SIZE_MAX = 100

/** ?page=&per_page= of every admin list. */
export const PageQuery = {
  page: z.coerce
    .number({ error: 'Página inválida.' })
    .int({ error: 'Página inválida.' })
    .min(1, { error: 'Página inválida.' })
    .max(100_000)
    .default(1),
  per_page: z.coerce
    .number({ error: 'Tamanho de página inválido.' })
    .int({ error: 'Tamanho de página inválido.' })
    .min(1, { error: 'Tamanho de página inválido.' })
    .max(PAGE_SIZE_MAX, { error: `No máximo ${PAGE_SIZE_MAX} por página.` })
    .default(20),
}

/** A free-text search of a list. */
export const SearchText = z
  .string()
  .trim()
  .max(100, { error: 'A pesquisa pode ter no máximo 100 caracteres.' })

/** ?page=&per_page=&q= of a list searched by free text. */
export const SearchedPageQuery = { ...PageQuery, q: SearchText.optional() }

/** The query of a list's CSV export: the list's filters, without its page (every row). */
export function exportQueryOf<Shape extends typeof PageQuery>(query: z.ZodObject<Shape>) {
  const { page, per_page, ...filters } = query.shape
  return z.object(filters).strict()
}

export function paginated<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    page: z.number().int(),
    per_page: z.number().int(),
    /** Every row matching the filters, over all pages. */
    total: z.number().int(),
  })
}
export type Paginated<T> = { items: T[]; page: number; per_page: number; total: number }

/** A row another answer names: its id and name (a course, a class). */
export const NamedRow = z.object({ id: z.number().int(), name: z.string() })
/** A person another answer names (a student, the administrator who acted): id, name, e-mail. */
export const PersonRow = z.object({ id: z.number().int(), name: z.string(), email: z.string() })

/**
 * ?page=&per_page=&from=&to=&q= of a list searched by free text within a period: both ends
 * inclusive, calendar days in Curitiba.
 */
export const SearchedPeriodPageQuery = {
  ...PageQuery,
  from: CalendarDay.optional(),
  to: CalendarDay.optional(),
  q: SearchText.optional(),
}
export const PERIOD_ORDER_MESSAGE = 'A data final deve ser igual ou posterior à inicial.'

/** A reordering of a parent's children (modules, lessons, questions): every child's id once, in the new order. */
export const OrderInput = z.object({ ids: z.array(Id).min(1).max(500) }).strict()

/** A line of the audit log: who did what, when, from where, and what changed (before → after). */
export const AuditEntry = z.object({
  id: z.number().int(),
  action: z.string(),
  /** What it means in pt-BR ('Curso criado'). */
  label: z.string(),
  entity: z.string(),
  /** `entity` in pt-BR, for the screens. */
  entity_label: z.string(),
  entity_id: z.string().nullable(),
  actor: PersonRow.nullable(),
  ip: z.string().nullable(),
  data: z.record(z.string(), z.unknown()).nullable(),
  created_at: z.string(),
})
export type AuditEntry = z.infer<typeof AuditEntry>
export const AuditPage = paginated(AuditEntry)
export type AuditPage = z.infer<typeof AuditPage>

export const AuditQuery = z
  .object({
    ...PageQuery,
    entity: z
      .string()
      .regex(/^[a-z_]{1,40}$/, { error: 'Entidade inválida.' })
      .optional(),
    entity_id: z.string().max(80).optional(),
  })
  .strict()
