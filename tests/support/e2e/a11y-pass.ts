import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import AxeBuilder from '@axe-core/playwright'
import type { Result } from 'axe-core'
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SPECIALIZATION_EDITAL } from '../../../db/seed-data/student.ts'
import { fileBrowser, fileSessions, screenshot } from './browser.ts'
import { placeGuestPixOrder } from './checkout.ts'
import { liveMomentOf, openLiveView, simulateClock } from './conference.ts'
import { firstRow, PHONE, settled, sidewaysScroll } from './phone.ts'
import { baseURL } from './stack.ts'

// Issue 12, item 16: axe-core over every page kind, on a desktop and on a 375 px phone, must
// find no violation of the WCAG 2.x A/AA rules. On the phone, no page kind scrolls sideways
// either (issue 22, item 1; the admin's dialogs and panels: phone-walk.test.ts). A new page kind
// is one line in PAGES. The page kinds are independent: a viewport's open a few at a time, and
// each viewport is a test file of its own (tests/e2e/a11y-desktop.test.ts, a11y-phone.test.ts).

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

// A second engine beside axe (issue 40): Squiz's HTML_CodeSniffer, its WCAG 2 AA standard. Run
// through the DevTools protocol (page.evaluate), which the pages' CSP does not govern.
// Its 2.5.1 build names the H98 (autocomplete) messages 'InvalidAutoComplete_…' in the sniff and
// 'InvalidAutocomplete_…' in its English texts: a finding threw instead of being reported. The
// texts take the sniff's spelling, so each such error is listed like the others.
const HTMLCS_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('html_codesniffer/build/HTMLCS.js'),
  'utf8',
).replaceAll('H98.InvalidAutocomplete_', 'H98.InvalidAutoComplete_')

/** HTML_CodeSniffer's errors (not its warnings and notices, which ask a person to judge), one line each. */
async function codeSnifferErrors(page: Page): Promise<string[]> {
  return page.evaluate(`(() => {
    ${HTMLCS_SOURCE}
    return new Promise((resolve) => {
      HTMLCS.process('WCAG2AA', document, () => {
        resolve(HTMLCS.getMessages().filter((m) => m.type === HTMLCS.ERROR).map((m) => {
          const el = m.element
          const where = el && el.tagName ? el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') : ''
          return m.code + ' ' + where + ': ' + m.msg
        }))
      })
    })
  })()`)
}
let codeSnifferChecked = 0
const VIEWPORTS = {
  desktop: { viewport: { width: 1366, height: 900 } },
  phone: PHONE,
} satisfies Record<string, BrowserContextOptions>
const ACCOUNTS = {
  student: { email: 'aluno@instituto.test', password: 'Aluno@12345' },
  admin: { email: 'admin@instituto.test', password: 'Admin@12345' },
}
const COURSE = 'hemodialise-para-enfermagem'
/** The demo student's seeded card order, and a plan of the seeded application no journey pays (June). */
const DEMO_ORDER = 'ped_5eed0000000000000000000000000001'
const PLAN_PAYMENT = '/usuario/editais/mensalidade/8?inscricao=1'
/** An e-mailed link's token as the pages read it (nothing is sent until they act on it). */
const LINK_TOKEN = 'a'.repeat(43)

type Who = 'visitor' | 'student' | 'admin'
export type Viewport = keyof typeof VIEWPORTS
type PageKind = {
  name: string
  /** Who looks at it (a visitor unless told). */
  as?: Who
  /** The address, or a function that prepares what the page needs and returns it. */
  path: string | ((page: Page) => Promise<string>)
  /**
   * What a person sees once the page is ready with its data (an h1 unless told), then any action
   * to take.
   */
  ready: string | ((page: Page) => Promise<void>)
}

const h1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true }).waitFor()
/** The page's h1, then its data. */
const withData = (name: string, data: (page: Page) => Promise<void>) => async (page: Page) => {
  await h1(page, name)
  await data(page)
}

/** An admin list page: its h1, then its table's first row (the table named as the h1 unless told). */
const adminList = (name: string, path: string, heading: string, table = heading): PageKind => ({
  name,
  as: 'admin',
  path,
  ready: withData(heading, firstRow(table)),
})

const PAGES: PageKind[] = [
  {
    name: 'home',
    path: '/',
    ready: (page) => page.getByRole('heading', { level: 2, name: 'Cursos Online' }).waitFor(),
  },
  { name: 'course page', path: `/cursos/${COURSE}`, ready: 'Hemodiálise para Enfermagem' },
  { name: 'product page', path: '/produtos/1', ready: 'Simulador de Punção de Fístula Arteriovenosa' },
  { name: 'e-books', path: '/ebooks', ready: 'E-books' },
  { name: 'institute page', path: '/quem-somos', ready: 'Quem somos' },
  { name: 'courses', path: '/cursos', ready: 'Cursos' },
  { name: 'edital', path: `/editais/${SPECIALIZATION_EDITAL.slug}`, ready: SPECIALIZATION_EDITAL.title },
  { name: 'products', path: '/produtos', ready: 'Produtos' },
  { name: 'contact', path: '/contato', ready: 'Contato' },
  { name: 'contact form with errors', path: '/contato', ready: contactWithErrors },
  { name: 'contact widget open', path: '/', ready: openContactWidget },
  { name: 'conference', path: '/4a-jornada-multiprofissional', ready: conferenceReady },
  { name: 'page translation (English)', path: '/quem-somos', ready: translatePage },
  { name: 'not found', path: '/cursos/curso-que-nao-existe', ready: 'Curso não encontrado.' },
  { name: 'login page', path: '/login', ready: 'Olá! Já possui uma conta?' },
  { name: 'search open', path: '/', ready: openSearch },
  { name: 'menu open', path: '/', ready: openMenu },
  { name: 'login modal open', path: '/', ready: openLoginModal },
  { name: 'cart dialog open', path: withCart('/'), ready: openCartDialog },
  { name: 'cart', path: withCart('/carrinho-de-compras'), ready: cartReady },
  { name: 'checkout', path: withCart('/checkout/'), ready: checkoutReady },
  { name: 'checkout with errors', path: withCart('/checkout/'), ready: checkoutWithErrors },
  { name: 'order result', path: orderResult, ready: 'Pedido recebido: falta pagar o PIX' },
  { name: 'profile', as: 'student', path: '/usuario/perfil', ready: profileReady },
  {
    name: 'e-mail confirmation link, signed out',
    path: `/conta/confirmar-email#token=${LINK_TOKEN}`,
    ready: confirmNeedsLogin,
  },
  {
    name: "'não fui eu' link",
    path: `/conta/nao-fui-eu#token=${LINK_TOKEN}`,
    ready: 'Não reconhece a troca de e-mail?',
  },
  { name: 'user menu open', as: 'student', path: '/', ready: openUserMenu },
  { name: 'student purchases', as: 'student', path: '/usuario/compras', ready: 'Minhas compras' },
  { name: 'student courses', as: 'student', path: '/usuario/cursos', ready: 'Meus cursos' },
  { name: 'student editais', as: 'student', path: '/usuario/editais', ready: 'Meus editais' },
  { name: 'student e-books', as: 'student', path: '/usuario/ebooks', ready: 'Meus e-books' },
  {
    name: 'student order detail',
    as: 'student',
    path: `/usuario/compras/${DEMO_ORDER}`,
    ready: 'Detalhes do pedido',
  },
  {
    name: 'student course content',
    as: 'student',
    path: `/usuario/cursos/${COURSE}`,
    ready: courseContentReady,
  },
  {
    name: 'student in-person course',
    as: 'student',
    path: '/usuario/cursos/hemodialise-avancada',
    ready: 'Hemodiálise Avançada para Nefrologistas',
  },
  { name: 'plan payment: plan', as: 'student', path: PLAN_PAYMENT, ready: planStep(1) },
  { name: 'plan payment: payer', as: 'student', path: PLAN_PAYMENT, ready: planStep(2) },
  { name: 'plan payment: method', as: 'student', path: PLAN_PAYMENT, ready: planStep(3) },
  { name: 'plan payment: card', as: 'student', path: PLAN_PAYMENT, ready: planStep(4) },
  { name: 'download refused', path: '/download/link.nao.valido', ready: 'Não foi possível baixar o arquivo' },
  { name: 'admin dashboard', as: 'admin', path: '/admin', ready: withData('Dashboard', dashboardData) },
  adminList('admin courses', '/admin/course', 'Cursos'),
  adminList('admin classes', '/admin/turmas', 'Turmas'),
  adminList('admin enrollments', '/admin/matriculas', 'Matrículas'),
  adminList('admin invoices', '/admin/notas-fiscais', 'Notas fiscais'),
  adminList('admin leads', '/admin/leads', 'Leads'),
  adminList('admin QR codes', '/admin/qrcode', 'Qrcode/Link', 'Links curtos'),
  adminList('admin editais', '/admin/editais', 'Editais'),
  adminList(
    'admin edital',
    `/admin/editais/${SPECIALIZATION_EDITAL.id}`,
    SPECIALIZATION_EDITAL.title,
    'Lista de inscrições',
  ),
  adminList('admin certificates', '/admin/certificados', 'Certificados', 'Certificados emitidos'),
  adminList(
    'admin certificates: attendance',
    '/admin/certificados?aba=presenca',
    'Certificados',
    'Turmas presenciais',
  ),
  {
    name: 'admin certificates: conference',
    as: 'admin',
    path: '/admin/certificados?aba=jornada',
    ready: withData('Certificados', (page) =>
      page.getByLabel('Presença mínima (% da programação)').waitFor(),
    ),
  },
  {
    name: 'admin home',
    as: 'admin',
    path: '/admin/home',
    ready: withData('Home', (page) => page.getByRole('list', { name: 'Listas da vitrine' }).waitFor()),
  },
]

const CONFERENCE = '/4a-jornada-multiprofissional'
/** The live talk's screens (issue 44), checked once a talk is live on the clock (after PAGES). */
const LIVE_PAGES: PageKind[] = [
  { name: 'live questions: board', as: 'student', path: CONFERENCE, ready: liveView('board') },
  { name: 'live questions: moderation', as: 'admin', path: CONFERENCE, ready: liveView('moderation') },
  { name: 'live questions: speaker view', as: 'admin', path: CONFERENCE, ready: liveView('speaker') },
  // The student, named the live talk's speaker by the admin (beforeAll below): a plain account's view.
  {
    name: 'live questions: speaker view, the talk’s speaker account',
    as: 'student',
    path: CONFERENCE,
    ready: liveView('speaker'),
  },
  {
    name: 'conference: the admin’s speaker accounts',
    as: 'admin',
    path: CONFERENCE,
    ready: speakersPanelReady,
  },
]
/** Each viewport's file has a live talk of its own (its room's limits apart from the other's). */
const LIVE_SLOT: Record<Viewport, number> = { desktop: 3, phone: 4 }

/** The admin's panel that names each talk's speaker account, the student named in its list. */
async function speakersPanelReady(page: Page) {
  await h1(page, '4ª Jornada Multiprofissional em Nefrologia')
  const panel = page.getByRole('region', { name: 'Contas de quem fala (administração)' })
  await panel.getByRole('listitem').filter({ hasText: ACCOUNTS.student.email }).waitFor()
  await panel.scrollIntoViewIfNeeded()
}

/** The dashboard's figures, charts and activity, its last table brought into view. */
async function dashboardData(page: Page) {
  await page.getByTestId('figure-Receita líquida').waitFor()
  await page.locator('figure svg[role="img"]').first().waitFor()
  await page.getByRole('region', { name: 'Registro de atividades' }).last().waitFor()
  await page.getByRole('region', { name: 'Matrículas por curso' }).last().scrollIntoViewIfNeeded()
}

/** Meu perfil once its 'Segurança da conta' section has its data. */
async function profileReady(page: Page) {
  await h1(page, 'Meu perfil')
  await page.getByRole('button', { name: 'Sair de todos os dispositivos' }).waitFor()
}

async function confirmNeedsLogin(page: Page) {
  await h1(page, 'Confirmar e-mail')
  await page.getByText('Entre na sua conta para confirmar o e-mail.').waitFor()
}

async function openSearch(page: Page) {
  const box = page.getByRole('combobox', { name: 'Pesquisar cursos e produtos' })
  await box.click()
  await box.pressSequentially('dialise')
  await page.getByRole('listbox', { name: 'Resultados da pesquisa' }).getByRole('option').first().waitFor()
}

/** The phone's menu panel; on a desktop, the 'Cursos' submenu of the menu bar. */
async function openMenu(page: Page) {
  const phone = (page.viewportSize()?.width ?? 0) < 990
  if (phone) await page.getByRole('button', { name: 'Menu', exact: true }).click()
  const nav = page.getByRole('navigation', { name: 'Menu principal' })
  await nav.getByRole('button', { name: 'Submenu Cursos' }).click()
  await nav.getByRole('link', { name: 'Nefrologia intervencionista' }).waitFor()
}

async function courseContentReady(page: Page) {
  await h1(page, 'Hemodiálise para Enfermagem')
  await page.getByRole('navigation', { name: 'Aulas do curso' }).waitFor()
}

/** The live questions' view, its room connected. */
function liveView(view: Parameters<typeof openLiveView>[1]) {
  return (page: Page) => openLiveView(page, view)
}

/** The payment-plan screen at step n: a credit card chosen, on the way to the card's step. */
function planStep(step: 1 | 2 | 3 | 4) {
  return async (page: Page) => {
    const title = (n: number) => page.getByRole('heading', { level: 2, name: new RegExp(`^Etapa ${n} de 5`) })
    await title(1).waitFor()
    if (step === 1) return
    await page.getByRole('button', { name: 'Continuar' }).click()
    await title(2).waitFor()
    if (step === 2) return
    await page.getByLabel('CPF', { exact: true }).pressSequentially('52998224725')
    await page.getByRole('button', { name: 'Continuar' }).click()
    await title(3).waitFor()
    await page.getByRole('radio', { name: 'Cartão de crédito' }).check()
    if (step === 3) return
    await page.getByRole('button', { name: 'Continuar' }).click()
    await title(4).waitFor()
  }
}

async function openUserMenu(page: Page) {
  // The signed-in header arrives rendered; a press once the app answers input opens its menu (a
  // lazy chunk, loaded on that press).
  await page.waitForFunction(() => document.documentElement.dataset.ready === 'true')
  await page.getByRole('button', { name: /Seja bem-vindo/ }).click()
  await page.getByRole('menu').getByRole('menuitem', { name: 'Sair' }).waitFor()
}

async function openCartDialog(page: Page) {
  await page.locator('header').getByRole('button', { name: 'Carrinho' }).click()
  await page
    .getByRole('dialog', { name: 'Carrinho' })
    .getByRole('link', { name: 'Finalizar compra' })
    .waitFor()
}

/** The SPEC's checks before sending: every field marked, the toast listing them. */
async function contactWithErrors(page: Page) {
  await h1(page, 'Contato')
  const form = page.getByRole('region', { name: 'Fale com a gente' })
  await form.getByRole('button', { name: 'enviar mensagem' }).click()
  await page
    .locator('[data-sonner-toast]', { hasText: 'Dados incorreto(s): Nome, E-mail, Telefone' })
    .waitFor()
}

async function openContactWidget(page: Page) {
  await page.getByRole('button', { name: /Fale com a gente/ }).click()
  await page.getByRole('dialog', { name: 'Fale com a gente' }).waitFor()
}

/** The programme, and the stage once the browser knows the server's clock. */
async function conferenceReady(page: Page) {
  await h1(page, '4ª Jornada Multiprofissional em Nefrologia')
  await page.getByTestId('official-clock').waitFor()
}

/** English chosen in the footer; the page's main text through the translation widget. */
async function translatePage(page: Page) {
  await h1(page, 'Quem somos')
  const footer = page.getByRole('contentinfo')
  await footer.getByRole('combobox', { name: 'Idioma das mensagens' }).selectOption('en')
  await footer.getByRole('button', { name: 'Traduzir página (English)' }).click()
  await page.getByRole('heading', { level: 1, name: '[EN] Quem somos' }).waitFor()
}

async function openLoginModal(page: Page) {
  await page.getByRole('button', { name: 'Acesse sua conta' }).click()
  await page.getByRole('dialog').getByRole('heading', { name: 'Olá! Já possui uma conta?' }).waitFor()
}

/** A cart holding one class, made through the API and handed to the page as the stored hash. */
function withCart(prefix: string) {
  return async (page: Page) => {
    const response = await page.request.post(`${baseURL}/carrinho-de-compras/update-cart`, {
      data: { data: { id: 1, type: 'turma' }, option: 'add' },
    })
    expect(response.status()).toBe(200)
    const { hash } = (await response.json()) as { hash: string }
    await page.addInitScript((value) => window.localStorage.setItem('cart-hash', value), hash)
    return prefix.endsWith('/') ? prefix + hash : prefix
  }
}

async function cartReady(page: Page) {
  await page.getByRole('heading', { level: 1 }).waitFor()
  await page.getByText('Hemodiálise para Enfermagem — Comece agora').first().waitFor()
}

async function checkoutReady(page: Page) {
  await page.getByRole('group', { name: 'Forma de pagamento' }).waitFor()
  await page.getByRole('radio', { name: 'Cartão de crédito' }).check()
  await page.getByLabel('Número do cartão', { exact: true }).waitFor()
}

/** Sent empty: every field says what is missing. */
async function checkoutWithErrors(page: Page) {
  await checkoutReady(page)
  await page.getByRole('button', { name: 'Finalizar pagamento' }).click()
  await page.locator('[aria-invalid="true"]').first().waitFor()
}

let orderPath: Promise<string> | undefined
/** One PIX order, placed once through the checkout screen; the phone looks at the same order. */
function orderResult(page: Page): Promise<string> {
  orderPath ??= (async () => {
    const checkout = await page.context().newPage()
    await checkout.goto(baseURL + (await withCart('/checkout/')(checkout)))
    await placeGuestPixOrder(checkout, {
      name: 'Rita Acessível Souza',
      email: `rita.${Date.now()}@exemplo.com.br`,
    })
    const path = new URL(checkout.url()).pathname
    await checkout.close()
    return path
  })()
  return orderPath
}

/** One line per violation and node: rule, impact, target and axe's summary of what to fix. */
function describeViolations(violations: Result[]): string[] {
  return violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id} (${violation.impact}) ${node.target.join(' ')}: ${node.failureSummary?.replace(/\s+/g, ' ')}`,
    ),
  )
}

/**
 * The pass over every page kind on one viewport: a test file per viewport (tests/e2e/a11y-desktop.test.ts,
 * a11y-phone.test.ts), so the two may run side by side when the e2e project has more than one worker.
 */
export function accessibilityPass(viewport: Viewport) {
  const browser = fileBrowser()
  const contexts: BrowserContext[] = []

  /** One login per role for the whole file. */
  const sessionOf = fileSessions(browser, baseURL, ACCOUNTS)

  /**
   * Contexts of a role that a page kind has finished with, for the next one: a context
   * keeps the browser's cache, so a page loads its scripts and styles as a returning visitor's would
   * (a fresh context per page fetched and compiled them all again, about half of this file's time).
   * Each comes back as it started: its cookies the role's session (none for a visitor), its storage
   * empty.
   */
  const idle = new Map<Who, BrowserContext[]>()

  async function borrowContext(who: Who): Promise<BrowserContext> {
    const reused = idle.get(who)?.pop()
    if (reused) return reused
    const context = await browser().newContext({
      ...VIEWPORTS[viewport],
      locale: 'pt-BR',
      timezoneId: 'America/Sao_Paulo',
      reducedMotion: 'reduce',
      ...(who === 'visitor' ? {} : { storageState: await sessionOf(who) }),
    })
    contexts.push(context)
    return context
  }

  /** Empties what the page kind stored (on the page, before it closes) and restores the role's cookies. */
  async function returnContext(who: Who, page: Page) {
    const context = page.context()
    try {
      await page.evaluate(() => {
        window.localStorage.clear()
        window.sessionStorage.clear()
      })
      for (const other of context.pages()) await other.close()
      await context.clearCookies()
      if (who !== 'visitor') await context.addCookies((await sessionOf(who)).cookies)
    } catch {
      // Not known to be as it started: no other page kind gets it.
      await context.close()
      return
    }
    idle.set(who, [...(idle.get(who) ?? []), context])
  }

  async function openPage(kind: PageKind) {
    const who = kind.as ?? 'visitor'
    const context = await borrowContext(who)
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    const path = typeof kind.path === 'string' ? kind.path : await kind.path(page)
    await page.goto(baseURL + path)
    await (typeof kind.ready === 'string' ? h1(page, kind.ready) : kind.ready(page))
    await settled(page)
    return { page, who, errors }
  }

  /** Per page checked: the rules axe ran (the WCAG tags' set), those that found something to check, and the nodes those passed. */
  let axeVersion = ''
  const checked: { page: string; run: number; applied: number; violations: number }[] = []

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {})
    if (checked.length === 0) return
    const sum = (key: 'run' | 'applied' | 'violations') =>
      checked.reduce((total, entry) => total + entry[key], 0)
    console.log(
      `HTML_CodeSniffer WCAG2AA: ${codeSnifferChecked} pages without an error. axe-core ${axeVersion}: ${checked.length} pages (${new Set(checked.map((entry) => entry.page)).size} kinds on ${viewport === 'desktop' ? 'a desktop' : 'a 375 px phone'}) × ${Math.max(...checked.map((entry) => entry.run))} WCAG 2.x A/AA rules = ${sum('run')} page-rule checks (${sum('applied')} with something to check): ${sum('violations')} violations`,
    )
  })

  /** The test of one page kind: axe, HTML_CodeSniffer, sideways scrolling on the phone, no page error. */
  function check(kind: PageKind, timeout?: number) {
    it(
      `${kind.name}: no violation${viewport === 'phone' ? ', no sideways scrolling' : ''}`,
      async ({ expect }) => {
        const { page, who, errors } = await openPage(kind)
        const sideways = viewport === 'phone' ? await sidewaysScroll(page) : { overflow: 0, culprits: [] }
        // Legacy mode runs axe.run() inside the page: the same rules, about twice as fast as the
        // default, which opens a page of its own per run to merge frames (these pages have none).
        // Only the violations' nodes are described (their targets, what to fix); the other kinds of
        // result name their rules with one node each, which is all the summary counts.
        const results = await new AxeBuilder({ page })
          .options({ resultTypes: ['violations'] })
          .withTags(WCAG_TAGS)
          .setLegacyMode(true)
          .analyze()
        axeVersion = results.testEngine.version
        const ids = (groups: Result[][]) => new Set(groups.flat().map((rule) => rule.id)).size
        const applied = ids([results.passes, results.violations, results.incomplete])
        checked.push({
          page: kind.name,
          run: ids([results.passes, results.violations, results.incomplete, results.inapplicable]),
          applied,
          violations: results.violations.length,
        })
        // What axe looked at: every page kind on the phone, and any page that failed.
        if (viewport === 'phone' || results.violations.length > 0) {
          await screenshot(page, `a11y-${viewport}-${kind.name.replace(/\W+/g, '-')}`)
        }
        expect(describeViolations(results.violations)).toEqual([])
        expect(await codeSnifferErrors(page)).toEqual([])
        codeSnifferChecked += 1
        expect(
          { page: kind.name, ...sideways },
          `${kind.name} scrolls ${sideways.overflow} px sideways at 375 px`,
        ).toEqual({ page: kind.name, overflow: 0, culprits: [] })
        expect(errors).toEqual([])
        // A page kind that failed leaves its context as it was (closed with the file).
        await returnContext(who, page)
      },
      timeout,
    )
  }

  describe.concurrent(`axe-core, WCAG 2.x A/AA, on ${viewport === 'desktop' ? 'a desktop' : 'a 375 px phone'}`, () => {
    for (const kind of PAGES) check(kind)
  })

  /** The admin names the student the speaker of this file's live talk (`email`), or no one (null). */
  async function nameSpeaker(email: string | null) {
    const context = await browser().newContext({ storageState: await sessionOf('admin') })
    try {
      const list = await context.request.get(`${baseURL}/api/admin/conference/speakers`)
      expect(list.status()).toBe(200)
      const talks = (await list.json()) as { key: number; session: [number, number] }[]
      const talk = talks.find(({ session }) => session[0] === 1 && session[1] === LIVE_SLOT[viewport])
      expect(talk, `talk [1,${LIVE_SLOT[viewport]}]`).toBeDefined()
      const named = await context.request.put(`${baseURL}/api/admin/conference/talks/${talk?.key}/speaker`, {
        headers: { Origin: baseURL },
        data: { email },
      })
      expect(named.status(), await named.text()).toBe(200)
    } finally {
      await context.close()
    }
  }

  // After the others (the conference page kind sees the countdown): a talk live on the clock, the
  // student named its speaker.
  describe.concurrent('the live talk’s questions: board, moderation, speaker views, speaker accounts', () => {
    beforeAll(async () => {
      await simulateClock(liveMomentOf(LIVE_SLOT[viewport]))
      await nameSpeaker(ACCOUNTS.student.email)
    })
    afterAll(async () => {
      await nameSpeaker(null)
      await simulateClock(null)
    })
    // Each opens the talk's room and waits for its WebSocket (twice for the organisation's views):
    // more than a page kind's minute on a loaded machine.
    for (const kind of LIVE_PAGES) check(kind, 120_000)
  })
}
