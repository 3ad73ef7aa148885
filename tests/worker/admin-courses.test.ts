import { count, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { auditLog, courses, ebooks } from '../../db/schema.ts'
import { AdminCourse, AdminCoursePage } from '../../worker/contract/admin-catalog.ts'
import { adminCall, auditOf, imageForm, newAdmin, PNG_BYTES } from '../support/worker/admin.ts'
import { createUser, sessionCookie, testDb, unique } from '../support/worker/db.ts'
import { workerFetch } from '../support/worker/http.ts'

const db = testDb()
let admin: string
let adminId: number

beforeAll(async () => {
  const created = await newAdmin()
  admin = created.cookie
  adminId = created.user.id
})

const publicGet = (path: string) => workerFetch(`http://localhost${path}`)

/** The admin uploads an image to the course's slider. */
const addImage = (courseId: number, form: FormData) =>
  adminCall(admin, 'POST', `/api/admin/cursos/${courseId}/imagens`, form)

function courseInput(overrides: Record<string, unknown> = {}) {
  const url = unique('curso-admin')
  return {
    name: `Hemodiálise Pediátrica ${url.slice(-6)}`,
    url,
    section: 'online',
    summary: 'Do acesso vascular à prescrição.',
    description: '## Objetivos\n- Dialisar crianças com segurança',
    workload_hours: 40,
    ...overrides,
  }
}

async function createCourse(overrides: Record<string, unknown> = {}) {
  const answer = await adminCall(admin, 'POST', '/api/admin/cursos', courseInput(overrides))
  expect(answer.status, JSON.stringify(answer.body)).toBe(201)
  return AdminCourse.parse(answer.body)
}

describe('admin courses (/api/admin/cursos)', () => {
  it('a visitor gets 401 and a student 403', async () => {
    expect((await adminCall(null, 'GET', '/api/admin/cursos')).status).toBe(401)
    const student = await sessionCookie((await createUser(db, { type: 'N' })).id)
    expect((await adminCall(student, 'GET', '/api/admin/cursos')).status).toBe(403)
    expect((await adminCall(student, 'POST', '/api/admin/cursos', courseInput())).status).toBe(403)
  })

  it('creates a course the course page, the search and the sitemap show at once; the audit log says who', async () => {
    const course = await createCourse()
    expect(course).toMatchObject({ is_published: true, version: 1, images: [], modules: [] })

    const page = await publicGet(`/api/cursos/${course.url}`)
    expect(page.status).toBe(200)
    expect(await page.json()).toMatchObject({
      name: course.name,
      summary: 'Do acesso vascular à prescrição.',
    })
    const search = await publicGet(`/search/all_product?search=${encodeURIComponent(course.name)}`)
    expect(await search.json()).toContainEqual({ name: course.name, url: `/cursos/${course.url}` })
    expect(await (await publicGet('/sitemap.xml')).text()).toContain(`/cursos/${course.url}`)

    const list = AdminCoursePage.parse(
      (await adminCall(admin, 'GET', `/api/admin/cursos?q=${encodeURIComponent(course.url)}`)).body,
    )
    expect(list.items.map((row) => row.id)).toEqual([course.id])

    const [line] = await auditOf('course', course.id)
    expect(line).toMatchObject({ action: 'course.create', actorUserId: adminId })
    expect(line?.ip).toMatch(/^198\.51\./)
    expect(line?.data).toMatchObject({ after: { name: course.name, url: course.url } })
  })

  it('bad input is a 422 with pt-BR messages and writes nothing', async () => {
    const before = await db.select({ n: count() }).from(courses)
    const audits = await db.select({ n: count() }).from(auditLog)
    const answer = await adminCall(admin, 'POST', '/api/admin/cursos', {
      name: '',
      url: 'Não Pode',
      section: 'outra',
      workload_hours: -1,
    })
    expect(answer.status).toBe(422)
    expect(answer.body.errors).toMatchObject({
      name: ['Informe o nome do curso.'],
      url: ['Use só letras minúsculas sem acento, números e hífens (ex.: hemodialise-para-enfermagem).'],
      section: ['Escolha a seção do curso.'],
      workload_hours: ['Carga horária inválida.'],
    })
    expect(await db.select({ n: count() }).from(courses)).toEqual(before)
    expect(await db.select({ n: count() }).from(auditLog)).toEqual(audits)
  })

  it('an address is unique: checked before saving, and refused (422) on save', async () => {
    const course = await createCourse()
    const check = await adminCall(admin, 'GET', `/api/admin/cursos/disponibilidade?url=${course.url}`)
    expect(check.body).toEqual({
      url: course.url,
      available: false,
      message: 'Este endereço já é de outro curso. Escolha outro.',
    })
    const own = await adminCall(
      admin,
      'GET',
      `/api/admin/cursos/disponibilidade?url=${course.url}&except=${course.id}`,
    )
    expect(own.body.available).toBe(true)
    const again = await adminCall(admin, 'POST', '/api/admin/cursos', courseInput({ url: course.url }))
    expect(again.status).toBe(422)
    expect(again.body.errors.url).toEqual(['Este endereço já é de outro curso. Escolha outro.'])
  })

  it('an edit on stale data answers 409 and keeps what was saved first', async () => {
    const course = await createCourse()
    const first = await adminCall(admin, 'PUT', `/api/admin/cursos/${course.id}`, {
      ...courseInput({ url: course.url, name: 'Salvo primeiro' }),
      version: course.version,
    })
    expect(first.status).toBe(200)
    expect(first.body.version).toBe(course.version + 1)
    const stale = await adminCall(admin, 'PUT', `/api/admin/cursos/${course.id}`, {
      ...courseInput({ url: course.url, name: 'Salvo depois, sobre dados velhos' }),
      version: course.version,
    })
    expect(stale.status).toBe(409)
    expect(stale.body.msg).toBe(
      'Outra pessoa alterou este registro enquanto você editava. Recarregue a página para ver a versão atual e refaça a alteração.',
    )
    const [row] = await db.select().from(courses).where(eq(courses.id, course.id))
    expect(row?.name).toBe('Salvo primeiro')
    const lines = await auditOf('course', course.id)
    expect(lines.map((line) => line.action)).toEqual(['course.update', 'course.create'])
    expect(lines[0]?.data).toMatchObject({
      before: { name: course.name },
      after: { name: 'Salvo primeiro' },
    })
  })

  it('ten saves of the same version at once: exactly one applies, the others get 409', async () => {
    const course = await createCourse()
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        adminCall(admin, 'PUT', `/api/admin/cursos/${course.id}`, {
          ...courseInput({ url: course.url, name: `Versão ${i}` }),
          version: course.version,
        }),
      ),
    )
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1)
    expect(answers.filter((a) => a.status === 409)).toHaveLength(9)
    expect((await auditOf('course', course.id)).filter((l) => l.action === 'course.update')).toHaveLength(1)
  })

  it('unpublishing takes the course off its page and the search; publishing brings it back', async () => {
    const course = await createCourse()
    const off = await adminCall(admin, 'PUT', `/api/admin/cursos/${course.id}/publicacao`, {
      is_published: false,
      version: course.version,
    })
    expect(off.status).toBe(200)
    expect((await publicGet(`/api/cursos/${course.url}`)).status).toBe(404)
    const search = await publicGet(`/search/all_product?search=${encodeURIComponent(course.name)}`)
    expect(await search.json()).not.toContainEqual({ name: course.name, url: `/cursos/${course.url}` })
    await adminCall(admin, 'PUT', `/api/admin/cursos/${course.id}/publicacao`, {
      is_published: true,
      version: off.body.version,
    })
    expect((await publicGet(`/api/cursos/${course.url}`)).status).toBe(200)
    expect((await auditOf('course', course.id)).map((line) => line.action)).toEqual([
      'course.publish',
      'course.unpublish',
      'course.create',
    ])
  })

  it('grants e-books with the course', async () => {
    const [ebook] = await db
      .insert(ebooks)
      .values({ title: unique('E-book'), fileKey: 'ebooks/x.pdf' })
      .returning()
    const course = await createCourse({ ebook_ids: [ebook!.id] })
    expect(course.ebook_ids).toEqual([ebook!.id])
    const publicList = (await (await publicGet('/api/ebooks')).json()) as Array<{
      id: number
      course: unknown
    }>
    expect(publicList.find((row) => row.id === ebook!.id)?.course).toEqual({
      name: course.name,
      url: course.url,
    })
    const cleared = await adminCall(admin, 'PUT', `/api/admin/cursos/${course.id}`, {
      ...courseInput({ url: course.url, name: course.name }),
      ebook_ids: [],
      version: course.version,
    })
    expect(cleared.body.ebook_ids).toEqual([])
    const missing = await adminCall(admin, 'POST', '/api/admin/cursos', courseInput({ ebook_ids: [999_999] }))
    expect(missing.status).toBe(422)
    expect(missing.body.errors.ebook_ids).toEqual(['E-book não encontrado.'])
  })
})

describe('course slider images (R2)', () => {
  it('stores a real image, serves it at /files and shows it on the course page', async () => {
    const course = await createCourse()
    const answer = await addImage(course.id, imageForm(PNG_BYTES))
    expect(answer.status, JSON.stringify(answer.body)).toBe(201)
    const [image] = answer.body as Array<{ image: [string, string]; url: string }>
    expect(image?.image[0]).toMatch(/^catalogo\/cursos\/[0-9a-f-]{36}$/)
    expect(image?.url).toBe(`/files/${encodeURIComponent(`${image!.image[0]}.png`)}`)
    const served = await publicGet(image!.url)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/png')
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG_BYTES)
    const page = (await (await publicGet(`/api/cursos/${course.url}`)).json()) as { slider: string[][] }
    expect(page.slider).toEqual([image!.image])
    expect((await auditOf('course', course.id))[0]?.action).toBe('course.image_add')
  })

  it('refuses a file that is not what it claims, another type, or too large (422), keeping the slider', async () => {
    const course = await createCourse()
    const fake = await addImage(course.id, imageForm(new TextEncoder().encode('não sou uma imagem')))
    expect(fake.status).toBe(422)
    expect(fake.body.errors.image).toEqual(['O arquivo enviado não é uma imagem válida.'])
    const gif = await addImage(course.id, imageForm(PNG_BYTES, 'image/gif', 'x.gif'))
    expect(gif.body.errors.image).toEqual(['Envie uma imagem JPG, PNG ou WebP.'])
    const big = new Uint8Array(2 * 1024 * 1024 + 10)
    big.set(PNG_BYTES)
    const large = await addImage(course.id, imageForm(big))
    expect(large.body.errors.image).toEqual(['A imagem deve ter no máximo 2 MB.'])
    const huge = await addImage(course.id, imageForm(new Uint8Array(3 * 1024 * 1024)))
    expect(huge.status).toBe(413)
    const after = AdminCourse.parse((await adminCall(admin, 'GET', `/api/admin/cursos/${course.id}`)).body)
    expect(after.images).toEqual([])
  })

  it('reorders and removes images against what the screen showed (409 when it changed)', async () => {
    const course = await createCourse()
    await addImage(course.id, imageForm(PNG_BYTES))
    const second = await addImage(course.id, imageForm(PNG_BYTES))
    const [a, b] = (second.body as Array<{ image: [string, string] }>).map((entry) => entry.image)
    const reordered = await adminCall(admin, 'PUT', `/api/admin/cursos/${course.id}/imagens`, {
      expected: [a, b],
      images: [b, a],
    })
    expect(reordered.status).toBe(200)
    expect(reordered.body.map((entry: { image: unknown }) => entry.image)).toEqual([b, a])
    const stale = await adminCall(admin, 'PUT', `/api/admin/cursos/${course.id}/imagens`, {
      expected: [a, b],
      images: [a],
    })
    expect(stale.status).toBe(409)
    const removed = await adminCall(admin, 'PUT', `/api/admin/cursos/${course.id}/imagens`, {
      expected: [b, a],
      images: [a],
    })
    expect(removed.body.map((entry: { image: unknown }) => entry.image)).toEqual([a])
    const foreign = await adminCall(admin, 'PUT', `/api/admin/cursos/${course.id}/imagens`, {
      expected: [a],
      images: [['catalogo/cursos/outra', 'png']],
    })
    expect(foreign.status).toBe(422)
  })
})

describe('modules and lessons of an online course', () => {
  it('creates, edits, reorders and deletes them; a stale lesson edit is a 409', async () => {
    const course = await createCourse()
    const m1 = await adminCall(admin, 'POST', `/api/admin/cursos/${course.id}/modulos`, {
      title: 'Fundamentos',
    })
    const m2 = await adminCall(admin, 'POST', `/api/admin/cursos/${course.id}/modulos`, { title: 'Prática' })
    expect(m1.status).toBe(201)
    expect([m1.body.sort_order, m2.body.sort_order]).toEqual([1, 2])
    const lesson = await adminCall(admin, 'POST', `/api/admin/modulos/${m1.body.id}/aulas`, {
      title: 'Anatomia do rim',
      youtube_id: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      duration_seconds: 600,
      body: 'Leitura complementar.',
    })
    expect(lesson.status).toBe(201)
    expect(lesson.body).toMatchObject({ youtube_id: 'dQw4w9WgXcQ', sort_order: 1, version: 1 })
    const badVideo = await adminCall(admin, 'POST', `/api/admin/modulos/${m1.body.id}/aulas`, {
      title: 'Vídeo inválido',
      youtube_id: 'https://vimeo.com/123',
    })
    expect(badVideo.status).toBe(422)
    expect(badVideo.body.errors.youtube_id).toEqual(['Informe o vídeo do YouTube (o endereço ou o código).'])

    const edited = await adminCall(admin, 'PUT', `/api/admin/aulas/${lesson.body.id}`, {
      title: 'Anatomia e fisiologia do rim',
      youtube_id: 'dQw4w9WgXcQ',
      duration_seconds: 660,
      body: '',
      version: 1,
    })
    expect(edited.body.version).toBe(2)
    const stale = await adminCall(admin, 'PUT', `/api/admin/aulas/${lesson.body.id}`, {
      title: 'Sobre dados velhos',
      version: 1,
    })
    expect(stale.status).toBe(409)

    const reorder = await adminCall(admin, 'PUT', `/api/admin/cursos/${course.id}/modulos/ordem`, {
      ids: [m2.body.id, m1.body.id],
    })
    expect(reorder.status).toBe(200)
    const partial = await adminCall(admin, 'PUT', `/api/admin/cursos/${course.id}/modulos/ordem`, {
      ids: [m2.body.id],
    })
    expect(partial.status).toBe(409)
    const detail = AdminCourse.parse((await adminCall(admin, 'GET', `/api/admin/cursos/${course.id}`)).body)
    expect(detail.modules.map((module) => module.title)).toEqual(['Prática', 'Fundamentos'])
    expect(detail.modules[1]?.lessons.map((l) => l.title)).toEqual(['Anatomia e fisiologia do rim'])

    expect((await adminCall(admin, 'DELETE', `/api/admin/modulos/${m1.body.id}`)).status).toBe(200)
    const after = AdminCourse.parse((await adminCall(admin, 'GET', `/api/admin/cursos/${course.id}`)).body)
    expect(after.modules.map((module) => module.title)).toEqual(['Prática'])
    const gone = await adminCall(admin, 'PUT', `/api/admin/aulas/${lesson.body.id}`, {
      title: 'Apagada',
      version: 2,
    })
    expect(gone.status).toBe(404)
  })
})
