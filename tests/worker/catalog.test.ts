import { beforeEach, describe, expect, it } from 'vitest'
import { editais, feePlans, pages } from '../../db/schema.ts'
import { CourseDetail, CourseList, Edital, Page, Product } from '../../worker/contract/catalog.ts'
import {
  createClass,
  createCourse,
  createProduct,
  freshCatalog,
  testDb,
  unique,
} from '../support/worker/db.ts'
import { workerFetch } from '../support/worker/http.ts'

const get = (path: string) => workerFetch(`http://localhost${path}`)

describe('catalogue', () => {
  const db = testDb()
  beforeEach(async () => freshCatalog())

  it('GET /cursos/getCourses lists published courses with their lowest open price', async () => {
    const course = await createCourse(db, { section: 'presencial', slider: [['capa', 'svg']] })
    const hidden = await createCourse(db, { isPublished: false })
    await createClass(db, { courseId: course.id, priceCents: 89000 })
    await createClass(db, { courseId: course.id, priceCents: 59000 })
    await createClass(db, { courseId: course.id, priceCents: 10000, isOpen: false })

    const response = await get('/cursos/getCourses')
    expect(response.status).toBe(200)
    const list = CourseList.parse(await response.json())
    expect(list.find((c) => c.id === course.id)).toMatchObject({
      url: course.url,
      section: 'presencial',
      slider: [['capa', 'svg']],
      price_from: 59000,
    })
    expect(list.some((c) => c.id === hidden.id)).toBe(false)
  })

  it('GET /api/cursos/{url} answers the course with its classes in the SPEC fields', async () => {
    const course = await createCourse(db, { name: 'Biópsia Renal Guiada por Ultrassom' })
    const dated = await createClass(db, {
      courseId: course.id,
      type: 'N',
      courseInit: '2027-03-15',
      priceCents: 100000,
      studentPriceCents: 80000,
      studentDiscount: 'A',
      isBoletoAllowed: false,
      instalmentTimes: 10,
    })
    await createClass(db, { courseId: course.id, type: 'C', courseInit: '2027-01-01' })

    const response = await get(`/api/cursos/${course.url}`)
    expect(response.status).toBe(200)
    const body = CourseDetail.parse(await response.json())
    expect(body.name).toBe('Biópsia Renal Guiada por Ultrassom')
    expect(body.turmas).toHaveLength(2)
    expect(body.turmas.find((t) => t.id === dated.id)).toEqual({
      id: dated.id,
      course_id: course.id,
      name: 'Turma de teste',
      price: 100000,
      student_price: 80000,
      student_discount: 'A',
      boleto: false,
      instalment_times: 10,
      type: 'N',
      course_init: '2027-03-15',
      location: null,
      open: true,
      course: { name: course.name, url: course.url, slider: [] },
    })
    // A 'comece agora' class carries no start date, whatever the row holds.
    expect(body.turmas.find((t) => t.type === 'C')?.course_init).toBeNull()
  })

  it('answers 404 in pt-BR for unknown course urls and product ids, 422 for malformed ones', async () => {
    const course = await get('/api/cursos/nao-existe-este-curso')
    expect(course.status).toBe(404)
    expect(await course.json()).toEqual({ msg: 'Curso não encontrado.' })

    const product = await get('/api/produtos/999999999')
    expect(product.status).toBe(404)
    expect(await product.json()).toEqual({ msg: 'Produto não encontrado.' })

    for (const path of ['/api/produtos/abc', '/api/produtos/-1', '/api/cursos/Curso%20Inv%C3%A1lido']) {
      const response = await get(path)
      expect(response.status, path).toBe(422)
    }
  })

  it('GET /api/produtos/{id} answers a published product', async () => {
    const product = await createProduct(db, { name: 'Modelo anatômico de rim', priceCents: 45900 })
    const response = await get(`/api/produtos/${product.id}`)
    expect(Product.parse(await response.json())).toMatchObject({
      name: 'Modelo anatômico de rim',
      price: 45900,
    })
  })
})

describe('institute content', () => {
  const db = testDb()
  beforeEach(async () => freshCatalog())

  it('serves a page by slug, including slugs with a slash, and 404s unknown ones', async () => {
    const slug = `pesquisa/${unique('estudos')}`
    await db.insert(pages).values({ slug, title: 'Estudos clínicos', body: '## Em andamento' })
    const response = await get(`/api/paginas/${encodeURIComponent(slug)}`)
    expect(response.status).toBe(200)
    expect(Page.parse(await response.json())).toMatchObject({ slug, title: 'Estudos clínicos' })

    const missing = await get('/api/paginas/nao-existe')
    expect(missing.status).toBe(404)
    expect(await missing.json()).toEqual({ msg: 'Página não encontrada.' })
  })

  it('serves an edital with its plans, cheapest first', async () => {
    const slug = unique('residencia')
    const [edital] = await db.insert(editais).values({ slug, title: 'Residência 2027' }).returning()
    await db.insert(feePlans).values([
      {
        editalId: edital!.id,
        name: 'Inscrição + 6 mensalidades',
        amountCents: 90000,
        paymentMethods: ['credit_card'],
      },
      {
        editalId: edital!.id,
        name: 'Inscrição',
        amountCents: 15000,
        paymentMethods: ['boleto', 'credit_card'],
      },
    ])
    const response = await get(`/api/editais/${slug}`)
    const body = Edital.parse(await response.json())
    expect(body.plans.map((p) => p.amount)).toEqual([15000, 90000])
    expect(body.plans[0]?.payment_methods).toEqual(['boleto', 'credit_card'])
    expect((await get('/api/editais/nao-existe')).status).toBe(404)
  })

  it('publishes a sitemap with the courses and a robots.txt that points to it', async () => {
    const course = await createCourse(db)
    const sitemap = await get('/sitemap.xml')
    expect(sitemap.headers.get('Content-Type')).toContain('application/xml')
    const xml = await sitemap.text()
    expect(xml).toContain('<loc>http://127.0.0.1:8787/cursos</loc>')
    expect(xml).toContain(`/cursos/${course.url}</loc>`)

    const robots = await (await get('/robots.txt')).text()
    expect(robots).toContain('Sitemap: http://127.0.0.1:8787/sitemap.xml')
    expect(robots).toContain('Disallow: /admin')
  })
})
