import { beforeAll, describe, expect, it } from 'vitest'
import { menuOptions } from '../../db/schema.ts'
import { Menu } from '../../worker/contract/menu.ts'
import { loadRenderer } from '../../worker/ssr/pages.ts'
import {
  createClass,
  createCourse,
  createUser,
  freshCatalog,
  sessionCookie,
  testDb,
  unique,
} from '../support/worker/db.ts'
import { cacheWritten, fetchPage, NAVIGATE, withRenderer } from '../support/worker/pages.ts'

// DESIGN 10: a public page is one render for every visitor, signed in or not; who the visitor
// is comes from the browser's own calls. These tests go through the whole Worker (its shared
// render cache included) with index.html as the build leaves it.

const pageTiming = (response: Response) =>
  /page;desc="([^"]+)"/.exec(response.headers.get('server-timing') ?? '')?.[1]

describe('one shared render for every visitor', () => {
  const db = testDb()

  withRenderer()

  it('never shows one visitor’s name, role items or cart to another, with the cache warm', async () => {
    const student = await createUser(db, { name: unique('Estudante Vazamento'), type: 'N' })
    const admin = await createUser(db, { name: unique('Administradora Vazamento'), type: 'A' })
    const studentItem = unique('Minha área do aluno')
    const adminItem = unique('Painel da administração')
    await db.insert(menuOptions).values([
      { name: studentItem, url: '/usuario/perfil', permission: 'N', sortOrder: 90 },
      { name: adminItem, url: '/admin', permission: 'A', sortOrder: 91 },
    ])
    const course = await createCourse(db, {
      name: unique('Curso compartilhado'),
      url: unique('compartilhado'),
    })
    const turma = await createClass(db, { courseId: course.id })
    await freshCatalog()
    // The student's cart, with the course in it.
    const cart = (await (
      await fetchPage('/carrinho-de-compras/update-cart', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Cookie: await sessionCookie(student.id) },
        body: JSON.stringify({ hash: null, data: { id: turma.id, type: 'turma' }, option: 'add' }),
      })
    ).json()) as { hash: string }
    expect(cart.hash).toMatch(/^[\w-]{20,}$/)

    const visitors = {
      student: await sessionCookie(student.id),
      admin: await sessionCookie(admin.id),
      anonymous: undefined,
    }
    for (const path of ['/', `/cursos/${course.url}`]) {
      const pages: Record<string, { html: string; timing: string | undefined }> = {}
      // The student renders the page first (the cache is cold), then everyone shares it.
      for (const [who, cookie] of Object.entries(visitors)) {
        const response = await fetchPage(path, {
          headers: { ...NAVIGATE, ...(cookie ? { Cookie: cookie } : {}) },
        })
        expect(response.status, `${who} ${path}`).toBe(200)
        pages[who] = { html: await response.text(), timing: pageTiming(response) }
        await cacheWritten()
      }
      expect(pages.student!.timing).toBe('rendered')
      expect(pages.admin!.timing).toBe('shared render')
      expect(pages.anonymous!.timing).toBe('shared render')
      expect(pages.admin!.html).toBe(pages.student!.html)
      expect(pages.anonymous!.html).toBe(pages.student!.html)

      const html = pages.student!.html
      for (const personal of [
        student.name,
        student.email,
        admin.name,
        admin.email,
        studentItem,
        adminItem,
        cart.hash,
      ]) {
        expect(html, `${path} leaks ${personal}`).not.toContain(personal)
      }
      expect(html).not.toContain('"auth"')
      expect(html).toContain('Acesse sua conta')
      expect(html).toMatch(/data-testid="cart-count"[^>]*>0</)
    }

    // Each one's own calls answer for them alone, and no shared cache may keep them.
    const me = async (cookie?: string) => {
      const headers = { Accept: 'application/json', ...(cookie ? { Cookie: cookie } : {}) }
      const user = await fetchPage('/admin/user/get', { headers })
      const menu = await fetchPage('/api/menu', { headers })
      expect(user.headers.get('cache-control')).toBe('private, no-store')
      expect(menu.headers.get('cache-control')).toBe('private, no-store')
      const items = Menu.parse(await menu.json()).flatMap((option) => [option, ...(option.ops ?? [])])
      return {
        name: ((await user.json()) as { name: string } | null)?.name ?? null,
        items: items.map((item) => item.name).filter((name) => name === studentItem || name === adminItem),
      }
    }
    expect(await me(visitors.student)).toEqual({ name: student.name, items: [studentItem] })
    expect(await me(visitors.admin)).toEqual({ name: admin.name, items: [studentItem, adminItem] })
    expect(await me()).toEqual({ name: null, items: [] })
  })

  it('keys a page by the query parameters it reads: a random one renders nothing new', async () => {
    const first = await fetchPage('/', { headers: NAVIGATE })
    expect(pageTiming(first)).toBe('rendered')
    const html = await first.text()
    await cacheWritten()

    for (const query of ['?r=123', `?r=${unique('x')}&utm_source=news`, '?']) {
      const again = await fetchPage(`/${query}`, { headers: NAVIGATE })
      expect(pageTiming(again), query).toBe('shared render')
      expect(await again.text()).toBe(html)
    }

    // /login reads `redirect`: its value is part of the page, anything else is not.
    const login = await fetchPage('/login?redirect=%2Fusuario%2Fcursos&r=1', { headers: NAVIGATE })
    expect(pageTiming(login)).toBe('rendered')
    await login.text()
    await cacheWritten()
    const sameLogin = await fetchPage('/login?r=2&redirect=%2Fusuario%2Fcursos', { headers: NAVIGATE })
    expect(pageTiming(sameLogin)).toBe('shared render')
    await sameLogin.text()
    const otherLogin = await fetchPage('/login?redirect=%2Fusuario%2Fperfil', { headers: NAVIGATE })
    expect(pageTiming(otherLogin)).toBe('rendered')
    await otherLogin.text()
  })

  it('renders a page once for visitors arriving together on a cold cache', async () => {
    const course = await createCourse(testDb(), { name: unique('Curso da plateia'), url: unique('plateia') })
    await createClass(testDb(), { courseId: course.id })
    await freshCatalog()
    const audience = await Promise.all(
      Array.from({ length: 6 }, () => fetchPage(`/cursos/${course.url}`, { headers: NAVIGATE })),
    )
    const timings = audience.map(pageTiming)
    expect(timings.filter((timing) => timing === 'rendered')).toHaveLength(1)
    expect(timings.filter((timing) => timing === 'shared render')).toHaveLength(5)
    const pages = await Promise.all(audience.map((response) => response.text()))
    expect(new Set(pages).size).toBe(1)
    expect(pages[0]).toContain(course.name)
  })

  it('sets and clears the signed-in hint with the session, and the hint carries no data', async () => {
    const password = 'Senha@12345'
    const email = `${unique('dica')}@teste.example`
    const signUp = await fetchPage('/user/create_user', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'http://localhost' },
      body: JSON.stringify({ name: 'Pessoa Dica', email, password, phone: '(41) 99999-0000' }),
    })
    expect(signUp.status).toBe(200)
    const login = await fetchPage('/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'http://localhost' },
      body: JSON.stringify({ email, password, json: true }),
    })
    expect(login.status).toBe(200)
    const cookies = login.headers.getSetCookie()
    const hint = cookies.find((cookie) => cookie.startsWith('renalis_signed_in='))
    expect(hint).toMatch(/^renalis_signed_in=1; Max-Age=\d+; Path=\/; SameSite=Lax$/)
    expect(cookies.find((cookie) => cookie.startsWith('renalis_session='))).toContain('HttpOnly')

    const session = cookies.find((cookie) => cookie.startsWith('renalis_session='))!.split(';')[0]!
    const logout = await fetchPage('/logout', {
      method: 'POST',
      headers: { Cookie: `${session}; renalis_signed_in=1`, Origin: 'http://localhost' },
    })
    expect(logout.status).toBe(200)
    expect(logout.headers.getSetCookie()).toEqual(
      expect.arrayContaining([expect.stringMatching(/^renalis_signed_in=; Max-Age=0; Path=\//)]),
    )
  })
})

describe('pages for any client that accepts HTML', () => {
  beforeAll(async () => {
    await loadRenderer()
  }, 120_000)

  const html = async (response: Response) => {
    expect(response.headers.get('content-type')).toContain('text/html')
    return response.text()
  }

  it('answers a page to Accept */* and to no Accept at all, as to a browser', async () => {
    const course = await createCourse(testDb(), { name: unique('Curso para o curl'), url: unique('curl') })
    await createClass(testDb(), { courseId: course.id })
    await freshCatalog()
    const clients: Record<string, string>[] = [
      { Accept: '*/*' },
      {},
      { Accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
    ]
    for (const headers of clients) {
      const home = await fetchPage('/', { headers })
      expect(home.status, JSON.stringify(headers)).toBe(200)
      expect(await html(home)).toContain('<h1')
      const page = await fetchPage(`/cursos/${course.url}`, { headers })
      expect(page.status).toBe(200)
      expect(await html(page)).toContain(course.name)
      // A page that is also an API path for another method (POST /login).
      const login = await fetchPage('/login', { headers })
      expect(login.status).toBe(200)
      expect(await html(login)).toContain('Acesse sua conta')
      // A personal page: the SPA shell, not the API guard's 401.
      const area = await fetchPage('/usuario/cursos', { headers })
      expect(area.status).toBe(200)
      expect(await html(area)).toContain('<div id="app"></div>')
      const missing = await fetchPage(`/cursos/${unique('nao-existe')}`, { headers })
      expect(missing.status).toBe(404)
      expect(await html(missing)).toContain('Curso não encontrado.')
    }
    const head = await fetchPage('/', { method: 'HEAD', headers: { Accept: '*/*' } })
    expect(head.status).toBe(200)
    expect(head.headers.get('content-type')).toContain('text/html')
  })

  it('keeps JSON for API paths and for paths that are no page', async () => {
    const clients: Record<string, string>[] = [{ Accept: '*/*' }, {}]
    for (const headers of clients) {
      for (const path of [
        '/api/nada',
        '/home_itens/nada',
        `/${unique('sem-pagina')}/x`,
        '/admin/user/nada',
      ]) {
        const response = await fetchPage(path, { headers })
        expect(response.status, path).toBe(404)
        expect(await response.json()).toEqual({ msg: 'Endereço não encontrado.' })
      }
      const lists = await fetchPage('/home_itens/lists', { headers })
      expect(lists.status).toBe(200)
      expect(lists.headers.get('content-type')).toContain('application/json')
      const logout = await fetchPage('/logout', { headers })
      expect(logout.status).toBe(405)
      expect(logout.headers.get('allow')).toBe('POST')
    }
    // A browser's script asking with fetch() (its Sec-Fetch-Mode says so) gets the API's answer.
    const scripted = await fetchPage('/', { headers: { Accept: '*/*', 'Sec-Fetch-Mode': 'cors' } })
    expect(scripted.status).toBe(404)
    expect(scripted.headers.get('content-type')).toContain('application/json')
    // And a browser opening a path that is no page gets the not-found page.
    const unknown = await fetchPage(`/${unique('sem-pagina')}`, { headers: NAVIGATE })
    expect(unknown.status).toBe(404)
    expect(await html(unknown)).toContain('Página não encontrada')
  })
})
