import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { conferenceTalks, pages } from '../../db/schema.ts'
import { BOOT_SCRIPT } from '../../worker/ssr/inline-scripts.ts'
import { fillTemplate, type PageRequest, prepareTemplate, renderDocument } from '../../worker/ssr/pages.ts'
import {
  createClass,
  createCourse,
  createShowcaseCard,
  createShowcaseList,
  createUser,
  freshCatalog,
  sessionCookie,
  testDb,
  unique,
} from '../support/worker/db.ts'
import { workerFetch } from '../support/worker/http.ts'
import { withRenderer } from '../support/worker/pages.ts'

// The shape of the built index.html (web/index.html after `vite build`).
const TEMPLATE = `<!doctype html>
<html lang="pt-BR">
  <head>
    <meta charset="UTF-8" />
    <title>Instituto Renalis – Ensino e Pesquisa em Nefrologia</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body>
    <div id="app"></div>
  </body>
</html>`

/** The page as the Worker would send it, its API calls answered by the Worker itself. */
async function render(path: string, headers: HeadersInit = {}) {
  const request: PageRequest = {
    url: new URL(path, 'http://localhost'),
    origin: 'https://www.institutorenalis.com.br',
    headers: new Headers({ Accept: 'text/html', ...headers }),
    template: TEMPLATE,
    handle: (apiRequest) => workerFetch(apiRequest),
  }
  return renderDocument(request)
}

function parts(html: string) {
  const head = html.slice(0, html.indexOf('</head>'))
  const app = html.slice(html.indexOf('<div id="app">'), html.indexOf('<script id="ssr-state"'))
  const stateText = /<script id="ssr-state" type="application\/json">([\s\S]*?)<\/script>/.exec(html)?.[1]
  return { head, app, stateText: stateText ?? '', state: JSON.parse(stateText ?? 'null') as unknown }
}

describe('pages rendered by the Worker', () => {
  const db = testDb()

  withRenderer()

  it('sends the home page with its course lists, its own title and the data it was rendered from', async () => {
    const turma = await createClass(db, { priceCents: 123456 })
    const list = await createShowcaseList(db, { title: unique('Vitrine'), sortOrder: -100 })
    const card = await createShowcaseCard(db, {
      listId: list.id,
      type: 'turma',
      itemId: turma.id,
      name: 'Curso da vitrine renderizada',
    })

    const page = await render('/')

    expect(page.status).toBe(200)
    if (page.status === null) return
    const { head, app, state } = parts(page.html)
    expect(head).toContain('<title>Instituto Renalis – Cursos de nefrologia, pesquisa e e-books</title>')
    expect(head).not.toContain('Ensino e Pesquisa em Nefrologia</title>')
    expect(head).toContain('<link rel="canonical" href="https://www.institutorenalis.com.br/"/>')
    expect(app).toContain(list.title)
    expect(app).toContain(card.name)
    expect(app).toMatch(/R\$\s1\.234,56/)
    expect(JSON.stringify(state)).toContain(card.name)
  })

  it('sends a course page with its classes, prices and structured data', async () => {
    const course = await createCourse(db, { name: 'Curso renderizado no servidor', url: unique('ssr') })
    await createClass(db, { courseId: course.id, name: 'Turma de março', priceCents: 100000 })

    const page = await render(`/cursos/${course.url}`)

    expect(page.status).toBe(200)
    if (page.status === null) return
    const { head, app } = parts(page.html)
    expect(head).toContain('<title>Curso renderizado no servidor | Instituto Renalis</title>')
    expect(head).toContain(`href="https://www.institutorenalis.com.br/cursos/${course.url}"`)
    expect(app).toContain('<h1')
    expect(app).toContain('Turma de março')
    expect(app).toMatch(/data-testid="turma-price"[^>]*>R\$\s1\.000,00</)
    // No link says it is the current page: not the menu's 'Cursos', its '#…' items, the breadcrumb
    // or the page's own '#turmas' (components/link.tsx).
    expect(app).not.toMatch(/<a [^>]*aria-current="page"/)
    // Structured data in the page (React hoists title, meta and links, not scripts).
    expect(app).toMatch(
      /<script type="application\/ld\+json">\{"@context":"https:\/\/schema.org","@type":"Course"/,
    )
  })

  it('answers 404 with the not-found page for an unknown course and an unknown path', async () => {
    const course = await render(`/cursos/${unique('nao-existe')}`)
    expect(course.status).toBe(404)
    if (course.status === null) return
    expect(parts(course.html).app).toContain('Curso não encontrado.')
    expect(parts(course.html).head).toContain('noindex')

    const path = await render(`/${unique('pagina')}/sem-rota`)
    expect(path.status).toBe(404)
    if (path.status === null) return
    expect(parts(path.html).app).toContain('Página não encontrada')
  })

  it('renders a signed-in visitor the page everyone gets: the login button and a neutral placeholder', async () => {
    const user = await createUser(db, { name: 'Renata Servidor Teste' })
    const signedIn = await render('/cursos', { Cookie: await sessionCookie(user.id) })
    const anonymous = await render('/cursos')

    expect(signedIn.status).toBe(200)
    expect(anonymous.status).toBe(200)
    if (signedIn.status === null || anonymous.status === null) return
    expect(parts(signedIn.html).app).toBe(parts(anonymous.html).app)
    const { app } = parts(signedIn.html)
    expect(app).not.toContain('Renata')
    // Both faces of the user area: the page's boot script and the stylesheet pick one.
    expect(app).toMatch(/<button[^>]*class="[^"]*session-visitor[^"]*"[^>]*>.*Acesse sua conta/)
    expect(app).toMatch(/<span(?=[^>]*class="[^"]*session-user)(?=[^>]*role="status")[^>]*>/)
  })

  it('sends /contato with its form and every page with the floating contact button', async () => {
    await db
      .insert(pages)
      .values({ slug: 'contato', title: 'Contato', body: 'Fale com a gente pelo formulário.' })
      .onConflictDoNothing()
    await freshCatalog()
    const page = await render('/contato')
    expect(page.status).toBe(200)
    if (page.status === null) return
    const { app } = parts(page.html)
    expect(app).toContain('como podemos te ajudar?')
    expect(app).toMatch(/<button type="submit"[^>]*data-state="idle"[^>]*>.*enviar mensagem<\/button>/)
    expect(app).toContain('aria-label="Fale com a gente: abrir o formulário de contato"')
  })

  it('sends the conference programme; the live part waits for the browser to know the server clock', async () => {
    await db.delete(conferenceTalks)
    await db.insert(conferenceTalks).values({
      day: 1,
      slot: 1,
      initAt: new Date('2032-05-07T11:30:00Z'),
      title: 'Palestra renderizada no servidor',
      speaker: 'Dra. Servidora',
      content: 'Minicurrículo.',
      videoId: 'dia-1',
      videoInit: 1800,
      youtubeId: 'ServidorDia1',
    })
    // The Worker's copy of the programme is dropped (local-only route).
    await workerFetch('http://localhost/api/dev/conference/clock', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ at: null }),
    })
    const page = await render('/4a-jornada-multiprofissional')
    expect(page.status).toBe(200)
    if (page.status === null) return
    const { head, app, stateText } = parts(page.html)
    expect(head).toContain('<title>4ª Jornada Multiprofissional em Nefrologia | Instituto Renalis</title>')
    expect(app).toContain('Palestra renderizada no servidor')
    expect(app).toContain('Sincronizando com o horário oficial da Jornada')
    // Nothing of the video host in the page: the player is created on the viewer's press.
    expect(app).not.toContain('youtube')
    expect(app).not.toContain('<iframe')
    expect(stateText).toContain('ServidorDia1')
  })

  it('keeps text from the catalogue inert: escaped in the page, and unable to close the data script', async () => {
    const hostile = 'Curso </script><script>alert(1)</script> <!-- fim'
    const course = await createCourse(db, { name: hostile, url: unique('hostil') })
    await createClass(db, { courseId: course.id })

    const page = await render(`/cursos/${course.url}`)

    expect(page.status).toBe(200)
    if (page.status === null) return
    const { app, stateText, state } = parts(page.html)
    expect(app).not.toContain('<script>alert(1)</script>')
    expect(app).toContain('Curso &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(stateText).not.toMatch(/<\/script|<!--/i)
    expect(JSON.stringify(state)).toContain(hostile)
  })

  it('leaves personal pages and failed loads to the browser (the SPA shell)', async () => {
    for (const path of [
      '/usuario/cursos',
      '/admin',
      '/carrinho-de-compras',
      '/checkout',
      '/pedido/1',
      '/senha/redefinir',
    ]) {
      expect((await render(path)).status, path).toBeNull()
    }
    const failing = await renderDocument({
      url: new URL('http://localhost/'),
      origin: 'https://www.institutorenalis.com.br',
      headers: new Headers(),
      template: TEMPLATE,
      // The database is out: the lists answer 503 as the Worker does then.
      handle: async (apiRequest) =>
        new URL(apiRequest.url).pathname === '/home_itens/lists'
          ? Response.json({ msg: 'Serviço temporariamente indisponível.' }, { status: 503 })
          : workerFetch(apiRequest),
    })
    expect(failing).toEqual({ status: null, reason: expect.stringContaining('showcase') })
  })

  it('answers a browser navigation with the rendered page when the web app is built', async () => {
    const built = await env.ASSETS.fetch('http://localhost/')
    const response = await workerFetch('http://localhost/cursos', {
      headers: { Accept: 'text/html', 'Sec-Fetch-Mode': 'navigate' },
    })
    // Without web/dist there is no template: the Worker then serves whatever the assets have.
    if (!built.ok) return expect(response.status).toBe(built.status)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('text/html')
    expect(response.headers.get('cache-control')).toBe('private, no-cache')
    const html = await response.text()
    expect(html).toContain('<title>Cursos | Instituto Renalis</title>')
    // The current page's own links, and only those, say so.
    const current = [...html.matchAll(/<a [^>]*aria-current="page"[^>]*>/g)].map(([tag]) => tag)
    expect(current.length).toBeGreaterThan(0)
    for (const tag of current) expect(tag).toContain('href="/cursos"')
    // One public origin, from configuration: the canonical URL is the sitemap's (PUBLIC_ORIGIN).
    expect(html).toContain(`<link rel="canonical" href="${env.PUBLIC_ORIGIN}/cursos"/>`)
    expect(html).toContain('id="ssr-state"')
    // The stylesheet arrives inside the page.
    expect(html).toMatch(/<style>[^<]*\.container-page/)
    expect(html).not.toMatch(/<link rel="stylesheet"/)
    // The scripts load after the first paint.
    expect(html).not.toMatch(/<script type="module"/)
    expect(html).toMatch(/first-contentful-paint[\s\S]*<\/script><\/body>/)
    expect(html).toMatch(/<script>\(function\(w,d\)\{[^<]*"\/assets\/index-[\w-]+\.js"/)

    // Every visitor shares one render per catalogue version, signed in or not.
    const navigate = (cookie?: string) =>
      workerFetch('http://localhost/cursos', {
        headers: { Accept: 'text/html', 'Sec-Fetch-Mode': 'navigate', ...(cookie ? { Cookie: cookie } : {}) },
      })
    const shared = async (response: Response) => {
      await response.text()
      return (response.headers.get('server-timing') ?? '').includes('shared render')
    }
    await new Promise((resolve) => setTimeout(resolve, 50)) // the cache write runs after the response
    expect(await shared(await navigate())).toBe(true)
    const user = await createUser(db, { name: 'Visitante Logado' })
    const signedIn = await navigate(await sessionCookie(user.id))
    expect(await signedIn.clone().text()).not.toContain('Visitante')
    expect(await shared(signedIn)).toBe(true)
    await freshCatalog()
    expect(await shared(await navigate())).toBe(false)
  })
})

describe('fillTemplate', () => {
  it("replaces the template's title and fills #app once", () => {
    const html = fillTemplate(TEMPLATE, {
      head: '<title>Nova</title>',
      html: '<p>$& $1</p>',
      state: { a: '</script>' },
    })
    expect(html.match(/<title>/g)).toHaveLength(1)
    expect(html).toContain('<title>Nova</title></head>')
    expect(html).toContain('<div id="app"><p>$& $1</p></div>')
    expect(html).toContain('{"a":"\\u003c/script>"}')
  })
})

describe('prepareTemplate', () => {
  it('puts the boot script first in <head> and moves the scripts to a loader after the first paint', () => {
    const built = TEMPLATE.replace(
      '</head>',
      '<link rel="modulepreload" crossorigin href="/assets/react-1.js">\n</head>',
    )
    const { html, inlineScripts } = prepareTemplate(built)
    const head = html.slice(0, html.indexOf('</head>'))
    expect(head).toMatch(/^<!doctype html>\s*<html lang="pt-BR">\s*<head><script>/)
    expect(head).toContain(`<script>${BOOT_SCRIPT}</script>`)
    expect(head).not.toContain('<script type="module"')
    expect(head).not.toContain('modulepreload')
    const loader = /<script>(\(function\(w,d\)[\s\S]*?)<\/script><\/body>/.exec(html)?.[1] ?? ''
    expect(loader).toContain('["/assets/react-1.js"]')
    expect(loader).toContain('["/assets/index-abc.js"]')
    expect(loader).toContain("s.type='module'")
    expect(loader).toContain('first-contentful-paint')
    expect(inlineScripts).toEqual([BOOT_SCRIPT, loader])
    // Nothing to defer: only the boot script is added.
    const bare = TEMPLATE.replace(/<script type="module"[^>]*><\/script>/, '')
    expect(prepareTemplate(bare)).toEqual({
      html: bare.replace('<head>', `<head><script>${BOOT_SCRIPT}</script>`),
      inlineScripts: [BOOT_SCRIPT],
    })
  })
})
