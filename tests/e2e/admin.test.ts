import { readFile } from 'node:fs/promises'
import type { BrowserContext, Locator, Page } from 'playwright-core'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { openAdminSection, signInToAdmin } from '../support/e2e/admin.ts'
import {
  ARTIFACTS,
  fileBrowser,
  matching,
  SESSION_CHECK,
  screenshot,
  watchErrors,
} from '../support/e2e/browser.ts'
import { typeAddress, typeCard } from '../support/e2e/checkout.ts'
import { baseURL } from '../support/e2e/stack.ts'

// Issue 10 in real Chromium, as a new administrator would on the seeded stack: the demo admin
// creates a course with an uploaded image and a class of R$ 890,00 in up to 6x with boleto,
// puts it first on a new cart-mode home list and publishes it; a visitor sees it on the home
// page, finds it by search and buys it with the sandbox card; the admin sees the sale on the
// dashboard and the enrollment in /admin/matriculas, exports the CSV (read back here), refunds it
// (the student loses access), and the audit log lists each step.

const DESKTOP = { width: 1366, height: 900 }
const stamp = Date.now().toString(36)
const COURSE = `Diálise Peritoneal Automatizada ${stamp}`
const CLASS = 'Turma online 2027'
/** A seeded course whose class shares the new home list (the card the admin drags past). */
const SEEDED_COURSE = 'Hemodiálise para Enfermagem'
const LIST = `Lançamentos ${stamp}`
const buyer = {
  name: 'Helena Duarte Moraes',
  email: `helena.${stamp}@exemplo.com.br`,
  cpf: '52998224725',
  phone: '41999990111',
}
// A 2×2 PNG: a real image (the server checks the file's signature).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGNgYGD4z8DAwMDAwMDAAAANAQEAWnuadwAAAABJRU5ErkJggg==',
  'base64',
)

const browser = fileBrowser()
const contexts: BrowserContext[] = []
const errors: string[] = []

async function newPage(): Promise<Page> {
  const context = await browser().newContext({
    viewport: DESKTOP,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    reducedMotion: 'reduce',
    acceptDownloads: true,
  })
  contexts.push(context)
  return watched(await context.newPage())
}

/** The page, its errors recorded (the anonymous session check answers 401 by design). */
function watched(page: Page): Page {
  return watchErrors(page, (error) => errors.push(error), matching(SESSION_CHECK))
}

const toast = (page: Page, text: string | RegExp) =>
  page.locator('[data-sonner-toast]', { hasText: text }).first()
const dialog = (page: Page) => page.getByRole('dialog')

/**
 * Drags one item onto another with the mouse, as a person does: press on it, move there in
 * steps, release (Chromium turns the moves into the HTML5 drag-and-drop events the editor reads).
 */
async function dragOnto(page: Page, item: Locator, target: Locator) {
  const from = (await item.boundingBox())!
  const to = (await target.boundingBox())!
  await page.mouse.move(from.x + 16, from.y + from.height / 2)
  await page.mouse.down()
  await page.mouse.move(to.x + 16, to.y + to.height / 2, { steps: 10 })
  await page.mouse.up()
}

/** The SPEC's confirm dialog, answered 'Confirmar'. */
async function confirmAction(page: Page) {
  const alert = page.getByRole('alertdialog', { name: 'Confimação' })
  await alert.getByText('Você confirma está ação?').waitFor()
  await alert.getByRole('button', { name: 'Confirmar' }).click()
}

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => {})
})

/**
 * A step of the journey, taken once per file by whichever test needs it first: each test takes
 * the steps before its own, so it runs alone (`-t '<name>'`) and in any order.
 */
function step<T>(take: () => Promise<T>): () => Promise<T> {
  let taken: Promise<T> | undefined
  return () => {
    taken ??= take()
    return taken
  }
}

describe('the admin runs a new class from creation to refund', () => {
  /** The admin, signed in on the dashboard, and its net revenue before the sale. */
  const signedIn = step(async () => {
    const admin = await newPage()
    await signInToAdmin(admin, baseURL)
    const revenueBefore = (await admin.getByTestId('figure-Receita líquida').textContent()) ?? ''
    return { admin, revenueBefore }
  })

  /** Another tab of the signed-in admin (the same session), so the journey's own tab stays put. */
  async function adminTab(path: string): Promise<Page> {
    const { admin } = await signedIn()
    const tab = watched(await admin.context().newPage())
    await tab.goto(`${baseURL}${path}`)
    return tab
  }

  const courseCreated = step(async () => {
    const { admin } = await signedIn()
    await openAdminSection(admin, 'Cursos')
    await admin.getByRole('button', { name: 'Novo curso' }).click()
    const modal = dialog(admin)
    await modal.getByRole('heading', { name: 'Novo curso' }).waitFor()
    await modal.getByLabel('Nome do curso').fill(COURSE)
    await expect(modal.getByLabel('Endereço (url)').inputValue()).resolves.toBe(
      `dialise-peritoneal-automatizada-${stamp}`,
    )
    await modal.getByLabel('Seção', { exact: true }).selectOption('online')
    await modal.getByLabel('Título da descrição').fill('Cicladoras, prescrição e complicações.')
    await modal
      .getByLabel('Descrição', { exact: true })
      .fill('## Objetivos\n- Prescrever a DPA com segurança')
    await modal.getByRole('button', { name: 'Cadastrar' }).click()
    await toast(admin, 'Curso cadastrado com sucesso!').waitFor()
    const detail = admin.getByRole('region', { name: COURSE })
    await detail.getByRole('heading', { level: 2, name: COURSE }).waitFor()
    await detail
      .locator('input[type=file]')
      .setInputFiles({ name: 'capa.png', mimeType: 'image/png', buffer: PNG })
    await toast(admin, 'Imagem enviada com sucesso!').waitFor()
    await detail.getByRole('img', { name: `${COURSE}: imagem 1 (capa)` }).waitFor()
    await screenshot(admin, 'admin-course-created')
  })

  const classCreated = step(async () => {
    await courseCreated()
    const { admin } = await signedIn()
    await admin.getByRole('region', { name: COURSE }).getByRole('link', { name: 'Turmas do curso' }).click()
    await admin.getByRole('heading', { level: 1, name: 'Turmas' }).waitFor()
    await admin.getByRole('button', { name: 'Nova turma' }).click()
    const modal = dialog(admin)
    await modal.getByRole('heading', { name: 'Nova turma' }).waitFor()
    await expect(
      modal.getByLabel('Curso', { exact: true }).locator('option:checked').textContent(),
    ).resolves.toBe(COURSE)
    await modal.getByLabel('Nome da turma').fill(CLASS)
    await modal.getByLabel('Tipo').selectOption('C')
    await modal.getByLabel('Preço', { exact: true }).fill('890,00')
    await modal.getByLabel('Parcelas (máximo)').fill('6')
    expect(await modal.getByLabel('Aceita boleto').isChecked()).toBe(true)
    await modal.getByRole('button', { name: 'Cadastrar' }).click()
    await toast(admin, 'Turma cadastrada com sucesso!').waitFor()
    const row = admin.getByRole('row', { name: new RegExp(CLASS) })
    await row.getByText('R$ 890,00').waitFor()
    await row.getByText('até 6x, boleto').waitFor()
  })

  /** Set once the new list exists: the file's afterAll takes it off the home page again. */
  let listCreated = false
  const listPublished = step(async () => {
    await classCreated()
    const { admin } = await signedIn()
    await openAdminSection(admin, 'Home')
    await admin.getByRole('button', { name: 'Nova lista' }).click()
    let modal = dialog(admin)
    await modal.getByLabel('Título', { exact: true }).fill(LIST)
    await modal.getByLabel('Subtítulo', { exact: true }).fill('Turmas novas, para começar agora.')
    await modal.getByLabel('Modo carrinho').check()
    await modal.getByRole('button', { name: 'Cadastrar' }).click()
    await modal.waitFor({ state: 'hidden' })
    listCreated = true
    // The new list goes last; the keyboard's alternative to dragging brings it to the top.
    const up = admin.getByRole('button', { name: `Mover a lista ${LIST} para cima` })
    while (await up.isEnabled()) await up.click()
    await admin.getByRole('heading', { level: 2, name: `1. ${LIST}` }).waitFor()

    // Two cards: a seeded class, then the new one (added last)...
    for (const [item, name] of [
      [/^Hemodiálise para Enfermagem — /, SEEDED_COURSE],
      [`${COURSE} — ${CLASS} — R$ 890,00`, COURSE],
    ] as const) {
      await admin.getByRole('button', { name: `Novo card em ${LIST}` }).click()
      modal = dialog(admin)
      await modal.getByLabel('Tipo').selectOption('turma')
      const option = modal.getByLabel('Item').locator('option').filter({ hasText: item }).first()
      await modal.getByLabel('Item').selectOption({ label: (await option.textContent())! })
      await expect(modal.getByLabel('Nome no card').inputValue()).resolves.toBe(name)
      await modal.getByLabel('Título da descrição').fill('Online')
      await modal.getByLabel('Descrição', { exact: true }).fill('Comece quando quiser.')
      await modal.getByRole('button', { name: 'Cadastrar' }).click()
      await modal.waitFor({ state: 'hidden' })
    }
    // ...dragged by its handle onto the first (issue 22, item 5: the mouse, not the arrows).
    const cards = admin.getByRole('list', { name: `Cards de ${LIST}` }).getByRole('listitem')
    const cardNames = () => cards.locator('.font-medium').allTextContents()
    await expect.poll(cardNames).toEqual([`1. ${SEEDED_COURSE}`, `2. ${COURSE}`])
    await dragOnto(admin, cards.nth(1), cards.nth(0))
    await expect.poll(cardNames).toEqual([`1. ${COURSE}`, `2. ${SEEDED_COURSE}`])
    await admin.getByText('Há alterações não publicadas.').waitFor()

    await admin.getByRole('button', { name: 'Pré-visualizar' }).click()
    // The preview is the home page itself, inert: read as text, not as controls.
    const preview = admin.getByRole('region', { name: 'Prévia da página inicial' })
    const previewList = preview.locator('section[aria-roledescription="carrossel"]').first()
    await previewList.locator('h2', { hasText: LIST }).waitFor()
    await previewList.locator('h3', { hasText: COURSE }).waitFor()
    await expect(previewList.getByTestId('card-price').first().textContent()).resolves.toBe('R$ 890,00')
    await screenshot(admin, 'admin-home-preview')

    await admin.getByRole('button', { name: 'Publicar' }).click()
    await confirmAction(admin)
    await toast(admin, /Vitrine publicada!/).waitFor()
    await admin.getByText('Tudo publicado.').waitFor()
  })

  // The list's anchor on the home page: its title as a slug.
  const listOn = (page: Page) =>
    page.locator(
      `#${LIST.toLowerCase()
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .replace(/\s+/g, '-')}`,
    )

  /** A visitor on the home page once it shows the new list. */
  const visitorSeesList = step(async () => {
    await listPublished()
    const visitor = await newPage()
    const list = listOn(visitor)
    // The catalogue version is edge-cached for 30 s: the new list shows within that.
    await expect
      .poll(
        async () => {
          await visitor.goto(baseURL)
          return list.getByRole('heading', { level: 3, name: COURSE }).count()
        },
        { timeout: 45_000, interval: 2000 },
      )
      .toBe(1)
    return visitor
  })

  /** The visitor, signed in by the purchase, on Meus cursos. */
  const visitorBought = step(async () => {
    const visitor = await visitorSeesList()
    const list = listOn(visitor)
    const search = visitor.getByRole('combobox', { name: 'Pesquisar cursos e produtos' })
    await search.click()
    await search.pressSequentially(`automatizada ${stamp}`)
    const results = visitor.getByRole('listbox', { name: 'Resultados da pesquisa' })
    await results.getByRole('option', { name: COURSE }).waitFor()
    await search.press('Escape')

    await list.getByRole('button', { name: 'Adicionar ao carrinho' }).first().click()
    await toast(visitor, 'Adicionado ao carrinho com sucesso!').waitFor()
    await visitor.locator('header').getByRole('button', { name: 'Carrinho' }).click()
    await visitor
      .getByRole('dialog', { name: 'Carrinho' })
      .getByRole('link', { name: 'Finalizar compra' })
      .click()
    await visitor.waitForURL(/\/checkout\/[\w-]{32,}$/)
    await visitor.getByRole('group', { name: 'Forma de pagamento' }).waitFor()
    await visitor.getByLabel('Nome completo', { exact: true }).fill(buyer.name)
    await visitor.getByLabel('E-mail', { exact: true }).fill(buyer.email)
    await visitor.getByLabel('Telefone', { exact: true }).pressSequentially(buyer.phone)
    await visitor.getByLabel('CPF', { exact: true }).pressSequentially(buyer.cpf)
    // Boleto is offered (the class allows it); the card goes up to 6 instalments.
    await visitor.getByRole('radio', { name: 'Boleto' }).waitFor()
    await visitor.getByRole('radio', { name: 'Cartão de crédito' }).check()
    await typeCard(visitor, {
      number: '4000000000000010',
      expiry: '1230',
      cvv: '123',
      holder: 'HELENA D MORAES',
    })
    const instalments = visitor.getByLabel('Parcelas', { exact: true })
    const options = await instalments.locator('option').allTextContents()
    expect(options).toHaveLength(6)
    expect(options[0]).toMatch(/^1x de R\$ 890,00/)
    await typeAddress(visitor)
    await visitor.getByRole('button', { name: 'Finalizar pagamento' }).click()
    await visitor.waitForURL(/\/pedido\/ped_[0-9a-f]{32}$/)
    await visitor.getByRole('heading', { level: 1, name: 'Pagamento aprovado' }).waitFor()

    // The purchase opened an account for the buyer: the course is in Meus cursos.
    await visitor.goto(`${baseURL}/usuario/cursos`)
    await visitor.getByRole('heading', { level: 1, name: 'Meus cursos' }).waitFor()
    await visitor.getByText(COURSE).first().waitFor()
    return visitor
  })

  const refunded = step(async () => {
    const visitor = await visitorBought()
    const { admin, revenueBefore } = await signedIn()
    await admin.goto(`${baseURL}/admin`)
    const revenue = admin.getByTestId('figure-Receita líquida')
    const cents = (text: string) => Number(text.replace(/\D/g, ''))
    await expect
      .poll(async () => cents((await revenue.textContent()) ?? '') - cents(revenueBefore), {
        timeout: 15_000,
      })
      .toBe(89000)
    await screenshot(admin, 'admin-dashboard-sale')

    await openAdminSection(admin, 'Matrículas')
    await admin.getByLabel('Nome, e-mail ou CPF').fill(buyer.email)
    const row = admin.getByRole('row', { name: new RegExp(buyer.name) })
    await row.getByText(COURSE).waitFor()
    await admin.getByText('1 resultado', { exact: false }).waitFor()
    await row.getByText('pago', { exact: true }).waitFor()

    const [download] = await Promise.all([
      admin.waitForEvent('download'),
      admin.getByRole('button', { name: 'Exportar CSV' }).click(),
    ])
    expect(download.suggestedFilename()).toMatch(/^matriculas-\d{4}-\d{2}-\d{2}\.csv$/)
    const path = `${ARTIFACTS}admin-matriculas.csv`
    await download.saveAs(path)
    const bytes = await readFile(path)
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const [header, line, ...rest] = bytes.subarray(3).toString('utf8').split('\r\n')
    expect(header?.split(';').slice(0, 8)).toEqual([
      'Data da matrícula',
      'Aluno',
      'E-mail',
      'Telefone',
      'CPF',
      'Curso',
      'Turma',
      'Situação',
    ])
    expect(rest).toEqual([''])
    const fields = line!.split(';')
    expect(fields[0]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/)
    expect(fields.slice(1, 3)).toEqual([buyer.name, buyer.email])
    expect(fields[4]).toBe('529.982.247-25')
    expect(fields.slice(5, 9)).toEqual([COURSE, CLASS, 'ativa', 'pedido no site'])
    expect(fields.slice(10, 15)).toEqual(['pago', 'Cartão de crédito', '890,00', '890,00', '0,00'])

    await row.getByRole('button', { name: /^Estornar/ }).click()
    await confirmAction(admin)
    await toast(admin, 'Estorno confirmado pela operadora.').waitFor()
    await row.getByText('estornado', { exact: true }).waitFor()
    await row.getByText('cancelada').waitFor()
    await screenshot(admin, 'admin-enrollment-refunded')

    // The student lost access: the course left Meus cursos.
    await visitor.reload()
    await visitor.getByRole('heading', { level: 1, name: 'Meus cursos' }).waitFor()
    await visitor.getByText('Você ainda não tem matrículas.').waitFor()
    expect(await visitor.getByText(COURSE).count()).toBe(0)
  })

  afterAll(async () => {
    if (!listCreated) return
    // The other journeys expect the seeded showcase: the list leaves the home page again.
    const { admin } = await signedIn()
    const visitor = await newPage()
    await admin.goto(`${baseURL}/admin/home`)
    await admin.getByRole('button', { name: `Excluir a lista ${LIST}` }).click()
    await confirmAction(admin)
    await admin.getByText('Há alterações não publicadas.').waitFor()
    await admin.getByRole('button', { name: 'Publicar' }).click()
    await confirmAction(admin)
    await toast(admin, /Vitrine publicada!/).waitFor()
    // (expect.poll is for tests only: a hook waits with vi.waitFor.)
    await vi.waitFor(
      async () => {
        await visitor.goto(baseURL)
        const first = visitor.locator('section[aria-roledescription="carrossel"] h2').first()
        expect(await first.textContent()).toBe('Cursos Online')
      },
      { timeout: 45_000, interval: 2000 },
    )
    expect(errors).toEqual([])
  })

  it('logs in and reads the dashboard', async () => {
    const { revenueBefore } = await signedIn()
    const admin = await adminTab('/admin')
    await admin.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor()
    expect(revenueBefore).toMatch(/^R\$ [\d.]+,\d{2}$/)
    // Issue 22, item 2: the charts' labels are the page's small text at every width, not text
    // that grows with the chart; on a phone they stay apart.
    await admin.locator('figure svg[role="img"]').first().waitFor()
    for (const width of [DESKTOP.width, 375]) {
      await admin.setViewportSize({ ...DESKTOP, width })
      const labels = await admin.locator('figure div[aria-hidden="true"] > span').evaluateAll((spans) =>
        spans
          .filter((span) => (span as HTMLElement).offsetParent !== null)
          .map((span) => {
            const rect = span.getBoundingClientRect()
            return { size: getComputedStyle(span).fontSize, box: { x: rect.x, y: rect.y, width: rect.width } }
          }),
      )
      expect(labels.length).toBeGreaterThan(0)
      expect(new Set(labels.map((label) => label.size))).toEqual(new Set(['12px']))
      const overlaps = labels.some((a, i) =>
        labels.some(
          (b, j) =>
            i < j &&
            Math.abs(a.box.y - b.box.y) < 2 &&
            a.box.x < b.box.x + b.box.width &&
            b.box.x < a.box.x + a.box.width,
        ),
      )
      expect(overlaps).toBe(false)
      if (width === 375) await screenshot(admin, 'admin-dashboard-charts-phone')
    }
    await admin.setViewportSize(DESKTOP)
  })

  it('creates the course with an uploaded image', () => courseCreated())

  it('creates a class of R$ 890,00 in up to 6x with boleto', () => classCreated())

  it('puts it first on a new cart-mode list of the home page, previews and publishes', () => listPublished())

  it('a visitor sees it first on the home page within the cache lifetime', async () => {
    await visitorSeesList()
    // A visitor of their own: the journey's visitor goes on to buy.
    const visitor = await newPage()
    await visitor.goto(baseURL)
    const list = listOn(visitor)
    expect(await visitor.locator('section[aria-roledescription="carrossel"] h2').first().textContent()).toBe(
      LIST,
    )
    // In the order the admin dragged the cards into.
    expect(await list.getByRole('heading', { level: 3 }).allTextContents()).toEqual([COURSE, SEEDED_COURSE])
    await expect(list.getByTestId('card-price').first().textContent()).resolves.toBe('R$ 890,00')
    // The card shows the course's uploaded picture (its item's first), not the default one.
    const picture = list.locator('[aria-roledescription="slide"] img').first()
    expect(await picture.getAttribute('src')).not.toMatch(/default-course/)
  })

  it('the visitor finds it by search and buys it with the sandbox card', () => visitorBought())

  it('the admin sees the sale on the dashboard and the enrollment, exports it as CSV, and refunds it', () =>
    refunded())

  it('the audit log lists each step, with who did it', async () => {
    await refunded()
    const { admin } = await signedIn()
    await admin.goto(`${baseURL}/admin`)
    // The panel's table (a region of its own inside the panel), newest first.
    const log = admin.getByRole('region', { name: 'Registro de atividades' }).last()
    const steps = [
      'Estorno solicitado',
      'Matrículas exportadas (CSV)',
      'Vitrine da home publicada',
      'Turma criada',
      'Imagem enviada para o curso',
      'Curso criado',
    ]
    await log.getByRole('row').filter({ hasText: steps[0] }).first().waitFor()
    const entries = await log.locator('tbody tr').evaluateAll((rows) =>
      rows.map((row) => ({
        who: (row as HTMLTableRowElement).cells[1]?.textContent ?? '',
        what: row.querySelector('summary')?.textContent ?? '',
      })),
    )
    // The journey's steps are the log's newest lines, each by the admin who took them.
    expect(entries.slice(0, steps.length)).toEqual(
      steps.map((what) => ({ who: 'Administração Renalis', what })),
    )
    await screenshot(admin, 'admin-audit-log')
  })

  it('on a 375 px phone every admin tab is in sight (they wrap onto two lines), the current one marked', async () => {
    const admin = await adminTab('/admin')
    await admin.setViewportSize({ width: 375, height: 740 })
    const nav = admin.getByRole('navigation', { name: 'Administração' })
    for (const [path, label] of [
      ['/admin/home', 'Home'],
      ['/admin', 'Dashboard'],
    ] as const) {
      await admin.goto(`${baseURL}${path}`)
      const tab = nav.getByRole('link', { name: label })
      await expect.poll(() => tab.getAttribute('aria-current')).toBe('page')
      const bar = (await nav.boundingBox())!
      // Nothing hidden sideways: the bar does not scroll, and every tab lies inside it.
      expect(await nav.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true)
      const tabs = await nav.getByRole('link').all()
      expect(tabs.length).toBeGreaterThanOrEqual(8)
      for (const each of tabs) {
        const box = (await each.boundingBox())!
        expect(
          box.x >= bar.x && box.x + box.width <= bar.x + bar.width,
          (await each.textContent()) ?? undefined,
        ).toBe(true)
      }
    }
    await screenshot(admin, 'admin-phone-tabs')
    await admin.setViewportSize(DESKTOP)
    expect(errors).toEqual([])
  })
})
