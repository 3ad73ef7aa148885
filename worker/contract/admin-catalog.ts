import { z } from 'zod'
import { CLASS_TYPES, COURSE_SECTIONS, DISCOUNT_TYPES, STUDENT_DISCOUNTS } from '../domain/catalog.ts'
import {
  Id,
  IdFilter,
  LongText,
  MoneyInput,
  Name,
  NamedRow,
  PageQuery,
  paginated,
  SearchedPageQuery,
  SearchText,
  Slug,
  Version,
} from './admin.ts'
import { CourseCertificateFields } from './admin-certificates.ts'
import { SliderImage } from './catalog.ts'
import { Cents } from './money.ts'

// The catalogue as /admin/course and /admin/turmas edit it: courses (with their slider images,
// e-books, modules and lessons), classes, products, bundles and coupons.

export const ADMIN_CATALOG_MESSAGES = {
  urlTaken: 'Este endereço já é de outro curso. Escolha outro.',
  keyTaken: 'Já existe um cupom com este código.',
  classInUse:
    'Esta turma tem matrículas ou pedidos: ela não pode ser excluída, apenas fechada para novas inscrições.',
  couponUsed: 'Este cupom já foi usado: ele não pode ser excluído, apenas desativado.',
  seatsBelowTaken: (taken: number, held: number) =>
    `Esta turma já tem ${taken + held} ${taken + held === 1 ? 'vaga ocupada' : 'vagas ocupadas'} (${taken} ${taken === 1 ? 'vendida ou matriculada' : 'vendidas ou matriculadas'}, ${held} ${held === 1 ? 'reservada' : 'reservadas'} por pagamento pendente): informe ${taken + held} ou mais.`,
  imagesChanged: 'As imagens mudaram enquanto você editava. Recarregue a página e tente de novo.',
  orderChanged: 'A lista mudou enquanto você editava. Recarregue a página e tente de novo.',
  courseNotFound: 'Curso não encontrado.',
  classNotFound: 'Turma não encontrada.',
  productNotFound: 'Produto não encontrado.',
  bundleNotFound: 'Pacote não encontrado.',
  couponNotFound: 'Cupom não encontrado.',
  moduleNotFound: 'Módulo não encontrado.',
  lessonNotFound: 'Aula não encontrada.',
  ebookNotFound: 'E-book não encontrado.',
} as const

export const COURSE_SECTION_LABELS: Record<(typeof COURSE_SECTIONS)[number], string> = {
  online: 'Online',
  presencial: 'Presencial',
  'nefrologia-intervencionista': 'Nefrologia intervencionista',
}

export const CourseUrl = Slug('o endereço do curso', 'hemodialise-para-enfermagem')

/** An uploaded or shipped slider image, with the address it is served at. */
export const AdminImage = z.object({ image: SliderImage, url: z.string() })
export type AdminImage = z.infer<typeof AdminImage>

export const ImageUploadForm = z.object({
  image: z.unknown().optional(),
})

/** Reorders or removes slider images: `images` must be `expected` reordered, less what goes. */
export const ImagesInput = z
  .object({
    expected: z.array(SliderImage).max(30),
    images: z.array(SliderImage).max(30),
  })
  .strict()
export type ImagesInput = z.infer<typeof ImagesInput>

// ── Courses ───────────────────────────────────────────────────────────────────

export const CourseInput = z
  .object({
    name: Name('o nome do curso'),
    url: CourseUrl,
    section: z.enum(COURSE_SECTIONS, { error: 'Escolha a seção do curso.' }),
    /** The description's title: the short text under the name in lists and at the top of the page. */
    summary: LongText(300),
    /** The description's text (simple markdown: ## headings, lists, links). */
    description: LongText(20_000),
    workload_hours: z
      .number({ error: 'Carga horária inválida.' })
      .int()
      .min(1, { error: 'Carga horária inválida.' })
      .max(5000)
      .nullable()
      .default(null),
    sort_order: z.number().int().min(0).max(100_000).default(0),
    is_published: z.boolean().default(true),
    /** E-books the course grants its students. */
    ebook_ids: z.array(Id).max(100).default([]),
    /** The certificate: lessons required, signatory, text (issue 24). */
    ...CourseCertificateFields,
  })
  .strict()
export type CourseInput = z.input<typeof CourseInput>

export const CourseUpdateInput = CourseInput.extend({ version: Version }).strict()
export type CourseUpdateInput = z.input<typeof CourseUpdateInput>

export const PublishInput = z.object({ is_published: z.boolean(), version: Version }).strict()

export const AdminCourseRow = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  section: z.enum(COURSE_SECTIONS),
  summary: z.string(),
  is_published: z.boolean(),
  image: z.string().nullable(),
  classes: z.number().int(),
  open_classes: z.number().int(),
  version: z.number().int(),
})
export type AdminCourseRow = z.infer<typeof AdminCourseRow>
export const AdminCoursePage = paginated(AdminCourseRow)
export type AdminCoursePage = z.infer<typeof AdminCoursePage>

export const AdminCoursesQuery = z
  .object({ ...SearchedPageQuery, section: z.enum(COURSE_SECTIONS, { error: 'Seção inválida.' }).optional() })
  .strict()

export const AdminLesson = z.object({
  id: z.number().int(),
  module_id: z.number().int(),
  title: z.string(),
  youtube_id: z.string().nullable(),
  duration_seconds: z.number().int().nullable(),
  body: z.string(),
  sort_order: z.number().int(),
  version: z.number().int(),
})
export type AdminLesson = z.infer<typeof AdminLesson>

export const AdminModule = z.object({
  id: z.number().int(),
  course_id: z.number().int(),
  title: z.string(),
  sort_order: z.number().int(),
  version: z.number().int(),
  lessons: z.array(AdminLesson),
})
export type AdminModule = z.infer<typeof AdminModule>

export const AdminCourse = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  section: z.enum(COURSE_SECTIONS),
  summary: z.string(),
  description: z.string(),
  workload_hours: z.number().int().nullable(),
  sort_order: z.number().int(),
  is_published: z.boolean(),
  version: z.number().int(),
  images: z.array(AdminImage),
  ebook_ids: z.array(z.number().int()),
  modules: z.array(AdminModule),
  certificate_share: z.number().int(),
  /** The share of each video's distinct seconds that makes its lesson done (issue 39). */
  watch_share: z.number().int(),
  signatory_name: z.string().nullable(),
  signatory_role: z.string().nullable(),
  certificate_template: z.string(),
  /** A signature picture was uploaded for the course's certificates. */
  has_signature: z.boolean(),
})
export type AdminCourse = z.infer<typeof AdminCourse>

export const UrlAvailabilityQuery = z
  .object({
    url: z.string().max(200),
    /** The course being edited keeps its own address. */
    except: IdFilter,
  })
  .strict()
export const UrlAvailability = z.object({
  url: z.string(),
  available: z.boolean(),
  message: z.string().nullable(),
})

// ── Modules and lessons ───────────────────────────────────────────────────────

export const ModuleInput = z.object({ title: Name('o título do módulo', 200) }).strict()
export const ModuleUpdateInput = ModuleInput.extend({ version: Version }).strict()

/** A YouTube video id, or its address (watch, youtu.be, embed, shorts): the id is kept. */
export const YoutubeId = z
  .string()
  .trim()
  .max(200)
  .transform((value) => {
    const match =
      /(?:youtu\.be\/|youtube(?:-nocookie)?\.com\/(?:watch\?(?:.*&)?v=|embed\/|shorts\/|live\/))([\w-]{11})/.exec(
        value,
      )
    return match ? match[1]! : value
  })
  .pipe(z.string().regex(/^([\w-]{11})?$/, { error: 'Informe o vídeo do YouTube (o endereço ou o código).' }))

export const LessonInput = z
  .object({
    title: Name('o título da aula', 200),
    youtube_id: YoutubeId.nullable().default(null),
    duration_seconds: z
      .number({ error: 'Duração inválida.' })
      .int()
      .min(1, { error: 'Duração inválida.' })
      .max(86_400)
      .nullable()
      .default(null),
    body: LongText(50_000),
  })
  .strict()
export type LessonInput = z.input<typeof LessonInput>
export const LessonUpdateInput = LessonInput.extend({ version: Version }).strict()
export type LessonUpdateInput = z.input<typeof LessonUpdateInput>

// ── Classes ───────────────────────────────────────────────────────────────────

export const CLASS_MESSAGES = {
  courseInitRequired: 'Informe a data de início de uma turma com data.',
  studentPriceRequired: 'Informe o preço de estudante quando o desconto de estudante se aplica.',
  studentPriceTooHigh: 'O preço de estudante não pode passar do preço da turma.',
  instalments: 'Parcelas: de 1 a 12.',
} as const

const ClassFields = z.object({
  course_id: Id,
  name: Name('o nome da turma'),
  type: z.enum(CLASS_TYPES, { error: 'Escolha o tipo da turma.' }),
  course_init: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Data de início inválida (use AAAA-MM-DD).' })
    .nullable()
    .default(null),
  location: z.string().trim().max(300).nullable().default(null),
  details: LongText(20_000),
  price: MoneyInput,
  student_price: MoneyInput.nullable().default(null),
  student_discount: z.enum(STUDENT_DISCOUNTS).default('N'),
  boleto: z.boolean().default(true),
  instalment_times: z
    .number({ error: CLASS_MESSAGES.instalments })
    .int({ error: CLASS_MESSAGES.instalments })
    .min(1, { error: CLASS_MESSAGES.instalments })
    .max(12, { error: CLASS_MESSAGES.instalments }),
  is_open: z.boolean().default(true),
  seats: z
    .number({ error: 'Vagas inválidas.' })
    .int()
    .min(1, { error: 'Vagas inválidas.' })
    .max(100_000)
    .nullable()
    .default(null),
})

function checkClass(value: z.output<typeof ClassFields>, ctx: z.RefinementCtx) {
  if (value.type === 'N' && !value.course_init) {
    ctx.addIssue({ code: 'custom', path: ['course_init'], message: CLASS_MESSAGES.courseInitRequired })
  }
  if (value.student_discount === 'A' && value.student_price === null) {
    ctx.addIssue({ code: 'custom', path: ['student_price'], message: CLASS_MESSAGES.studentPriceRequired })
  }
  if (value.student_price !== null && value.student_price > value.price) {
    ctx.addIssue({ code: 'custom', path: ['student_price'], message: CLASS_MESSAGES.studentPriceTooHigh })
  }
}

export const ClassInput = ClassFields.strict().superRefine(checkClass)
export type ClassInput = z.input<typeof ClassInput>
export const ClassUpdateInput = ClassFields.extend({ version: Version }).strict().superRefine(checkClass)
export type ClassUpdateInput = z.input<typeof ClassUpdateInput>

export const AdminClass = z.object({
  id: z.number().int(),
  course_id: z.number().int(),
  course_name: z.string(),
  name: z.string(),
  type: z.enum(CLASS_TYPES),
  course_init: z.string().nullable(),
  location: z.string().nullable(),
  details: z.string(),
  price: Cents,
  student_price: Cents.nullable(),
  student_discount: z.enum(STUDENT_DISCOUNTS),
  boleto: z.boolean(),
  instalment_times: z.number().int(),
  is_open: z.boolean(),
  seats: z.number().int().nullable(),
  /** Active enrollments (seats taken). */
  enrolled: z.number().int(),
  /** Orders that sold it: a class that has any can only be closed, never deleted. */
  orders: z.number().int(),
  /** Seats taken: paid orders and manual enrollments (decision 011). */
  seats_taken: z.number().int(),
  /** Seats held by pending orders (a boleto or PIX not yet paid). */
  seats_held: z.number().int(),
  /** Seats for sale; null without a limit, below 0 when a late payment (or a lowered limit) oversold it. */
  seats_free: z.number().int().nullable(),
  version: z.number().int(),
})
export type AdminClass = z.infer<typeof AdminClass>
export const AdminClassPage = paginated(AdminClass)
export type AdminClassPage = z.infer<typeof AdminClassPage>

export const AdminClassesQuery = z
  .object({
    ...PageQuery,
    course_id: IdFilter,
    q: SearchText.optional(),
  })
  .strict()

// ── Products ──────────────────────────────────────────────────────────────────

export const ProductInput = z
  .object({
    name: Name('o nome do produto'),
    description: LongText(5000),
    price: MoneyInput,
    is_published: z.boolean().default(true),
  })
  .strict()
export type ProductInput = z.input<typeof ProductInput>
export const ProductUpdateInput = ProductInput.extend({ version: Version }).strict()
export type ProductUpdateInput = z.input<typeof ProductUpdateInput>

export const AdminProduct = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  price: Cents,
  is_published: z.boolean(),
  images: z.array(AdminImage),
  version: z.number().int(),
})
export type AdminProduct = z.infer<typeof AdminProduct>
export const AdminProductPage = paginated(AdminProduct)
export type AdminProductPage = z.infer<typeof AdminProductPage>

export const AdminListQuery = z.object(SearchedPageQuery).strict()

// ── Bundles ───────────────────────────────────────────────────────────────────

export const DISCOUNT_MESSAGES = {
  percent: 'Percentual de desconto: de 1 a 100.',
  fixed: 'Informe o valor do desconto.',
} as const

const DiscountFields = {
  discount_type: z.enum(DISCOUNT_TYPES, { error: 'Escolha o tipo de desconto.' }),
  /** Percent (1–100) for 'P'; centavos for 'F'. */
  discount_value: z.number({ error: 'Informe o desconto.' }).int().min(1, { error: 'Informe o desconto.' }),
}

function checkDiscount(value: { discount_type: 'P' | 'F'; discount_value: number }, ctx: z.RefinementCtx) {
  if (value.discount_type === 'P' && value.discount_value > 100) {
    ctx.addIssue({ code: 'custom', path: ['discount_value'], message: DISCOUNT_MESSAGES.percent })
  }
  if (value.discount_type === 'F' && value.discount_value > 100_000_000) {
    ctx.addIssue({ code: 'custom', path: ['discount_value'], message: DISCOUNT_MESSAGES.fixed })
  }
}

const BundleFields = z.object({
  name: Name('o nome do pacote'),
  description: LongText(5000),
  ...DiscountFields,
  instalment_times: z
    .number({ error: CLASS_MESSAGES.instalments })
    .int()
    .min(1, { error: CLASS_MESSAGES.instalments })
    .max(12, { error: CLASS_MESSAGES.instalments }),
  is_published: z.boolean().default(true),
  class_ids: z
    .array(Id)
    .min(2, { error: 'Um pacote reúne ao menos duas turmas.' })
    .max(20, { error: 'No máximo 20 turmas por pacote.' })
    .refine((ids) => new Set(ids).size === ids.length, { error: 'Uma turma aparece duas vezes.' }),
})

export const BundleInput = BundleFields.strict().superRefine(checkDiscount)
export type BundleInput = z.input<typeof BundleInput>
export const BundleUpdateInput = BundleFields.extend({ version: Version }).strict().superRefine(checkDiscount)
export type BundleUpdateInput = z.input<typeof BundleUpdateInput>

export const AdminBundle = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  discount_type: z.enum(DISCOUNT_TYPES),
  discount_value: z.number().int(),
  instalment_times: z.number().int(),
  is_published: z.boolean(),
  class_ids: z.array(z.number().int()),
  /** The price split per class, in centavos, as the cart will charge it. */
  split: z.array(
    z.object({ class_id: z.number().int(), name: z.string(), gross: Cents, discount: Cents, net: Cents }),
  ),
  gross: Cents,
  net: Cents,
  version: z.number().int(),
})
export type AdminBundle = z.infer<typeof AdminBundle>
export const AdminBundlePage = paginated(AdminBundle)
export type AdminBundlePage = z.infer<typeof AdminBundlePage>

// ── Coupons ───────────────────────────────────────────────────────────────────

const CouponFields = z.object({
  key: z
    .string({ error: 'Informe o código do cupom.' })
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{2,39}$/, {
      error: 'Código do cupom: de 3 a 40 letras, números, hífen ou sublinhado.',
    })
    .toUpperCase(),
  ...DiscountFields,
  class_id: Id.nullable().default(null),
  course_id: Id.nullable().default(null),
  is_active: z.boolean().default(true),
  /** Valid until the end of this day (Curitiba), or for ever. */
  expires_on: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Data de validade inválida (use AAAA-MM-DD).' })
    .nullable()
    .default(null),
  max_uses: z
    .number({ error: 'Limite de usos inválido.' })
    .int()
    .min(1, { error: 'Limite de usos inválido.' })
    .max(1_000_000)
    .nullable()
    .default(null),
})

export const CouponInput = CouponFields.strict().superRefine(checkDiscount)
export type CouponInput = z.input<typeof CouponInput>
export const CouponUpdateInput = CouponFields.extend({ version: Version }).strict().superRefine(checkDiscount)
export type CouponUpdateInput = z.input<typeof CouponUpdateInput>

export const AdminCoupon = z.object({
  id: z.number().int(),
  key: z.string(),
  discount_type: z.enum(DISCOUNT_TYPES),
  discount_value: z.number().int(),
  class_id: z.number().int().nullable(),
  course_id: z.number().int().nullable(),
  /** 'Hemodiálise — Comece agora', 'Curso Hemodiálise', or 'Todas as turmas'. */
  scope: z.string(),
  is_active: z.boolean(),
  expires_on: z.string().nullable(),
  max_uses: z.number().int().nullable(),
  used_count: z.number().int(),
  /** Late payments honoured when no use was left (issue 29, item 10): beyond max_uses. */
  over_limit_uses: z.number().int(),
  version: z.number().int(),
})
export type AdminCoupon = z.infer<typeof AdminCoupon>
export const AdminCouponPage = paginated(AdminCoupon)
export type AdminCouponPage = z.infer<typeof AdminCouponPage>

// ── Choices for the forms' selects ────────────────────────────────────────────

export const AdminOptions = z.object({
  courses: z.array(
    z.object({ id: z.number().int(), name: z.string(), url: z.string(), section: z.string() }),
  ),
  classes: z.array(
    z.object({
      id: z.number().int(),
      course_id: z.number().int(),
      /** 'Curso — Turma'. */
      label: z.string(),
      price: Cents,
      instalment_times: z.number().int(),
      is_open: z.boolean(),
    }),
  ),
  products: z.array(z.object({ id: z.number().int(), name: z.string(), price: Cents })),
  bundles: z.array(NamedRow),
  ebooks: z.array(
    z.object({ id: z.number().int(), title: z.string(), course_id: z.number().int().nullable() }),
  ),
})
export type AdminOptions = z.infer<typeof AdminOptions>
