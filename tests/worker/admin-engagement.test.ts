import { env } from 'cloudflare:workers'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { leads, qrLinks, showcaseLists } from '../../db/schema.ts'
import { AdminLeadPage } from '../../worker/contract/admin-leads.ts'
import { AdminShortLink, ShortLinkClicks } from '../../worker/contract/admin-links.ts'
import { AdminShowcase, type ShowcaseListInput } from '../../worker/contract/admin-showcase.ts'
import { ShowcaseLists } from '../../worker/contract/showcase.ts'
import { curitibaDay } from '../../worker/domain/time-zone.ts'
import { recordClickFlush } from '../../worker/services/short-links/clicks.ts'
import { adminCall, auditOf, fileAdmin } from '../support/worker/admin.ts'
import { createClass, createCourse, testContext, testDb, unique } from '../support/worker/db.ts'
import { workerFetch } from '../support/worker/http.ts'

const db = testDb()
const admin = fileAdmin()

describe('leads (/api/admin/leads)', () => {
  async function newLead(values: Partial<typeof leads.$inferInsert> = {}) {
    const [row] = await db
      .insert(leads)
      .values({
        name: `Lead ${unique('pessoa')}`,
        email: `${unique('lead')}@teste.example`,
        phone: '(41) 99876-1234',
        description: 'Quero saber das turmas de 2027.',
        ...values,
      })
      .returning()
    return row!
  }

  it('lists contact and chat messages with filters and search; the state moves on with a note; stale is 409', async () => {
    const chat = await newLead({ target: 'chat', description: `Tem turma aos sábados? ${unique('x')}` })
    const contact = await newLead({ target: 'contato' })
    const page = AdminLeadPage.parse(
      (await adminCall(admin(), 'GET', `/api/admin/leads?q=${encodeURIComponent(chat.email)}`)).body,
    )
    expect(page.items).toEqual([
      expect.objectContaining({
        id: chat.id,
        target: 'chat',
        state: 'new',
        message: chat.description,
        version: 1,
      }),
    ])
    const chats = AdminLeadPage.parse(
      (await adminCall(admin(), 'GET', '/api/admin/leads?target=chat&per_page=100')).body,
    )
    expect(chats.items.some((row) => row.id === contact.id)).toBe(false)
    const byPhone = AdminLeadPage.parse(
      (await adminCall(admin(), 'GET', '/api/admin/leads?q=99876-1234&per_page=100')).body,
    )
    expect(byPhone.items.some((row) => row.id === chat.id)).toBe(true)

    const taken = await adminCall(admin(), 'PUT', `/api/admin/leads/${chat.id}`, {
      state: 'in_progress',
      note: 'Liguei, retornar amanhã.',
      version: 1,
    })
    expect(taken.body).toMatchObject({ state: 'in_progress', note: 'Liguei, retornar amanhã.', version: 2 })
    const stale = await adminCall(admin(), 'PUT', `/api/admin/leads/${chat.id}`, {
      state: 'answered',
      version: 1,
    })
    expect(stale.status).toBe(409)
    const answered = await adminCall(admin(), 'PUT', `/api/admin/leads/${chat.id}`, {
      state: 'answered',
      note: 'Respondido por WhatsApp.',
      version: 2,
    })
    expect(answered.body.state).toBe('answered')
    const [row] = await db.select().from(leads).where(eq(leads.id, chat.id))
    expect(row?.isHandled).toBe(true)
    expect(
      (await adminCall(admin(), 'GET', `/api/admin/leads?state=answered&q=${encodeURIComponent(chat.email)}`))
        .body.total,
    ).toBe(1)
    expect((await auditOf('lead', chat.id)).map((line) => line.data)).toEqual([
      {
        before: { state: 'in_progress', note: 'Liguei, retornar amanhã.' },
        after: { state: 'answered', note: 'Respondido por WhatsApp.' },
      },
      {
        before: { state: 'new', note: '' },
        after: { state: 'in_progress', note: 'Liguei, retornar amanhã.' },
      },
    ])
    const bad = await adminCall(admin(), 'PUT', `/api/admin/leads/${chat.id}`, { state: 'lost', version: 3 })
    expect(bad.body.errors.state).toEqual(['Escolha a situação.'])
  })

  it('exports the filter as CSV (BOM, ";", pt-BR dates) with formulas neutralised', async () => {
    const lead = await newLead({
      name: '=HYPERLINK("x") Pessoa',
      createdAt: new Date('2026-11-20T12:15:00Z'),
    })
    const answer = await adminCall(
      admin(),
      'GET',
      `/api/admin/leads/exportacao?q=${encodeURIComponent(lead.email)}`,
    )
    expect(answer.status).toBe(200)
    const bytes = new Uint8Array(await answer.response.arrayBuffer())
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const [header, line] = new TextDecoder().decode(bytes.slice(3)).split('\r\n')
    expect(header).toBe('Recebido em;Nome;E-mail;Telefone;Mensagem;Origem;Situação;Anotação')
    expect(line).toBe(
      `20/11/2026 09:15;"'=HYPERLINK(""x"") Pessoa";${lead.email};(41) 99876-1234;Quero saber das turmas de 2027.;Contato;novo;`,
    )
  })
})

describe('short links and QR codes (/api/admin/qrcodes, /l/{code})', () => {
  const follow = (code: string) => workerFetch(`http://localhost/l/${code}`, { redirect: 'manual' })

  async function newLink(values: Record<string, unknown> = {}) {
    const answer = await adminCall(admin(), 'POST', '/api/admin/qrcodes', {
      title: 'Folder do congresso',
      code: unique('folder').toLowerCase(),
      target_url: '/cursos/hemodialise-para-enfermagem?utm_source=folder&utm_medium=qrcode',
      ...values,
    })
    expect(answer.status, JSON.stringify(answer.body)).toBe(201)
    return AdminShortLink.parse(answer.body)
  }

  it('a link to a page of the site redirects and counts; the QR code holds its public address', async () => {
    const link = await newLink()
    expect(link.short_url).toBe(`${env.PUBLIC_ORIGIN}/l/${link.code}`)
    const response = await follow(link.code)
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe(
      '/cursos/hemodialise-para-enfermagem?utm_source=folder&utm_medium=qrcode',
    )
    expect(response.headers.get('cache-control')).toBe('no-store')
    const clicks = ShortLinkClicks.parse(
      (await adminCall(admin(), 'GET', `/api/admin/qrcodes/${link.id}/cliques`)).body,
    )
    expect(clicks.total).toBe(1)
    expect(clicks.days).toHaveLength(30)
    expect(clicks.days.at(-1)).toEqual({ day: curitibaDay(new Date()), clicks: 1 })
  })

  it('1 000 hits at once: 1 000 clicks counted, none written to the database on the way', async () => {
    const link = await newLink()
    const hits = await Promise.all(Array.from({ length: 1000 }, () => follow(link.code)))
    expect(hits.every((hit) => hit.status === 302)).toBe(true)
    const [beforeFlush] = await db.select().from(qrLinks).where(eq(qrLinks.id, link.id))
    expect(beforeFlush?.clicks).toBe(0)
    const clicks = ShortLinkClicks.parse(
      (await adminCall(admin(), 'GET', `/api/admin/qrcodes/${link.id}/cliques`)).body,
    )
    expect(clicks.total).toBe(1000)
    expect(clicks.days.reduce((sum, day) => sum + day.clicks, 0)).toBe(1000)
  }, 120_000)

  it('a flush sent twice (its answer lost) counts once', async () => {
    const link = await newLink()
    const flush = { id: crypto.randomUUID(), linkId: link.id, days: { '2026-11-20': 7 } }
    expect(await recordClickFlush(testContext(), flush)).toBe('applied')
    expect(await recordClickFlush(testContext(), flush)).toBe('already')
    const clicks = ShortLinkClicks.parse(
      (await adminCall(admin(), 'GET', `/api/admin/qrcodes/${link.id}/cliques?from=2026-11-20&to=2026-11-20`))
        .body,
    )
    expect(clicks).toMatchObject({ total: 7, days: [{ day: '2026-11-20', clicks: 7 }] })
  })

  it('only pages of the site or allowed outside addresses; a taken code is a 422', async () => {
    const cases: Array<[string, string]> = [
      ['https://phishing.example/login', 'Endereços fora do site só para:'],
      ['javascript:alert(1)', 'Informe um endereço do site'],
      ['//phishing.example', 'Informe um endereço do site'],
      // Normalised by the URL parser to '//phishing.example/login': another host to a browser.
      ['/.//phishing.example/login', 'Informe um endereço do site'],
      ['/./..//phishing.example', 'Informe um endereço do site'],
      // Outside hosts by exact name: another host of an allowed domain is not allowed.
      ['https://sites.google.com/view/golpe', 'Endereços fora do site só para:'],
      ['https://golpe.instagram.com/x', 'Endereços fora do site só para:'],
      ['http://instagram.com/institutorenalis', 'Informe um endereço do site'],
      ['/l/outro-link', 'O destino não pode ser outro link curto.'],
    ]
    for (const [target, message] of cases) {
      const answer = await adminCall(admin(), 'POST', '/api/admin/qrcodes', {
        title: 'Teste',
        target_url: target,
      })
      expect(answer.status, target).toBe(422)
      expect(answer.body.errors.target_url[0], target).toContain(message)
    }
    const outside = await newLink({ target_url: 'https://www.instagram.com/institutorenalis' })
    expect(outside.target_url).toBe('https://www.instagram.com/institutorenalis')
    const own = await newLink({ target_url: `${env.PUBLIC_ORIGIN}/contato#formulario` })
    expect(own.target_url).toBe('/contato#formulario')
    const taken = await adminCall(admin(), 'POST', '/api/admin/qrcodes', {
      title: 'Outro',
      code: own.code,
      target_url: '/',
    })
    expect(taken.body.errors.code).toEqual(['Já existe um link com este código.'])
    const generated = await newLink({ code: null, title: 'Jornada Multiprofissional 2027' })
    expect(generated.code).toMatch(/^jornada-multiprofissional-2027(-[0-9a-f]{6})?$/)
  })

  it('a link saved with a target a browser reads as another host sends no one there', async () => {
    const link = await newLink()
    expect((await follow(link.code)).status).toBe(302)
    // As a row written before targets were checked after normalisation would hold it.
    for (const target of ['//phishing.example/login', 'https://sites.google.com/view/golpe']) {
      await db.update(qrLinks).set({ targetUrl: target }).where(eq(qrLinks.id, link.id))
      // The link's counter is told, as an edit tells it (this write went around the admin's verbs).
      const { env } = await import('cloudflare:workers')
      const counter = env.LINK_CLICKS.get(env.LINK_CLICKS.idFromName(link.code))
      await counter.configure({ id: link.id, target, enabled: true })
      const response = await follow(link.code)
      expect(response.status, target).toBe(404)
      expect(response.headers.get('location'), target).toBeNull()
    }
  })

  it('a disabled link answers a 404 page; edits are versioned and audited', async () => {
    const link = await newLink()
    const off = await adminCall(admin(), 'PUT', `/api/admin/qrcodes/${link.id}`, {
      title: link.title,
      target_url: link.target_url,
      is_enabled: false,
      version: link.version,
    })
    expect(off.body.is_enabled).toBe(false)
    const response = await follow(link.code)
    expect(response.status).toBe(404)
    expect(response.headers.get('content-type')).toContain('text/html')
    expect(await response.text()).toContain('Link indisponível')
    expect((await follow('nao-existe-este-link')).status).toBe(404)
    const stale = await adminCall(admin(), 'PUT', `/api/admin/qrcodes/${link.id}`, {
      title: 'Velho',
      target_url: '/',
      is_enabled: true,
      version: link.version,
    })
    expect(stale.status).toBe(409)
    expect((await auditOf('short_link', link.id)).map((line) => line.action)).toEqual([
      'short_link.update',
      'short_link.create',
    ])
  })
})

describe('home showcase editor (/api/admin/vitrine)', () => {
  const publicLists = async () =>
    ShowcaseLists.parse(await (await workerFetch('http://localhost/home_itens/lists')).json())

  function draftOf(showcase: AdminShowcase): ShowcaseListInput[] {
    return showcase.lists.map((list) => ({
      id: list.id,
      title: list.title,
      sub_title: list.sub_title,
      cart_mode: list.cart_mode,
      cards: list.cards.map(({ price: _price, ...card }) => card),
    }))
  }

  it('previews a draft as the home page draws it, publishes it whole, and refuses a stale or broken one', async () => {
    const course = await createCourse(db, { name: unique('Curso da vitrine'), slider: [['capa', 'svg']] })
    const turma = await createClass(db, { courseId: course.id, priceCents: 89000 })
    const showcase = AdminShowcase.parse((await adminCall(admin(), 'GET', '/api/admin/vitrine')).body)
    expect(showcase.images[`turma:${turma.id}`]).toEqual(['/img/cursos/capa.svg'])
    const title = unique('Lançamentos')
    const newList: ShowcaseListInput = {
      id: null,
      title,
      sub_title: 'Turmas novas',
      cart_mode: true,
      cards: [
        {
          type: 'turma',
          item_id: turma.id,
          name: course.name,
          name_splited: ['Hemodiálise', 'Prática'],
          description_title: 'Online',
          description: 'Comece quando quiser.',
          amount: 99000,
          open: true,
        },
      ],
    }
    const draft = [newList, ...draftOf(showcase)]

    const preview = await adminCall(admin(), 'POST', '/api/admin/vitrine/previa', { lists: draft })
    expect(preview.status, JSON.stringify(preview.body)).toBe(200)
    const previewed = ShowcaseLists.parse(preview.body)
    expect(previewed[0]).toMatchObject({
      title,
      cart_mode: true,
      itens: [
        {
          id: turma.id,
          type: 'turma',
          name_splited: ['Hemodiálise', 'Prática'],
          img: '/img/cursos/capa.svg',
          price: 89000,
          amount: 99000,
          url: `/cursos/${course.url}`,
        },
      ],
    })
    expect((await publicLists()).some((list) => list.title === title)).toBe(false)

    const published = await adminCall(admin(), 'PUT', '/api/admin/vitrine', {
      lists: draft,
      version: showcase.version,
    })
    expect(published.status, JSON.stringify(published.body)).toBe(200)
    expect(published.body.version).toBe(showcase.version + 1)
    const lists = await publicLists()
    expect(lists[0]).toEqual(previewed[0] && { ...previewed[0], id: lists[0]!.id })
    expect(lists.slice(1).map((list) => list.title)).toEqual(showcase.lists.map((list) => list.title))

    const stale = await adminCall(admin(), 'PUT', '/api/admin/vitrine', {
      lists: [],
      version: showcase.version,
    })
    expect(stale.status).toBe(409)
    expect((await publicLists()).length).toBe(lists.length)

    const broken = await adminCall(admin(), 'PUT', '/api/admin/vitrine', {
      lists: [{ ...newList, cards: [{ ...newList.cards[0]!, item_id: 999_999 }] }, { ...newList }],
      version: showcase.version + 1,
    })
    expect(broken.status).toBe(422)
    expect(broken.body.errors).toEqual({
      'lists.0.cards.0.item_id': ['O item escolhido não existe mais. Escolha outro.'],
      'lists.1.title': ['Duas listas com o mesmo título teriam o mesmo link (âncora): mude um deles.'],
    })
    expect(await db.select().from(showcaseLists)).toHaveLength(lists.length)
    const [line] = await auditOf('showcase', 1)
    expect(line).toMatchObject({ action: 'showcase.publish' })
    expect((line!.data as { after: { lists: Array<{ title: string }> } }).after.lists[0]?.title).toBe(title)
  })

  it("takes the item's first picture for a card that names none, and keeps a card without a picture so when published again", async () => {
    const course = await createCourse(db, { name: unique('Curso sem foto'), slider: [['capa', 'svg']] })
    const turma = await createClass(db, { courseId: course.id, priceCents: 50000 })
    const card = { type: 'turma' as const, item_id: turma.id, name: course.name }
    const title = unique('Fotos')
    const publish = async (lists: ShowcaseListInput[]) => {
      const showcase = AdminShowcase.parse((await adminCall(admin(), 'GET', '/api/admin/vitrine')).body)
      const answer = await adminCall(admin(), 'PUT', '/api/admin/vitrine', {
        lists: [...lists, ...draftOf(showcase).filter((list) => list.title !== title)],
        version: showcase.version,
      })
      expect(answer.status, JSON.stringify(answer.body)).toBe(200)
      return AdminShowcase.parse(answer.body)
    }
    const first = await publish([{ id: null, title, cards: [card, { ...card, img: null }] }])
    expect((await publicLists())[0]?.itens.map((item) => item.img)).toEqual(['/img/cursos/capa.svg', null])
    // The editor sends back what it read: nothing changes.
    await publish(draftOf(first).filter((list) => list.title === title))
    expect((await publicLists())[0]?.itens.map((item) => item.img)).toEqual(['/img/cursos/capa.svg', null])
  })
})
