import { z } from 'zod'
import { CLASS_TYPES, COURSE_SECTIONS, EBOOK_ACCESS, STUDENT_DISCOUNTS } from '../domain/catalog.ts'
import { FEE_KINDS } from '../domain/editais.ts'
import { SLUG_PATTERN } from '../domain/patterns.ts'
import { PLAN_PAYMENT_METHODS } from '../domain/payments.ts'
import { Cents } from './money.ts'

export const SliderImage = z.tuple([z.string(), z.string()])

export const CourseSection = z.enum(COURSE_SECTIONS)
export type CourseSection = z.infer<typeof CourseSection>

/** A class (turma) as SPEC section 3 names its fields; money in centavos. */
export const Turma = z.object({
  id: z.number().int(),
  course_id: z.number().int(),
  name: z.string(),
  price: Cents,
  student_price: Cents.nullable(),
  /** 'A': the student price applies with a student document. */
  student_discount: z.enum(STUDENT_DISCOUNTS),
  boleto: z.boolean(),
  instalment_times: z.number().int().min(1).max(12),
  /** 'N': dated, with course_init; otherwise shown as 'comece agora'. */
  type: z.enum(CLASS_TYPES),
  course_init: z.string().nullable(),
  location: z.string().nullable(),
  open: z.boolean(),
  course: z.object({ name: z.string(), url: z.string(), slider: z.array(SliderImage) }),
})
export type Turma = z.infer<typeof Turma>

/**
 * GET /api/cursos/{url}/vagas: the seats left of a course's classes that have a limit, and of the
 * classes of the bundles that hold one of them, read live (they change with every sale, so they
 * stay out of the catalogue's snapshots and shared renders).
 */
export const CourseSeats = z.array(z.object({ id: z.number().int(), seats_left: z.number().int().min(0) }))
export type CourseSeats = z.infer<typeof CourseSeats>

export const CourseSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  section: CourseSection,
  summary: z.string(),
  workload_hours: z.number().int().nullable(),
  slider: z.array(SliderImage),
  /** The lowest price among its open classes; null when none is open. */
  price_from: Cents.nullable(),
})
export type CourseSummary = z.infer<typeof CourseSummary>
export const CourseList = z.array(CourseSummary)

/**
 * A bundle (pacote) holding a class of the course, as the course page offers it: only bundles the
 * cart would take (published, every class open). Seats are not here: the page reads them live
 * from GET /api/cursos/{url}/vagas, which covers the bundles' classes too (decision 011).
 */
export const CourseBundle = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** The sum of its classes' list prices (as SPEC section 3's Pacote). */
  valor_total: Cents,
  /** What the bundle costs: valor_total − economia. */
  valor_descontado: Cents,
  /** The saving: the bundle's discount. */
  economia: Cents,
  instalment_times: z.number().int().min(1).max(12),
  /** Every class of the bundle allows boleto (the cart's rule). */
  boleto: z.boolean(),
  ids_turma: z.array(z.number().int()),
  /** What it includes, in the bundle's order: each course with the class that comes with it. */
  courses: z.array(z.object({ name: z.string(), turma: z.string() })),
})
export type CourseBundle = z.infer<typeof CourseBundle>

export const CourseDetail = CourseSummary.extend({
  description: z.string(),
  turmas: z.array(Turma),
  pacotes: z.array(CourseBundle),
})
export type CourseDetail = z.infer<typeof CourseDetail>

export const Product = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  price: Cents,
  slider: z.array(SliderImage),
})
export type Product = z.infer<typeof Product>
export const ProductList = z.array(Product)

export const Ebook = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  cover: z.string().nullable(),
  pages: z.number().int().nullable(),
  /** 'free': download without purchase; 'purchase': comes with the course. */
  access: z.enum(EBOOK_ACCESS),
  course: z.object({ name: z.string(), url: z.string() }).nullable(),
})
export type Ebook = z.infer<typeof Ebook>
export const EbookList = z.array(Ebook)

export const SearchResult = z.object({ name: z.string(), url: z.string() })
export type SearchResult = z.infer<typeof SearchResult>
export const SearchResults = z.array(SearchResult)
export type SearchResults = z.infer<typeof SearchResults>

/**
 * The box's text, required; empty (`?search=`) is a search too, answered with no results (the box
 * clears its list when emptied, SPEC 4): the document says so (`allowEmptyValue`).
 */
export const SearchQuery = z
  .object({
    search: z
      .string({ error: 'Informe o texto da pesquisa.' })
      .max(100, { error: 'A pesquisa pode ter no máximo 100 caracteres.' })
      .meta({ param: { allowEmptyValue: true } }),
  })
  .strict()

export const Page = z.object({
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  /** Simple markdown: headings (##), paragraphs, lists and links. */
  body: z.string(),
})
export type Page = z.infer<typeof Page>

export const Proceeding = z.object({
  id: z.number().int(),
  title: z.string(),
  year: z.number().int(),
  description: z.string(),
  file_url: z.string(),
})
export const ProceedingList = z.array(Proceeding)

export const FeePlan = z.object({
  id: z.number().int(),
  /** The registration fee, or a monthly fee (paid once the application is approved). */
  kind: z.enum(FEE_KINDS),
  name: z.string(),
  /** The due day (YYYY-MM-DD), if it has one. */
  due_on: z.string().nullable(),
  amount: Cents,
  payment_methods: z.array(z.enum(PLAN_PAYMENT_METHODS)),
  instalment_times: z.number().int(),
})
export type FeePlan = z.infer<typeof FeePlan>

export const Edital = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  body: z.string(),
  is_open: z.boolean(),
  opens_at: z.string().nullable(),
  closes_at: z.string().nullable(),
  /** How many places the call offers; null: not limited. */
  places: z.number().int().nullable(),
  /** The call's PDF, when it has one. */
  pdf_url: z.string().nullable(),
  plans: z.array(FeePlan),
})
export type Edital = z.infer<typeof Edital>

/** A course's address in a path (`/api/cursos/{url}`): lowercase words joined by hyphens. */
export const CourseUrl = z.string().max(160).regex(SLUG_PATTERN, { error: 'Endereço de curso inválido.' })
