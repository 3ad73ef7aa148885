import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { fileBrowser, fileSessions, screenshot } from '../support/e2e/browser.ts'

// Issue 22, item 1: every student and admin screen on a 375 px phone, with its data loaded and
// the admin screens' main dialogs and panels open, must not scroll sideways. Measured as a phone
// shows it: `document.documentElement.scrollWidth − clientWidth` (a phone's layout viewport grows
// to fit the page, so `window.innerWidth` would hide it). Wide tables scroll inside their own box.
// A new screen is one line in SCREENS.

const baseURL = inject('baseURL')
const PHONE = {
  viewport: { width: 375, height: 812 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  locale: 'pt-BR',
  timezoneId: 'America/Sao_Paulo',
  reducedMotion: 'reduce',
  extraHTTPHeaders: { 'CF-Connecting-IP': '203.0.113.75' },
} as const
const ACCOUNTS = {
  student: { email: 'aluno@instituto.test', password: 'Aluno@12345' },
  admin: { email: 'admin@instituto.test', password: 'Admin@12345' },
}
type Who = keyof typeof ACCOUNTS
const COURSE = 'hemodialise-para-enfermagem'
/** The demo student's seeded card order, and a plan of the seeded application no journey pays. */
const DEMO_ORDER = 'ped_5eed0000000000000000000000000001'
const PLAN_PAYMENT = '/usuario/editais/mensalidade/8?inscricao=1'

type Screen = {
  /** The screenshot's name, and the name a failure gives. */
  name: string
  as: Who
  path: string
  /** The page's h1 once it shows. */
  h1: string | RegExp
  /** Waits for the screen's data, then opens what the screen is about (a dialog, a panel). */
  open?: (page: Page) => Promise<void>
}

const SCREENS: Screen[] = [
  { name: 'meus-cursos', as: 'student', path: '/usuario/cursos', h1: 'Meus cursos' },
  {
    name: 'conteudo-do-curso',
    as: 'student',
    path: `/usuario/cursos/${COURSE}`,
    h1: 'Hemodiálise para Enfermagem',
    open: (page) => page.getByRole('navigation', { name: 'Aulas do curso' }).waitFor(),
  },
  {
    name: 'curso-presencial',
    as: 'student',
    path: '/usuario/cursos/hemodialise-avancada',
    h1: 'Hemodiálise Avançada para Nefrologistas',
  },
  { name: 'minhas-compras', as: 'student', path: '/usuario/compras', h1: 'Minhas compras' },
  {
    name: 'detalhe-da-compra',
    as: 'student',
    path: `/usuario/compras/${DEMO_ORDER}`,
    h1: 'Detalhes do pedido',
  },
  { name: 'meus-ebooks', as: 'student', path: '/usuario/ebooks', h1: 'Meus e-books' },
  { name: 'meus-editais', as: 'student', path: '/usuario/editais', h1: 'Meus editais' },
  {
    name: 'mensalidade-plano',
    as: 'student',
    path: PLAN_PAYMENT,
    h1: /.+/,
    open: (page) => page.getByRole('heading', { level: 2, name: /^Etapa 1 de 5/ }).waitFor(),
  },
  {
    name: 'mensalidade-cartao',
    as: 'student',
    path: PLAN_PAYMENT,
    h1: /.+/,
    open: planCardStep,
  },
  {
    name: 'perfil',
    as: 'student',
    path: '/usuario/perfil',
    h1: 'Meu perfil',
    open: (page) => page.getByRole('button', { name: 'Sair de todos os dispositivos' }).waitFor(),
  },
  {
    name: 'admin-dashboard',
    as: 'admin',
    path: '/admin',
    h1: 'Dashboard',
    open: async (page) => {
      await page.getByTestId('figure-Receita líquida').waitFor()
      await page.locator('figure svg[role="img"]').first().waitFor()
      await page.getByRole('region', { name: 'Registro de atividades' }).last().waitFor()
      await page.getByRole('region', { name: 'Matrículas por curso' }).last().scrollIntoViewIfNeeded()
    },
  },
  { name: 'admin-cursos', as: 'admin', path: '/admin/course', h1: 'Cursos', open: firstRow('Cursos') },
  {
    name: 'admin-curso-editar',
    as: 'admin',
    path: '/admin/course',
    h1: 'Cursos',
    open: async (page) => {
      await firstRow('Cursos')(page)
      await page
        .getByRole('button', { name: /^Editar / })
        .first()
        .click()
      await dialogOpen(page, /^Editar curso: /)
    },
  },
  {
    name: 'admin-curso-imagens-e-aulas',
    as: 'admin',
    path: '/admin/course',
    h1: 'Cursos',
    open: async (page) => {
      await firstRow('Cursos')(page)
      await page.getByRole('button', { name: 'Imagens e aulas de Hemodiálise para Enfermagem' }).click()
      await page
        .getByRole('button', { name: /^Editar a aula / })
        .first()
        .waitFor()
      await settled(page)
      await page.getByRole('region', { name: 'Hemodiálise para Enfermagem' }).scrollIntoViewIfNeeded()
    },
  },
  {
    name: 'admin-curso-aula',
    as: 'admin',
    path: '/admin/course',
    h1: 'Cursos',
    open: async (page) => {
      await firstRow('Cursos')(page)
      await page.getByRole('button', { name: 'Imagens e aulas de Hemodiálise para Enfermagem' }).click()
      await page
        .getByRole('button', { name: /^Editar a aula / })
        .first()
        .click()
      await dialogOpen(page, 'Editar aula')
    },
  },
  ...(
    [
      ['Produtos', 'Novo produto'],
      ['Pacotes', 'Novo pacote'],
      ['Cupons', 'Novo cupom'],
    ] as const
  ).flatMap(([tab, create]): Screen[] => {
    const openTab = async (page: Page) => {
      await page.getByRole('tab', { name: tab }).click()
      await page.getByRole('tabpanel').locator('tbody tr').first().waitFor()
      await settled(page)
    }
    return [
      {
        name: `admin-cursos-${tab.toLowerCase()}`,
        as: 'admin',
        path: '/admin/course',
        h1: 'Cursos',
        open: async (page) => {
          await openTab(page)
          await page.getByRole('tabpanel').getByRole('table').scrollIntoViewIfNeeded()
        },
      },
      {
        name: `admin-cursos-${create.toLowerCase().replace(' ', '-')}`,
        as: 'admin',
        path: '/admin/course',
        h1: 'Cursos',
        open: async (page) => {
          await openTab(page)
          await page.getByRole('button', { name: create }).click()
          await dialogOpen(page, create)
        },
      },
    ]
  }),
  { name: 'admin-turmas', as: 'admin', path: '/admin/turmas', h1: 'Turmas', open: firstRow('Turmas') },
  {
    name: 'admin-turma-nova',
    as: 'admin',
    path: '/admin/turmas',
    h1: 'Turmas',
    open: async (page) => {
      await firstRow('Turmas')(page)
      await page.getByRole('button', { name: 'Nova turma' }).click()
      await dialogOpen(page, 'Nova turma')
    },
  },
  {
    name: 'admin-matriculas',
    as: 'admin',
    path: '/admin/matriculas',
    h1: 'Matrículas',
    open: firstRow('Matrículas'),
  },
  {
    name: 'admin-matricula-pedido',
    as: 'admin',
    path: '/admin/matriculas',
    h1: 'Matrículas',
    open: async (page) => {
      await firstRow('Matrículas')(page)
      await page
        .getByRole('region', { name: 'Matrículas' })
        .getByRole('button', { name: /^ped_/ })
        .first()
        .click()
      await dialogOpen(page, /^Pedido ped_/)
      await page.getByRole('dialog').getByRole('heading', { name: 'Itens' }).waitFor()
    },
  },
  {
    name: 'admin-matricula-nova',
    as: 'admin',
    path: '/admin/matriculas',
    h1: 'Matrículas',
    open: async (page) => {
      await firstRow('Matrículas')(page)
      await page.getByRole('button', { name: 'Nova matrícula' }).click()
      await dialogOpen(page, 'Nova matrícula (pago fora do site)')
    },
  },
  { name: 'admin-leads', as: 'admin', path: '/admin/leads', h1: 'Leads', open: firstRow('Leads') },
  {
    name: 'admin-lead-atender',
    as: 'admin',
    path: '/admin/leads',
    h1: 'Leads',
    open: async (page) => {
      await firstRow('Leads')(page)
      await page
        .getByRole('button', { name: /^Atender / })
        .first()
        .click()
      await dialogOpen(page, /^Lead: /)
    },
  },
  {
    name: 'admin-qrcode',
    as: 'admin',
    path: '/admin/qrcode',
    h1: 'Qrcode/Link',
    open: firstRow('Links curtos'),
  },
  {
    name: 'admin-qrcode-cliques',
    as: 'admin',
    path: '/admin/qrcode',
    h1: 'Qrcode/Link',
    open: async (page) => {
      await firstRow('Links curtos')(page)
      await page
        .getByRole('button', { name: /^QR code e cliques / })
        .first()
        .click()
      await page.getByRole('heading', { name: 'Cliques por dia' }).waitFor()
      await settled(page)
    },
  },
  {
    name: 'admin-qrcode-editar',
    as: 'admin',
    path: '/admin/qrcode',
    h1: 'Qrcode/Link',
    open: async (page) => {
      await firstRow('Links curtos')(page)
      await page
        .getByRole('region', { name: 'Links curtos' })
        .getByRole('button', { name: /^Editar / })
        .first()
        .click()
      await dialogOpen(page, /.+/)
    },
  },
  {
    name: 'admin-home',
    as: 'admin',
    path: '/admin/home',
    h1: 'Home',
    open: (page) => page.getByRole('list', { name: 'Listas da vitrine' }).waitFor(),
  },
  {
    name: 'admin-home-card',
    as: 'admin',
    path: '/admin/home',
    h1: 'Home',
    open: async (page) => {
      await page
        .getByRole('button', { name: /^Editar o card / })
        .first()
        .click()
      await dialogOpen(page, /.+/)
    },
  },
  {
    name: 'admin-home-previa',
    as: 'admin',
    path: '/admin/home',
    h1: 'Home',
    open: async (page) => {
      await page.getByRole('button', { name: 'Pré-visualizar' }).click()
      await page.getByRole('heading', { level: 2, name: 'Prévia da página inicial' }).waitFor()
      await page.locator('section[aria-roledescription="carrossel"]').first().waitFor()
    },
  },
]

/** Nothing on the page still loading: no 'Carregando...' row, no busy region. */
function settled(page: Page) {
  return page.waitForFunction(
    () =>
      !Array.from(document.querySelectorAll('[role="status"]')).some((status) =>
        status.textContent?.includes('Carregando'),
      ) && document.querySelector('[aria-busy="true"]') === null,
  )
}

/** The admin list's table with its first row of data, brought into view. */
function firstRow(table: string) {
  return async (page: Page) => {
    const region = page.getByRole('region', { name: table })
    await region.locator('tbody tr').first().waitFor()
    await settled(page)
    await region.scrollIntoViewIfNeeded()
  }
}

async function dialogOpen(page: Page, title: string | RegExp) {
  await page.getByRole('dialog', { name: title }).waitFor()
  await settled(page)
}

/** The payment plan up to its card step: the widest form of the screen. */
async function planCardStep(page: Page) {
  const title = (n: number) => page.getByRole('heading', { level: 2, name: new RegExp(`^Etapa ${n} de 5`) })
  await title(1).waitFor()
  await page.getByRole('button', { name: 'Continuar' }).click()
  await title(2).waitFor()
  await page.getByLabel('CPF', { exact: true }).pressSequentially('52998224725')
  await page.getByRole('button', { name: 'Continuar' }).click()
  await title(3).waitFor()
  await page.getByRole('radio', { name: 'Cartão de crédito' }).check()
  await page.getByRole('button', { name: 'Continuar' }).click()
  await title(4).waitFor()
}

/**
 * What scrolls sideways: the page (scrollWidth − clientWidth), and the few outermost elements
 * that stick out past the screen's right edge without a scrolling box of their own to hold them;
 * an open dialog must fit the screen and not scroll sideways either.
 */
function sidewaysScroll(page: Page) {
  return page.evaluate(() => {
    const root = document.documentElement
    const width = root.clientWidth
    const describe = (element: Element) =>
      `<${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''} class="${element.getAttribute('class') ?? ''}"> right ${Math.round(element.getBoundingClientRect().right)}`
    // Inside a box that scrolls or clips and itself fits the screen; fixed boxes follow the
    // layout viewport, which grows with the page on a phone (they show the overflow, not cause it).
    const held = (element: Element) => {
      if (getComputedStyle(element).position === 'fixed') return true
      for (
        let parent = element.parentElement;
        parent && parent !== document.body;
        parent = parent.parentElement
      ) {
        const style = getComputedStyle(parent)
        if (style.position === 'fixed') return true
        if (style.overflowX !== 'visible' && parent.getBoundingClientRect().right <= width + 0.5) return true
      }
      return false
    }
    const outermost: Element[] = []
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      if (element.getBoundingClientRect().right <= width + 0.5 || held(element)) continue
      if (outermost.some((outer) => outer.contains(element))) continue
      outermost.push(element)
    }
    const dialogs = Array.from(document.querySelectorAll('[role="dialog"], [role="alertdialog"]')).flatMap(
      (dialog) => {
        const rect = dialog.getBoundingClientRect()
        const inner = [dialog, ...Array.from(dialog.querySelectorAll('*'))].filter(
          (element) =>
            element.scrollWidth > element.clientWidth + 1 &&
            ['auto', 'scroll', 'hidden'].includes(getComputedStyle(element).overflowX) &&
            element.getAttribute('role') !== 'region',
        )
        return [
          ...(rect.left < -0.5 || rect.right > width + 0.5
            ? [`dialog from ${Math.round(rect.left)} to ${Math.round(rect.right)} px`]
            : []),
          ...inner.map((element) => `dialog content scrolls sideways: ${describe(element)}`),
        ]
      },
    )
    return {
      overflow: root.scrollWidth - root.clientWidth,
      culprits: [...outermost.slice(0, 4).map(describe), ...dialogs],
    }
  })
}

const browser = fileBrowser()
const contexts: BrowserContext[] = []

/** One login per role for the whole file. */
const sessionOf = fileSessions(browser, baseURL, ACCOUNTS, PHONE)

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => {})
})

describe('every student and admin screen on a 375 px phone', () => {
  for (const screen of SCREENS) {
    it(`${screen.name} (${screen.path}) does not scroll sideways`, async () => {
      const context = await browser().newContext({ ...PHONE, storageState: await sessionOf(screen.as) })
      contexts.push(context)
      const page = await context.newPage()
      const errors: string[] = []
      page.on('pageerror', (error) => errors.push(error.message))
      await page.goto(baseURL + screen.path)
      await page.getByRole('heading', { level: 1, name: screen.h1 }).first().waitFor()
      await settled(page)
      await screen.open?.(page)
      const { overflow, culprits } = await sidewaysScroll(page)
      await screenshot(page, `phone-walk-${screen.name}`)
      expect(
        { screen: screen.name, overflow, culprits },
        `${screen.name} (${screen.path}) scrolls ${overflow} px sideways at 375 px`,
      ).toEqual({ screen: screen.name, overflow: 0, culprits: [] })
      expect(errors).toEqual([])
      await context.close()
    })
  }
})
