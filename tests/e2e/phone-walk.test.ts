import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, it } from 'vitest'
import { fileBrowser, fileSessions, screenshot } from '../support/e2e/browser.ts'
import { liveMomentOf, openLiveView, simulateClock } from '../support/e2e/conference.ts'
import { firstRow, PHONE, settled, sidewaysScroll } from '../support/e2e/phone.ts'
import { baseURL } from '../support/e2e/stack.ts'

// Issue 22, item 1: every student and admin screen on a 375 px phone, with its data loaded and
// the admin screens' main dialogs and panels open, must not scroll sideways (sidewaysScroll in
// tests/support/e2e/phone.ts). The screens themselves, with their data, are checked on a11y's
// phone pass (tests/e2e/a11y-phone.test.ts), which visits every student and admin page; this walk
// opens what that pass does not: the admin's dialogs, panels and tabs, and the live talk's
// questions (board, moderation, speaker view: a talk of this file's own is live on the clock). A
// new one is one line in SCREENS. The screens are independent: they open a few at a time.

const CONTEXT = {
  ...PHONE,
  locale: 'pt-BR',
  timezoneId: 'America/Sao_Paulo',
  reducedMotion: 'reduce',
  extraHTTPHeaders: { 'CF-Connecting-IP': '203.0.113.75' },
} as const
const ACCOUNTS = {
  admin: { email: 'admin@instituto.test', password: 'Admin@12345' },
  student: { email: 'aluno@instituto.test', password: 'Aluno@12345' },
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

/** The screens of one admin page: its path and h1 said once, each screen by name and what it opens. */
function adminPage(path: string, h1: string, opens: Record<string, Screen['open']>): Screen[] {
  return Object.entries(opens).map(([name, open]) => ({ name, as: 'admin', path, h1, open }))
}

/** Clicks the first button of that name (within a region when named). */
async function clickFirst(page: Page, name: string | RegExp, region?: string) {
  const within = region ? page.getByRole('region', { name: region }) : page
  await within.getByRole('button', { name }).first().click()
}

/** Waits for the table's first row, clicks the first button of that name, then waits for the dialog. */
function rowDialog(table: string, button: string | RegExp, dialog: string | RegExp, region?: string) {
  return async (page: Page) => {
    await firstRow(table)(page)
    await clickFirst(page, button, region)
    await dialogOpen(page, dialog)
  }
}

/** Opens a course's images and lessons panel and waits for its lessons. */
async function openLessons(page: Page) {
  await firstRow('Cursos')(page)
  await page.getByRole('button', { name: 'Imagens e aulas de Hemodiálise para Enfermagem' }).click()
  await page
    .getByRole('button', { name: /^Editar a aula / })
    .first()
    .waitFor()
}

const COURSE_TABS = [
  ['Produtos', 'Novo produto'],
  ['Pacotes', 'Novo pacote'],
  ['Cupons', 'Novo cupom'],
] as const

const SCREENS: Screen[] = [
  ...adminPage('/admin/course', 'Cursos', {
    'admin-curso-editar': rowDialog('Cursos', /^Editar /, /^Editar curso: /),
    'admin-curso-imagens-e-aulas': async (page) => {
      await openLessons(page)
      await settled(page)
      await page.getByRole('region', { name: 'Hemodiálise para Enfermagem' }).scrollIntoViewIfNeeded()
    },
    'admin-curso-aula': async (page) => {
      await openLessons(page)
      await clickFirst(page, /^Editar a aula /)
      await dialogOpen(page, 'Editar aula')
    },
    ...Object.fromEntries(
      COURSE_TABS.flatMap(([tab, create]) => {
        const openTab = async (page: Page) => {
          await page.getByRole('tab', { name: tab }).click()
          await page.getByRole('tabpanel').locator('tbody tr').first().waitFor()
          await settled(page)
        }
        return [
          [
            `admin-cursos-${tab.toLowerCase()}`,
            async (page: Page) => {
              await openTab(page)
              await page.getByRole('tabpanel').getByRole('table').scrollIntoViewIfNeeded()
            },
          ],
          [
            `admin-cursos-${create.toLowerCase().replace(' ', '-')}`,
            async (page: Page) => {
              await openTab(page)
              await page.getByRole('button', { name: create }).click()
              await dialogOpen(page, create)
            },
          ],
        ]
      }),
    ),
  }),
  ...adminPage('/admin/turmas', 'Turmas', {
    'admin-turma-nova': rowDialog('Turmas', 'Nova turma', 'Nova turma'),
  }),
  ...adminPage('/admin/matriculas', 'Matrículas', {
    'admin-matricula-pedido': async (page) => {
      await rowDialog('Matrículas', /^ped_/, /^Pedido ped_/, 'Matrículas')(page)
      await page.getByRole('dialog').getByRole('heading', { name: 'Itens' }).waitFor()
    },
    'admin-matricula-nova': rowDialog('Matrículas', 'Nova matrícula', 'Nova matrícula (pago fora do site)'),
  }),
  ...adminPage('/admin/leads', 'Leads', {
    'admin-lead-atender': rowDialog('Leads', /^Atender /, /^Lead: /),
  }),
  ...adminPage('/admin/qrcode', 'Qrcode/Link', {
    'admin-qrcode-cliques': async (page) => {
      await firstRow('Links curtos')(page)
      await clickFirst(page, /^QR code e cliques /)
      await page.getByRole('heading', { name: 'Cliques por dia' }).waitFor()
      await settled(page)
    },
    'admin-qrcode-editar': rowDialog('Links curtos', /^Editar /, /.+/, 'Links curtos'),
  }),
  ...adminPage('/admin/home', 'Home', {
    'admin-home-card': async (page) => {
      await clickFirst(page, /^Editar o card /)
      await dialogOpen(page, /.+/)
    },
    'admin-home-previa': async (page) => {
      await page.getByRole('button', { name: 'Pré-visualizar' }).click()
      await page.getByRole('heading', { level: 2, name: 'Prévia da página inicial' }).waitFor()
      await page.locator('section[aria-roledescription="carrossel"]').first().waitFor()
    },
  }),
  // The live talk's questions (issue 44), under the player.
  ...(['board', 'moderation', 'speaker'] as const).map(
    (view): Screen => ({
      name: `jornada-perguntas-${view}`,
      as: view === 'board' ? 'student' : 'admin',
      path: '/4a-jornada-multiprofissional',
      h1: '4ª Jornada Multiprofissional em Nefrologia',
      open: async (page) => {
        await openLiveView(page, view)
        await settled(page)
      },
    }),
  ),
]

async function dialogOpen(page: Page, title: string | RegExp) {
  await page.getByRole('dialog', { name: title }).waitFor()
  await settled(page)
}

const browser = fileBrowser()
const contexts: BrowserContext[] = []

/** One login per role for the whole file. */
const sessionOf = fileSessions(browser, baseURL, ACCOUNTS, CONTEXT)

// Day 1's fifth talk is live (the accessibility files take the third and fourth).
beforeAll(() => simulateClock(liveMomentOf(5)))
afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => {})
  await simulateClock(null)
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
