import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, describe, inject, it } from 'vitest'
import { fileBrowser, fileSessions, screenshot } from '../support/e2e/browser.ts'
import { firstRow, PHONE, settled, sidewaysScroll } from '../support/e2e/phone.ts'

// Issue 22, item 1: every student and admin screen on a 375 px phone, with its data loaded and
// the admin screens' main dialogs and panels open, must not scroll sideways (sidewaysScroll in
// tests/support/e2e/phone.ts). The screens themselves, with their data, are checked on a11y's
// phone pass (tests/e2e/a11y.test.ts), which visits every student and admin page; this walk
// opens what that pass does not: the admin's dialogs, panels and tabs. A new one is one line in
// SCREENS. The screens are independent (nothing is saved): they open a few at a time.

const baseURL = inject('baseURL')
const CONTEXT = {
  ...PHONE,
  locale: 'pt-BR',
  timezoneId: 'America/Sao_Paulo',
  reducedMotion: 'reduce',
  extraHTTPHeaders: { 'CF-Connecting-IP': '203.0.113.75' },
} as const
const ACCOUNTS = {
  admin: { email: 'admin@instituto.test', password: 'Admin@12345' },
}
type Who = keyof typeof ACCOUNTS

type Screen = {
  /** The screenshot's name, and the name a failure gives. */
  name: string
  as: Who
  path: string
  /** The page's h1 once it shows. */
  h1: string | RegExp
  /** Waits for the screen's data, then opens what the screen is about (a dialog, a panel). */
  open: (page: Page) => Promise<void>
}

const SCREENS: Screen[] = [
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

async function dialogOpen(page: Page, title: string | RegExp) {
  await page.getByRole('dialog', { name: title }).waitFor()
  await settled(page)
}

const browser = fileBrowser()
const contexts: BrowserContext[] = []

/** One login per role for the whole file. */
const sessionOf = fileSessions(browser, baseURL, ACCOUNTS, CONTEXT)

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => {})
})

describe.concurrent("the admin's dialogs, panels and tabs on a 375 px phone", () => {
  for (const screen of SCREENS) {
    it(`${screen.name} (${screen.path}) does not scroll sideways`, async ({ expect }) => {
      const context = await browser().newContext({ ...CONTEXT, storageState: await sessionOf(screen.as) })
      contexts.push(context)
      const page = await context.newPage()
      const errors: string[] = []
      page.on('pageerror', (error) => errors.push(error.message))
      await page.goto(baseURL + screen.path)
      await page.getByRole('heading', { level: 1, name: screen.h1 }).first().waitFor()
      await settled(page)
      await screen.open(page)
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
