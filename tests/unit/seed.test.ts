import { existsSync, statSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type Client, createClient } from '@libsql/client'
import { asc, count, eq } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/libsql'
import { migrate } from 'drizzle-orm/libsql/migrator'
import type { SQLiteTable } from 'drizzle-orm/sqlite-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as schema from '../../db/schema.ts'
import { DEMO_USERS, type SeedableDb, seedDatabase } from '../../db/seed.ts'
import { SEED_IDS } from '../../db/seed-data/catalog.ts'
import { MISSING_IMAGE } from '../../db/seed-data/showcase.ts'
import { DEMO_CERTIFICATE } from '../../db/seed-data/student.ts'
import { COURSE_SECTIONS } from '../../worker/domain/catalog.ts'
import { verifyPassword } from '../../worker/domain/password.ts'
import { PLAN_PAYMENT_METHODS } from '../../worker/domain/payments.ts'
import { bundleIsForSale } from '../../worker/domain/pricing.ts'
import { courseStanding } from '../../worker/domain/study.ts'
import { LOCAL_VIDEO_SECONDS } from '../../worker/domain/video.ts'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const PUBLIC = join(ROOT, 'web', 'public')

let dir: string
let client: Client
let db: SeedableDb

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'seed-test-'))
  client = createClient({ url: `file:${join(dir, 'seed.db')}` })
  await client.execute('PRAGMA foreign_keys = ON')
  db = drizzle(client, { schema })
  await migrate(db, { migrationsFolder: join(ROOT, 'migrations') })
  expect(await seedDatabase(db)).toEqual({ seeded: true })
})

afterAll(async () => {
  client?.close()
  if (dir) await rm(dir, { recursive: true, force: true })
})

async function rowCount(table: SQLiteTable) {
  const [row] = await db.select({ n: count() }).from(table)
  return row?.n ?? 0
}

/** Row counts of every seeded table, to prove a second run adds nothing. */
async function allCounts() {
  const tables = {
    users: schema.users,
    courses: schema.courses,
    classes: schema.classes,
    products: schema.products,
    bundles: schema.bundles,
    bundleClasses: schema.bundleClasses,
    coupons: schema.coupons,
    showcaseLists: schema.showcaseLists,
    showcaseCards: schema.showcaseCards,
    menuOptions: schema.menuOptions,
    pages: schema.pages,
    proceedings: schema.proceedings,
    ebooks: schema.ebooks,
    editais: schema.editais,
    feePlans: schema.feePlans,
    conferenceTalks: schema.conferenceTalks,
    leads: schema.leads,
    qrLinks: schema.qrLinks,
    courseModules: schema.courseModules,
    lessons: schema.lessons,
    courseMaterials: schema.courseMaterials,
    orders: schema.orders,
    enrollments: schema.enrollments,
    applications: schema.applications,
    planPayments: schema.planPayments,
    lessonSegments: schema.lessonSegments,
    lessonOpenings: schema.lessonOpenings,
  }
  const counts: Record<string, number> = {}
  for (const [name, table] of Object.entries(tables)) counts[name] = await rowCount(table)
  return counts
}

function publicFile(url: string) {
  return join(PUBLIC, ...url.replace(/^\//, '').split('/'))
}

describe('seedDatabase', () => {
  it('creates both demo users with verifiable passwords', async () => {
    expect(await rowCount(schema.users)).toBe(2)
    const [admin] = await db.select().from(schema.users).where(eq(schema.users.email, DEMO_USERS.admin.email))
    const [student] = await db
      .select()
      .from(schema.users)
      .where(eq(schema.users.email, DEMO_USERS.student.email))
    expect(admin).toMatchObject({ type: 'A', name: 'Administração Renalis' })
    expect(student).toMatchObject({ type: 'N', name: 'Ana Beatriz Souza', phone: '(41) 99876-5432' })
    expect(await verifyPassword(DEMO_USERS.admin.password, admin!.passwordHash!)).toBe(true)
    expect(await verifyPassword(DEMO_USERS.student.password, student!.passwordHash!)).toBe(true)
    expect(await verifyPassword('senha-errada', student!.passwordHash!)).toBe(false)
  })

  it('seeds at least 12 courses, 3 or more per section, with unique valid slugs', async () => {
    const courses = await db.select().from(schema.courses)
    expect(courses.length).toBeGreaterThanOrEqual(12)
    for (const section of COURSE_SECTIONS) {
      expect(courses.filter((c) => c.section === section).length).toBeGreaterThanOrEqual(3)
    }
    for (const course of courses) expect(course.url).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
    expect(new Set(courses.map((c) => c.url)).size).toBe(courses.length)
    for (const course of courses) {
      expect(course.slider.length).toBeGreaterThanOrEqual(1)
      expect(course.slider.length).toBeLessThanOrEqual(3)
      expect(course.description).toContain('## Conteúdo programático')
    }
  })

  it('gives every course 1 to 3 classes, including the pricing fixtures', async () => {
    const courses = await db.query.courses.findMany({ with: { classes: true } })
    for (const course of courses) {
      expect(course.classes.length).toBeGreaterThanOrEqual(1)
      expect(course.classes.length).toBeLessThanOrEqual(3)
    }
    const classes = courses.flatMap((c) => c.classes)
    // The demo course's class is cheap on purpose (issue 39): a new user tries the whole way for R$ 19,90.
    for (const turma of classes.filter((c) => c.id !== SEED_IDS.classes.demo)) {
      expect(turma.priceCents).toBeGreaterThanOrEqual(29000)
      expect(turma.priceCents).toBeLessThanOrEqual(480000)
      if (turma.type === 'N') expect(turma.courseInit).toMatch(/^2027-\d\d-\d\d$/)
      else expect(turma.courseInit).toBeNull()
    }
    expect(classes.some((c) => c.type === 'C')).toBe(true)
    expect(classes.some((c) => !c.isOpen)).toBe(true)
    expect(classes.some((c) => !c.isBoletoAllowed)).toBe(true)
    expect(classes.some((c) => c.studentDiscount === 'A' && c.studentPriceCents)).toBe(true)

    const byId = new Map(classes.map((c) => [c.id, c]))
    expect(byId.get(SEED_IDS.classes.price1000)).toMatchObject({ priceCents: 100000, instalmentTimes: 12 })
    expect(byId.get(SEED_IDS.classes.price490)).toMatchObject({ priceCents: 49000, instalmentTimes: 12 })
    expect(byId.get(SEED_IDS.classes.closed)).toMatchObject({ isOpen: false })
  })

  it('seeds 4 products, a percent and a fixed bundle, and 3 coupons', async () => {
    expect(await rowCount(schema.products)).toBe(4)
    const bundles = await db.query.bundles.findMany({
      with: { classes: { with: { class: { with: { course: true } } } } },
    })
    expect(bundles).toHaveLength(2)
    const percent = bundles.find((b) => b.discountType === 'P')!
    const fixed = bundles.find((b) => b.discountType === 'F')!
    expect(percent).toMatchObject({ id: SEED_IDS.bundles.percent, discountPercent: 15 })
    expect(fixed.id).toBe(SEED_IDS.bundles.fixed)
    for (const bundle of bundles) {
      expect(bundle.classes.length).toBeGreaterThanOrEqual(2)
      expect(bundle.classes.length).toBeLessThanOrEqual(3)
    }
    // Each can be bought (issue 22, item 6): published, every class open, on a published course's page.
    for (const bundle of bundles) {
      const members = bundle.classes.map((member) => member.class)
      expect(bundleIsForSale(bundle, members), bundle.name).toBe(true)
      for (const turma of members) expect(turma.course.isPublished).toBe(true)
    }
    // The fixed discount must not split evenly across the bundle's courses.
    expect(fixed.discountCents! % fixed.classes.length).not.toBe(0)

    const coupons = await db.select().from(schema.coupons)
    expect(coupons.map((c) => c.key).sort()).toEqual(['EXPIRADO', 'NEFRO50', 'RENAL10'])
    for (const coupon of coupons) expect(coupon.key).toBe(coupon.key.toUpperCase())
    const byKey = Object.fromEntries(coupons.map((c) => [c.key, c]))
    expect(byKey.RENAL10).toMatchObject({ discountType: 'P', classId: SEED_IDS.classes.price1000 })
    expect(byKey.NEFRO50).toMatchObject({ discountType: 'F', classId: null })
    expect(byKey.NEFRO50!.courseId).not.toBeNull()
    const expired = byKey.EXPIRADO!
    expect(!expired.isActive || (expired.expiresAt && expired.expiresAt < new Date())).toBeTruthy()
  })

  it('seeds 3 home lists, exactly one in cart mode, with 5 to 8 cards each', async () => {
    const lists = await db.query.showcaseLists.findMany({
      with: { cards: { orderBy: (card) => asc(card.sortOrder) } },
      orderBy: (list) => asc(list.sortOrder),
    })
    expect(lists).toHaveLength(3)
    expect(lists.filter((l) => l.isCartMode)).toHaveLength(1)
    for (const list of lists) {
      expect(list.cards.length).toBeGreaterThanOrEqual(5)
      expect(list.cards.length).toBeLessThanOrEqual(8)
    }

    const cartList = lists.find((l) => l.isCartMode)!
    const classes = new Map((await db.select().from(schema.classes)).map((c) => [c.id, c]))
    for (const card of cartList.cards) {
      expect(card.type).toBe('turma')
      expect(card.priceCents).toBe(classes.get(card.itemId!)?.priceCents)
    }

    const cards = lists.flatMap((l) => l.cards)
    expect(cards.some((c) => c.name.length > 50)).toBe(true)
    expect(cards.some((c) => c.img === null)).toBe(true)
    expect(cards.some((c) => c.img === MISSING_IMAGE)).toBe(true)
    expect(cards.some((c) => JSON.stringify(c.nameSplited) === '["Acesso Vascular","Biópsia Renal"]')).toBe(
      true,
    )
    expect(cards.some((c) => c.amountCents !== null && c.amountCents > c.priceCents)).toBe(true)
    expect(cards.some((c) => c.productId !== null)).toBe(true)
    const linkCards = lists.filter((l) => !l.isCartMode).flatMap((l) => l.cards)
    expect(linkCards.some((c) => c.isOpen && c.productId === null)).toBe(true)
    expect(linkCards.some((c) => !c.isOpen || c.productId !== null)).toBe(true)
  })

  it('points every picture at a file under web/public, except the deliberately missing one', async () => {
    const urls: string[] = []
    for (const course of await db.select().from(schema.courses)) {
      for (const [name, ext] of course.slider) urls.push(`/img/cursos/${name}.${ext}`)
    }
    for (const product of await db.select().from(schema.products)) {
      expect(product.slider.length).toBeGreaterThanOrEqual(1)
      for (const [name, ext] of product.slider) urls.push(`/img/produtos/${name}.${ext}`)
    }
    for (const ebook of await db.select().from(schema.ebooks)) urls.push(ebook.coverImg!)
    for (const card of await db.select().from(schema.showcaseCards)) {
      if (card.img && card.img !== MISSING_IMAGE) urls.push(card.img)
    }
    urls.push('/img/logo.svg', '/img/logo-white.svg', '/img/hero-cursos.svg', '/img/favicon.svg')
    urls.push('/img/default-course.svg', '/img/default-product.svg', '/img/default-user.svg')
    const missing = urls.filter((url) => !existsSync(publicFile(url)))
    expect(missing).toEqual([])
    expect(existsSync(publicFile(MISSING_IMAGE))).toBe(false)
  })

  it('builds the menu: public items in order, Cursos and Pesquisa submenus, student and admin items', async () => {
    const options = await db.select().from(schema.menuOptions).orderBy(asc(schema.menuOptions.sortOrder))
    const roots = options.filter((o) => o.parentId === null && o.permission === null)
    expect(roots.map((o) => o.name)).toEqual([
      'Quem somos',
      'Cursos',
      'Pesquisa',
      'Produtos',
      'E-books',
      'Anais',
      'Cartão Fidelidade',
      'Contato',
      'Política de Privacidade',
    ])
    const childrenOf = (name: string) => {
      const parent = options.find((o) => o.name === name && o.parentId === null && o.permission === null)!
      return options.filter((o) => o.parentId === parent.id).map((o) => o.url)
    }
    expect(childrenOf('Cursos')).toEqual([
      '/cursos/sobre',
      '/cursos#cursos-online',
      '/cursos#cursos-presenciais',
      '/cursos#nefrologia-intervencionista',
    ])
    expect(childrenOf('Pesquisa')).toEqual([
      '/pesquisa/centro-pesquisa-clinica',
      '/pesquisa/estudos-clinicos',
      '/pesquisa/centro-pesquisa-academica',
      '/pesquisa/publicacoes',
    ])
    expect(roots.find((o) => o.name === 'Cartão Fidelidade')).toMatchObject({ isBlank: true })
    expect(options.filter((o) => o.permission === 'N').map((o) => o.url)).toEqual([
      '/usuario/perfil',
      '/usuario/compras',
      '/usuario/cursos',
      '/usuario/editais',
      '/usuario/ebooks',
    ])
    expect(options.filter((o) => o.permission === 'A').map((o) => o.url)).toEqual([
      '/admin',
      '/admin/course',
      '/admin/turmas',
      '/admin/matriculas',
      '/admin/leads',
      '/admin/qrcode',
      '/admin/home',
    ])
  })

  it('seeds editais with fee plans, e-books, pages and proceedings', async () => {
    const editais = await db.query.editais.findMany({ with: { plans: true } })
    expect(editais).toHaveLength(3)
    for (const edital of editais) {
      expect(edital.plans.length).toBeGreaterThanOrEqual(1)
      for (const plan of edital.plans) {
        expect(plan.paymentMethods.length).toBeGreaterThan(0)
        for (const method of plan.paymentMethods) expect(PLAN_PAYMENT_METHODS).toContain(method)
      }
    }

    const ebooks = await db.select().from(schema.ebooks)
    expect(ebooks).toHaveLength(6)
    for (const ebook of ebooks) {
      expect(ebook.courseId).not.toBeNull()
      expect(ebook.coverImg).toMatch(/^\/img\/ebooks\/[a-z0-9-]+\.svg$/)
      expect(ebook.fileKey).toMatch(/^ebooks\/[a-z0-9-]+\.pdf$/)
    }
    expect(new Set(ebooks.map((e) => e.access))).toEqual(new Set(['free', 'purchase']))

    const slugs = (await db.select().from(schema.pages)).map((p) => p.slug).sort()
    expect(slugs).toEqual(
      [
        'quem-somos',
        'cursos/sobre',
        'pesquisa/centro-pesquisa-clinica',
        'pesquisa/estudos-clinicos',
        'pesquisa/centro-pesquisa-academica',
        'pesquisa/publicacoes',
        'contato',
        'politicas-de-privacidade',
      ].sort(),
    )
    const [privacy] = await db
      .select()
      .from(schema.pages)
      .where(eq(schema.pages.slug, 'politicas-de-privacidade'))
    expect(privacy!.body).toContain('art. 18')
    expect(privacy!.body).toContain('encarregado')

    const proceedings = await db.select().from(schema.proceedings)
    expect(proceedings).toHaveLength(3)
    for (const p of proceedings) expect(p.fileKey).toMatch(/^anais\/[a-z0-9-]+\.pdf$/)
  })

  it('seeds the 14 talks of the Jornada: days 1 and 2, slots 1 to 7, in time order', async () => {
    const talks = await db
      .select()
      .from(schema.conferenceTalks)
      .orderBy(asc(schema.conferenceTalks.day), asc(schema.conferenceTalks.slot))
    expect(talks).toHaveLength(14)
    expect(talks.map((t) => [t.day, t.slot])).toEqual(
      [1, 2].flatMap((day) => [1, 2, 3, 4, 5, 6, 7].map((slot) => [day, slot])),
    )
    for (let i = 1; i < talks.length; i++) {
      expect(talks[i]!.initAt.getTime()).toBeGreaterThan(talks[i - 1]!.initAt.getTime())
    }
    const days = new Set(talks.map((t) => t.initAt.toISOString().slice(0, 10)))
    expect(days.size).toBe(2)
    // 08:30 in São Paulo is 11:30 UTC.
    expect(talks[0]!.initAt.toISOString()).toBe('2027-10-22T11:30:00.000Z')
    for (const talk of talks) {
      expect(talk.youtubeId).toMatch(/^[A-Za-z0-9_-]{11}$/)
      expect(talk.speaker).toMatch(/^(Dr|Dra|Enf|Nutr)\. /)
      expect(talk.videoInit).toBeGreaterThanOrEqual(0)
    }
  })

  it('seeds the student area: every online course has modules, lessons and material on disk', async () => {
    const online = await db.select().from(schema.courses).where(eq(schema.courses.section, 'online'))
    const modules = await db.query.courseModules.findMany({ with: { lessons: true } })
    const materials = await db.select().from(schema.courseMaterials)
    // The demo course (issue 39) is short by design: one module of three clips and a reading.
    for (const course of online.filter((row) => row.id !== SEED_IDS.courses.demo)) {
      const own = modules.filter((module) => module.courseId === course.id)
      expect(own.length, course.url).toBeGreaterThanOrEqual(2)
      for (const module of own) {
        expect(module.lessons.length).toBeGreaterThanOrEqual(2)
        for (const lesson of module.lessons) {
          if (lesson.youtubeId) expect(lesson.youtubeId).toMatch(/^[A-Za-z0-9_-]{11}$/)
        }
      }
      expect(materials.filter((material) => material.courseId === course.id).length).toBeGreaterThanOrEqual(1)
    }
    // Demo files live under /conteudo-demo/, which only the Worker answers (signed downloads).
    const ebooks = await db.select().from(schema.ebooks)
    for (const key of [...materials.map((m) => m.fileKey), ...ebooks.map((e) => e.fileKey)]) {
      expect(existsSync(join(PUBLIC, 'conteudo-demo', ...key.split('/'))), key).toBe(true)
    }
    const inPerson = await db.select().from(schema.classes).where(eq(schema.classes.id, 9))
    expect(inPerson[0]!.details).toContain('O que levar')
  })

  it('gives the demo student purchases, enrollments, e-books and an application whose plans are partly paid', async () => {
    const student = SEED_IDS.users.student
    const orders = await db.select().from(schema.orders).where(eq(schema.orders.userId, student))
    expect(orders.map((order) => order.status).sort()).toEqual(['expired', 'paid', 'paid', 'paid'])
    const enrolled = await db.select().from(schema.enrollments).where(eq(schema.enrollments.userId, student))
    expect(enrolled.map((row) => row.classId).sort((a, b) => a - b)).toEqual([1, 3, 9])
    const [application] = await db.query.applications.findMany({ with: { payments: true } })
    const plans = await db
      .select()
      .from(schema.feePlans)
      .where(eq(schema.feePlans.editalId, application!.editalId))
    const paid = application!.payments.filter((payment) => payment.status === 'paid')
    expect(paid).toHaveLength(1)
    expect(plans.length - paid.length).toBeGreaterThanOrEqual(3)
    expect(
      await db.select().from(schema.ebookLibrary).where(eq(schema.ebookLibrary.userId, student)),
    ).toHaveLength(1)
  })

  it('seeds a demo course finished in minutes on the local video, and the demo student’s evidence that earns Hemodiálise para Enfermagem (issue 39)', async () => {
    const [demo] = await db.select().from(schema.courses).where(eq(schema.courses.id, SEED_IDS.courses.demo))
    expect(demo).toMatchObject({
      section: 'online',
      isPublished: true,
      watchShare: 90,
      certificateShare: 100,
    })
    const [turma] = await db.select().from(schema.classes).where(eq(schema.classes.id, SEED_IDS.classes.demo))
    expect(turma).toMatchObject({ courseId: demo!.id, type: 'C', priceCents: 1990 })
    const lessonsOf = async (courseId: number) =>
      (
        await db.query.courseModules.findMany({
          where: eq(schema.courseModules.courseId, courseId),
          with: { lessons: true },
        })
      ).flatMap((module) => module.lessons)
    const clips = await lessonsOf(demo!.id)
    expect(clips.map((lesson) => [lesson.youtubeId !== null, lesson.durationSeconds])).toEqual([
      [true, LOCAL_VIDEO_SECONDS],
      [true, LOCAL_VIDEO_SECONDS],
      [true, LOCAL_VIDEO_SECONDS],
      [false, null],
    ])
    const video = join(PUBLIC, 'conteudo-demo', 'videos', 'aula-demonstrativa.webm')
    expect(statSync(video).size).toBeLessThan(300 * 1024)

    // The demo student's segments and readings make Hemodiálise para Enfermagem's certificate earned.
    const student = SEED_IDS.users.student
    const lessons = await lessonsOf(1)
    const segments = await db
      .select()
      .from(schema.lessonSegments)
      .where(eq(schema.lessonSegments.userId, student))
    const openings = await db
      .select()
      .from(schema.lessonOpenings)
      .where(eq(schema.lessonOpenings.userId, student))
    const standing = courseStanding({
      lessons: lessons.map(({ id, title, youtubeId, durationSeconds }) => ({
        id,
        title,
        hasVideo: youtubeId !== null,
        durationSeconds,
      })),
      segments: segments.map((row) => ({ lessonId: row.lessonId, from: row.fromMs, to: row.toMs })),
      opened: openings.map((row) => row.lessonId),
      watchShare: 90,
      certificateShare: 100,
    })
    expect(standing).toMatchObject({ lessonsDone: 8, lessonsTotal: 8, watchedPercent: 100, eligible: true })
    expect(DEMO_CERTIFICATE.courseUrl).toBe(
      (await db.select().from(schema.courses).where(eq(schema.courses.id, 1)))[0]!.url,
    )
  })

  it('does nothing on a second run', async () => {
    const before = await allCounts()
    expect(await seedDatabase(db)).toEqual({ seeded: false })
    expect(await allCounts()).toEqual(before)
  })
})
