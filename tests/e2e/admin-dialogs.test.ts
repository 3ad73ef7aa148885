import type { BrowserContext, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signInToAdmin } from '../support/e2e/admin.ts'
import { fileBrowser, IN_CURITIBA, matching, SESSION_CHECK, watchErrors } from '../support/e2e/browser.ts'
import { settled } from '../support/e2e/phone.ts'
import { baseURL } from '../support/e2e/stack.ts'

// Issue 40, item 2, in real Chromium on the seeded stack: the admin's form dialogs (classes,
// leads, a course's modules and lessons, products, bundles, coupons) once reset their fields only
// when the edited item changed, so 'Novo …' after an edit could open with that item's values. Here
// a 'Novo …' typed over and closed opens empty again; an item's edit typed over and closed opens
// with that item's values again; after an edit, 'Novo …' opens exactly as it did before any edit
// (every field empty or at its default), and another item's edit opens with that item's values.
// Nothing is saved. One page, one sign-in.

const UNSAVED = 'Texto digitado e não salvo'

const browser = fileBrowser()
let context: BrowserContext
let page: Page
const errors: string[] = []

beforeAll(async () => {
  context = await browser().newContext({
    viewport: { width: 1366, height: 900 },
    ...IN_CURITIBA,
    reducedMotion: 'reduce',
  })
  page = watchErrors(await context.newPage(), (error) => errors.push(error), matching(SESSION_CHECK))
  await signInToAdmin(page, baseURL)
})

afterAll(async () => {
  await context?.close()
  expect(errors).toEqual([])
})

type Fields = Record<string, string | boolean>

/**
 * Every field of the open dialog by its name (a checkbox or radio of a group by name[value]):
 * a text's value, a select's chosen value, a box's tick.
 */
function fieldsOf(dialog: Locator): Promise<Fields> {
  return dialog.evaluate((root) => {
    const fields: Record<string, string | boolean> = {}
    const elements = root.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(
      'input, select, textarea',
    )
    for (const element of Array.from(elements)) {
      if (!element.name || (element instanceof HTMLInputElement && element.type === 'file')) continue
      if (element instanceof HTMLInputElement && (element.type === 'checkbox' || element.type === 'radio')) {
        const grouped = root.querySelectorAll(`[name="${element.name}"]`).length > 1
        fields[grouped ? `${element.name}[${element.value}]` : element.name] = element.checked
      } else {
        fields[element.name] = element.value
      }
    }
    return fields
  })
}

/** The dialog of that title, open, its choices loaded. */
async function openDialog(button: Locator, title: string | RegExp): Promise<Locator> {
  await button.click()
  const dialog = page.getByRole('dialog', { name: title })
  await dialog.waitFor()
  await settled(page)
  return dialog
}

async function close(dialog: Locator) {
  await dialog.getByRole('button', { name: 'Fechar' }).click()
  await dialog.waitFor({ state: 'detached' })
}

/** The dialog's fields, read until they stop changing (a select's options may arrive late). */
async function steadyFields(dialog: Locator): Promise<Fields> {
  let last = JSON.stringify(await fieldsOf(dialog))
  for (;;) {
    await page.waitForTimeout(150)
    const now = JSON.stringify(await fieldsOf(dialog))
    if (now === last) return JSON.parse(now) as Fields
    last = now
  }
}

/** The button that opens a dialog, and the dialog's title. */
type DialogTarget = { button: Locator; title: string | RegExp }

/**
 * The check every dialog gets. `create` (when the screen has 'Novo …'), opened before any edit,
 * gives the defaults; typed over and closed unsaved, it opens with them again. Edit `first`: its
 * values; typed over and closed unsaved, it opens with its own values again; then `create` opens
 * with the defaults, and `second` with its values, not the first's.
 */
async function checkDialog({
  create,
  first,
  second,
  typed,
  expectDefaults,
  expectFirst,
  expectSecond,
}: {
  create?: DialogTarget
  first: DialogTarget
  second: DialogTarget
  /** The label of a text field typed over, never saved. */
  typed: string
  expectDefaults?: (fields: Fields) => void
  expectFirst: (fields: Fields) => void
  expectSecond: (fields: Fields) => void
}) {
  const typeOver = async (dialog: Locator) => {
    await dialog.getByLabel(typed, { exact: true }).fill(UNSAVED)
    expect(Object.values(await fieldsOf(dialog))).toContain(UNSAVED)
  }
  /** Opens the dialog and closes it once it shows `fields`. */
  const reopens = async (target: DialogTarget, fields: Fields | undefined) => {
    const dialog = await openDialog(target.button, target.title)
    await expect.poll(() => fieldsOf(dialog)).toEqual(fields)
    await close(dialog)
  }
  /** Opens the dialog, checks its fields, types over one and closes it unsaved: it opens with them again. */
  const keepsOwnFields = async (target: DialogTarget, check: (fields: Fields) => void) => {
    const dialog = await openDialog(target.button, target.title)
    const fields = await steadyFields(dialog)
    check(fields)
    await typeOver(dialog)
    await close(dialog)
    await reopens(target, fields)
    return fields
  }
  let defaults: Fields | undefined
  if (create) defaults = await keepsOwnFields(create, (fields) => expectDefaults?.(fields))

  const firstFields = await keepsOwnFields(first, (fields) => {
    expectFirst(fields)
    if (defaults) expect(fields).not.toEqual(defaults)
  })

  if (create) await reopens(create, defaults)

  const dialog = await openDialog(second.button, second.title)
  const secondFields = await steadyFields(dialog)
  expectSecond(secondFields)
  expect(secondFields).not.toEqual(firstFields)
  await close(dialog)
}

/** The screen, loaded afresh (whatever a failed test left open is gone). */
async function openScreen(path: string, h1: string) {
  await page.goto(`${baseURL}${path}`)
  await page.getByRole('heading', { level: 1, name: h1 }).waitFor()
}

/** A tab of /admin/course, its list loaded. */
async function courseTab(name: string): Promise<Locator> {
  await openScreen('/admin/course', 'Cursos')
  await page.getByRole('tab', { name }).click()
  await page.getByRole('tabpanel').locator('tbody tr').first().waitFor()
  await settled(page)
  return page.getByRole('tabpanel')
}

/** A row's action button ('Editar Comece agora') in the row that holds `text`. */
const rowButton = (table: string, text: string, name: string) =>
  page
    .getByRole('region', { name: table })
    .getByRole('row')
    .filter({ hasText: text })
    .getByRole('button', { name })
    .first()

describe("the admin's dialogs open empty for 'Novo …' and with the item for an edit", () => {
  it('classes (/admin/turmas)', async () => {
    await openScreen('/admin/turmas?curso=1', 'Turmas')
    const august = 'Turma agosto/2027 – com encontros ao vivo'
    await rowButton('Turmas', august, `Editar ${august}`).waitFor()
    await checkDialog({
      create: { button: page.getByRole('button', { name: 'Nova turma' }), title: 'Nova turma' },
      first: { button: rowButton('Turmas', august, `Editar ${august}`), title: `Editar turma: ${august}` },
      second: {
        button: rowButton('Turmas', 'R$ 1.000,00', 'Editar Comece agora'),
        title: 'Editar turma: Comece agora',
      },
      typed: 'Nome da turma',
      expectDefaults: (fields) =>
        expect(fields).toMatchObject({
          course_id: '1', // the course the list is filtered by
          name: '',
          type: 'N',
          course_init: '',
          price: '',
          student_price: '',
          student_discount: false,
          boleto: true,
          is_open: true,
          seats: '',
          location: '',
          details: '',
        }),
      expectFirst: (fields) =>
        expect(fields).toMatchObject({
          name: august,
          type: 'N',
          course_init: '2027-08-02',
          price: '1.100,00',
          student_price: '880,00',
          student_discount: true,
        }),
      expectSecond: (fields) =>
        expect(fields).toMatchObject({
          name: 'Comece agora',
          type: 'C',
          price: '1.000,00',
          student_price: '',
        }),
    })
  })

  it('leads (/admin/leads)', async () => {
    await openScreen('/admin/leads', 'Leads')
    const carla = 'Carla Mendes Oliveira'
    const paulo = 'Dr. Paulo Henrique Garcia'
    await rowButton('Leads', carla, `Atender ${carla}`).waitFor()
    await checkDialog({
      first: { button: rowButton('Leads', paulo, `Atender ${paulo}`), title: `Lead: ${paulo}` },
      second: { button: rowButton('Leads', carla, `Atender ${carla}`), title: `Lead: ${carla}` },
      typed: 'Anotação da equipe',
      expectFirst: (fields) =>
        expect(fields).toEqual({
          state: 'answered',
          note: 'Respondido no chat: há vagas na turma de abril; parcela em até 12x no cartão.',
        }),
      expectSecond: (fields) => expect(fields).toEqual({ state: 'new', note: '' }),
    })
  })

  it("a course's modules and lessons (/admin/course)", async () => {
    await openScreen('/admin/course', 'Cursos')
    await page.getByRole('button', { name: 'Imagens e aulas de Hemodiálise para Enfermagem' }).click()
    const course = page.getByRole('region', { name: 'Hemodiálise para Enfermagem' })
    await course
      .getByRole('button', { name: /^Editar a aula / })
      .first()
      .waitFor()
    await checkDialog({
      create: { button: course.getByRole('button', { name: 'Novo módulo' }), title: 'Novo módulo' },
      first: {
        button: course.getByRole('button', { name: 'Editar o módulo Fundamentos da hemodiálise' }),
        title: 'Editar módulo',
      },
      second: {
        button: course.getByRole('button', { name: 'Editar o módulo Acesso vascular e punção' }),
        title: 'Editar módulo',
      },
      typed: 'Título do módulo',
      expectDefaults: (fields) => expect(fields).toEqual({ title: '' }),
      expectFirst: (fields) => expect(fields).toEqual({ title: 'Fundamentos da hemodiálise' }),
      expectSecond: (fields) => expect(fields).toEqual({ title: 'Acesso vascular e punção' }),
    })
    await checkDialog({
      create: {
        button: course.getByRole('button', { name: 'Nova aula em Fundamentos da hemodiálise' }),
        title: 'Nova aula',
      },
      first: {
        button: course.getByRole('button', {
          name: 'Editar a aula Princípios físicos: difusão, convecção e ultrafiltração',
        }),
        title: 'Editar aula',
      },
      second: {
        button: course.getByRole('button', { name: 'Editar a aula Cuidados com o cateter de hemodiálise' }),
        title: 'Editar aula',
      },
      typed: 'Título da aula',
      expectDefaults: (fields) =>
        expect(fields).toEqual({ title: '', youtube_id: '', minutes: '', body: '' }),
      expectFirst: (fields) =>
        expect(fields).toMatchObject({
          title: 'Princípios físicos: difusão, convecção e ultrafiltração',
          youtube_id: 'Rk4cW8pZ1aE',
          minutes: '18',
        }),
      expectSecond: (fields) =>
        expect(fields).toMatchObject({
          title: 'Cuidados com o cateter de hemodiálise',
          youtube_id: '',
          minutes: '',
        }),
    })
  })

  it("products (/admin/course, tab 'Produtos')", async () => {
    const panel = await courseTab('Produtos')
    const simulator = 'Simulador de Punção de Fístula Arteriovenosa'
    const kidney = 'Modelo Anatômico de Rim Humano'
    await checkDialog({
      create: { button: panel.getByRole('button', { name: 'Novo produto' }), title: 'Novo produto' },
      first: {
        button: rowButton('Produtos', simulator, `Editar ${simulator}`),
        title: `Editar produto: ${simulator}`,
      },
      second: {
        button: rowButton('Produtos', kidney, `Editar ${kidney}`),
        title: `Editar produto: ${kidney}`,
      },
      typed: 'Nome do produto',
      expectDefaults: (fields) =>
        expect(fields).toEqual({ name: '', description: '', price: '', is_published: true }),
      expectFirst: (fields) => expect(fields).toMatchObject({ name: simulator, price: '1.290,00' }),
      expectSecond: (fields) => expect(fields).toMatchObject({ name: kidney, price: '690,00' }),
    })
  })

  it("bundles (/admin/course, tab 'Pacotes')", async () => {
    const panel = await courseTab('Pacotes')
    const pair = 'Acesso Vascular + Biópsia Renal'
    const trail = 'Trilha Online do Cuidado Renal'
    await checkDialog({
      create: { button: panel.getByRole('button', { name: 'Novo pacote' }), title: 'Novo pacote' },
      first: { button: rowButton('Pacotes', pair, `Editar ${pair}`), title: `Editar pacote: ${pair}` },
      second: { button: rowButton('Pacotes', trail, `Editar ${trail}`), title: `Editar pacote: ${trail}` },
      typed: 'Nome do pacote',
      expectDefaults: (fields) => {
        expect(fields).toMatchObject({ name: '', description: '', is_published: true })
        // No class ticked.
        const ticked = Object.entries(fields).filter(
          ([key, on]) => key.startsWith('class_ids') && on === true,
        )
        expect(ticked).toEqual([])
      },
      expectFirst: (fields) => expect(fields).toMatchObject({ name: pair }),
      expectSecond: (fields) => expect(fields).toMatchObject({ name: trail }),
    })
  })

  it("coupons (/admin/course, tab 'Cupons')", async () => {
    const panel = await courseTab('Cupons')
    await checkDialog({
      create: { button: panel.getByRole('button', { name: 'Novo cupom' }), title: 'Novo cupom' },
      first: { button: rowButton('Cupons', 'RENAL10', 'Editar RENAL10'), title: 'Editar cupom RENAL10' },
      second: { button: rowButton('Cupons', 'NEFRO50', 'Editar NEFRO50'), title: 'Editar cupom NEFRO50' },
      typed: 'Código',
      expectDefaults: (fields) =>
        expect(fields).toMatchObject({
          key: '',
          class_id: '',
          course_id: '',
          max_uses: '',
          expires_on: '',
          is_active: true,
        }),
      expectFirst: (fields) =>
        expect(fields).toMatchObject({
          key: 'RENAL10',
          class_id: '1',
          course_id: '1',
          max_uses: '200',
          expires_on: '2027-12-31', // the seed's 23:59:59 of that day
        }),
      expectSecond: (fields) =>
        expect(fields).toMatchObject({ key: 'NEFRO50', class_id: '', course_id: '2', max_uses: '' }),
    })
  })
})
