import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import {
  boletoText,
  instalmentText,
  STUDENT_PRICE_RULE,
  studentPrice,
  turmaStart,
} from '../../web/src/features/catalog/turma-rules.ts'
import { setPublicOrigin } from '../../web/src/lib/public-origin.ts'
import type { CourseDetail, Turma } from '../../worker/contract/catalog.ts'
import { DEFAULT_IMAGES } from '../../worker/domain/institute.ts'
import { headContent, renderApp } from '../support/web/app.tsx'

// As the Worker's renderer does, from PUBLIC_ORIGIN: canonical and Open Graph URLs are built on it.
beforeAll(() => setPublicOrigin('https://www.institutorenalis.com.br'))

const COURSE_REF = {
  name: 'Hemodiálise para Enfermagem',
  url: 'hemodialise-para-enfermagem',
  slider: [] as [string, string][],
}

function turma(overrides: Partial<Turma> & Pick<Turma, 'id' | 'name'>): Turma {
  return {
    course_id: 1,
    price: 100000,
    student_price: null,
    student_discount: 'N',
    boleto: true,
    instalment_times: 12,
    type: 'C',
    course_init: null,
    location: null,
    open: true,
    course: COURSE_REF,
    ...overrides,
  }
}

const COURSE: CourseDetail = {
  id: 1,
  name: 'Hemodiálise para Enfermagem',
  url: 'hemodialise-para-enfermagem',
  section: 'online',
  summary: 'Formação completa para enfermeiros que atuam em unidades de diálise.',
  workload_hours: 60,
  slider: [
    ['hemodialise-para-enfermagem-1', 'svg'],
    ['hemodialise-para-enfermagem-2', 'svg'],
  ],
  price_from: 100000,
  description:
    'A enfermagem é a linha de frente da hemodiálise.\n\n## Objetivos\n\n- Montar o circuito\n- Puncionar a fístula',
  turmas: [
    turma({ id: 1, name: 'Comece agora', price: 100000, instalment_times: 12, boleto: true }),
    turma({
      id: 2,
      name: 'Turma março/2027',
      type: 'N',
      course_init: '2027-03-15',
      location: 'Centro de Ensino Instituto Renalis – Curitiba/PR',
      price: 110000,
      student_price: 88000,
      student_discount: 'A',
      instalment_times: 10,
      boleto: false,
    }),
    turma({
      id: 3,
      name: 'Turma sem desconto de estudante',
      type: 'N',
      course_init: '2027-08-02',
      price: 90000,
      student_price: 70000,
      student_discount: 'N',
      instalment_times: 1,
    }),
    turma({
      id: 4,
      name: 'Turma fevereiro/2027',
      type: 'N',
      course_init: '2027-02-01',
      price: 120000,
      open: false,
    }),
  ],
  pacotes: [],
}

/** Class 1 of this course with class 99 of another, 15% off (as the seeded bundle). */
const BUNDLE: CourseDetail['pacotes'][number] = {
  id: 7,
  name: 'Hemodiálise + Acesso Vascular',
  description: 'Os dois cursos com 15% de desconto.',
  valor_total: 480000,
  valor_descontado: 408000,
  economia: 72000,
  instalment_times: 10,
  boleto: false,
  ids_turma: [1, 99],
  courses: [
    { name: 'Hemodiálise para Enfermagem', turma: 'Comece agora' },
    { name: 'Acesso Vascular para Hemodiálise', turma: 'Turma abril/2027' },
  ],
}
const WITH_BUNDLE: CourseDetail = { ...COURSE, pacotes: [BUNDLE] }

const API_PATH = `/api/cursos/${COURSE.url}`
const card = (name: string) => screen.getByRole('article', { name })

/** The toast says it was added, and the cart update asked for `data` with no cart yet. */
async function expectAddedToCart(
  calls: ReturnType<typeof renderApp>['calls'],
  data: { id: number; type: string },
) {
  expect(await screen.findByText('Adicionado ao carrinho com sucesso!')).toBeTruthy()
  const call = calls.find((entry) => entry.path === '/carrinho-de-compras/update-cart')!
  expect(JSON.parse(String(call.init?.body))).toEqual({ hash: null, data, option: 'add' })
}

describe('turma rules', () => {
  it("reads 'comece agora' unless the class is dated (type N)", () => {
    expect(turmaStart({ type: 'C', course_init: null })).toBe('comece agora')
    expect(turmaStart({ type: 'C', course_init: '2027-03-15' })).toBe('comece agora')
    expect(turmaStart({ type: 'N', course_init: '2027-03-15' })).toBe('15 de março de 2027')
    // A timestamp keeps its calendar day, whatever the browser's time zone.
    expect(turmaStart({ type: 'N', course_init: '2027-01-01T00:00:00.000Z' })).toBe('1 de janeiro de 2027')
    expect(turmaStart({ type: 'N', course_init: null })).toBe('Data a definir')
  })

  it("gives the student price only when student_discount is 'A'", () => {
    expect(studentPrice({ student_price: 88000, student_discount: 'A' })).toBe(88000)
    expect(studentPrice({ student_price: 88000, student_discount: 'N' })).toBeNull()
    expect(studentPrice({ student_price: null, student_discount: 'A' })).toBeNull()
  })

  it('words instalments and boleto', () => {
    expect(instalmentText(10)).toBe('em até 10x no cartão')
    expect(instalmentText(1)).toBe('à vista no cartão')
    expect(boletoText(true)).toBe('Aceita boleto')
    expect(boletoText(false)).toBe('Não aceita boleto')
  })
})

describe('course page /cursos/{url}', () => {
  it('shows the course, its pictures, description and head tags', async () => {
    renderApp(`/cursos/${COURSE.url}`, { [API_PATH]: { body: COURSE } })

    expect(await screen.findByRole('heading', { level: 1, name: COURSE.name })).toBeTruthy()
    expect(screen.getByText(COURSE.summary)).toBeTruthy()
    expect(screen.getByText('Carga horária: 60 horas')).toBeTruthy()
    expect(screen.getByRole('heading', { level: 3, name: 'Objetivos' })).toBeTruthy()
    expect(screen.getByText('Puncionar a fístula').tagName).toBe('LI')

    const slider = screen.getByRole('region', { name: `Imagens: ${COURSE.name}` })
    const images = within(slider).getAllByRole('img', { hidden: true }) as HTMLImageElement[]
    expect(images.map((image) => image.getAttribute('src'))).toEqual([
      '/img/cursos/hemodialise-para-enfermagem-1.svg',
      '/img/cursos/hemodialise-para-enfermagem-2.svg',
    ])
    // The first picture is the page's main one: not lazy; the others are.
    expect(images[0]!.getAttribute('loading')).toBe('eager')
    expect(images[1]!.getAttribute('loading')).toBe('lazy')
    for (const image of images) {
      expect(image.getAttribute('width')).toBe('800')
      expect(image.getAttribute('height')).toBe('500')
    }
    expect(within(slider).getByRole('button', { name: 'Imagem anterior' })).toBeTruthy()
    expect(within(slider).getByRole('button', { name: 'Próxima imagem' })).toBeTruthy()
    expect(within(slider).getByRole('button', { name: 'Mostrar imagem 2 de 2' })).toBeTruthy()
    fireEvent.error(images[1]!)
    await waitFor(() => expect(images[1]!.getAttribute('src')).toBe(DEFAULT_IMAGES.course))

    await waitFor(() => expect(document.title).toBe(`${COURSE.name} | Instituto Renalis`))
    const url = `https://www.institutorenalis.com.br/cursos/${COURSE.url}`
    expect(headContent('link[rel="canonical"]', 'href')).toBe(url)
    expect(headContent('meta[property="og:url"]')).toBe(url)
    expect(headContent('meta[property="og:title"]')).toBe(`${COURSE.name} | Instituto Renalis`)
    expect(headContent('meta[property="og:type"]')).toBe('article')
    expect(headContent('meta[property="og:image"]')).toBe(
      'https://www.institutorenalis.com.br/img/cursos/hemodialise-para-enfermagem-1.svg',
    )
    const descriptions = [...document.head.querySelectorAll('meta[name="description"]')].map((meta) =>
      meta.getAttribute('content'),
    )
    expect(descriptions).toContain(COURSE.summary)
  })

  it('shows each class by the SPEC rules', async () => {
    renderApp(`/cursos/${COURSE.url}`, { [API_PATH]: { body: COURSE } })
    await screen.findByRole('heading', { level: 2, name: 'Turmas' })

    const startNow = card('Comece agora')
    expect(startNow.textContent).toContain('comece agora')
    expect(startNow.textContent).not.toContain('Início')
    expect(within(startNow).getByTestId('turma-price').textContent).toBe('R$ 1.000,00')
    expect(startNow.textContent).toContain('em até 12x no cartão')
    expect(startNow.textContent).toContain('Aceita boleto')
    expect(startNow.textContent).not.toContain(STUDENT_PRICE_RULE)
    expect(within(startNow).getByRole('button', { name: 'Adicionar ao carrinho' })).toBeTruthy()

    const dated = card('Turma março/2027')
    expect(dated.textContent).toContain('Início: 15 de março de 2027')
    expect(dated.textContent).not.toContain('comece agora')
    expect(dated.textContent).toContain('Centro de Ensino Instituto Renalis – Curitiba/PR')
    expect(within(dated).getByTestId('turma-price').textContent).toBe('R$ 1.100,00')
    expect(within(dated).getByTestId('turma-student-price').textContent).toBe('R$ 880,00')
    expect(dated.textContent).toContain(STUDENT_PRICE_RULE)
    expect(dated.textContent).toContain('em até 10x no cartão')
    expect(dated.textContent).toContain('Não aceita boleto')

    const noStudentDiscount = card('Turma sem desconto de estudante')
    expect(within(noStudentDiscount).queryByTestId('turma-student-price')).toBeNull()
    expect(noStudentDiscount.textContent).not.toContain('R$ 700,00')
    expect(noStudentDiscount.textContent).toContain('à vista no cartão')

    const closed = card('Turma fevereiro/2027')
    expect(closed.textContent).toContain('Inscrições encerradas')
    expect(within(closed).queryByRole('button')).toBeNull()
    expect(screen.getAllByRole('button', { name: 'Adicionar ao carrinho' })).toHaveLength(3)
  })

  it("says 'Turma esgotada' and 'Últimas N vagas' from the live seats, after the page is drawn", async () => {
    renderApp(`/cursos/${COURSE.url}`, {
      [API_PATH]: { body: COURSE },
      [`${API_PATH}/vagas`]: {
        body: [
          { id: 1, seats_left: 0 },
          { id: 2, seats_left: 2 },
          { id: 3, seats_left: 30 },
        ],
      },
    })
    await waitFor(() => expect(card('Comece agora').textContent).toContain('Turma esgotada'))
    expect(within(card('Comece agora')).queryByRole('button')).toBeNull()
    const few = card('Turma março/2027')
    expect(within(few).getByTestId('turma-seats').textContent).toBe('Últimas 2 vagas')
    expect(within(few).getByRole('button', { name: 'Adicionar ao carrinho' })).toBeTruthy()
    expect(within(card('Turma sem desconto de estudante')).queryByTestId('turma-seats')).toBeNull()
    expect(card('Turma fevereiro/2027').textContent).toContain('Inscrições encerradas')
    expect(screen.getAllByRole('button', { name: 'Adicionar ao carrinho' })).toHaveLength(2)
  })

  it("adds a class to the cart with type 'turma'", async () => {
    const { calls } = renderApp(`/cursos/${COURSE.url}`, {
      [API_PATH]: { body: COURSE },
      '/carrinho-de-compras/update-cart': { body: { hash: 'novo-hash' } },
    })
    await screen.findByRole('heading', { level: 2, name: 'Turmas' })
    await userEvent.click(
      within(card('Turma março/2027')).getByRole('button', { name: 'Adicionar ao carrinho' }),
    )
    await expectAddedToCart(calls, { id: 2, type: 'turma' })
  })

  it("offers the bundles that hold the course, with the saving, and adds one as a 'pacote' by keyboard", async () => {
    const { calls } = renderApp(`/cursos/${COURSE.url}`, {
      [API_PATH]: { body: WITH_BUNDLE },
      '/carrinho-de-compras/update-cart': { body: { hash: 'novo-hash' } },
    })
    const section = await screen.findByRole('region', { name: 'Pacotes com este curso' })
    const offer = within(section).getByRole('article', { name: BUNDLE.name })
    expect(offer.textContent).toContain('Os dois cursos com 15% de desconto.')
    expect(
      within(offer)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Hemodiálise para Enfermagem — Comece agora',
      'Acesso Vascular para Hemodiálise — Turma abril/2027',
      'em até 10x no cartão',
      'Não aceita boleto',
    ])
    expect(within(offer).getByText('R$ 4.800,00').tagName).toBe('S')
    expect(within(offer).getByTestId('bundle-price').textContent).toBe('R$ 4.080,00')
    expect(within(offer).getByTestId('bundle-saving').textContent).toBe('Economize R$ 720,00')

    const button = within(offer).getByRole('button', { name: 'Adicionar ao carrinho' })
    expect(button.getAttribute('aria-describedby')).toBe(
      within(offer).getByRole('heading', { level: 3, name: BUNDLE.name }).id,
    )
    button.focus()
    await userEvent.keyboard('{Enter}')
    await expectAddedToCart(calls, { id: 7, type: 'pacote' })
  })

  it('stops offering a bundle once the live seats show one of its classes, of any course, sold out', async () => {
    renderApp(`/cursos/${COURSE.url}`, {
      [API_PATH]: { body: WITH_BUNDLE },
      [`${API_PATH}/vagas`]: {
        body: [
          { id: 1, seats_left: 3 },
          { id: 99, seats_left: 0 },
        ],
      },
    })
    const section = await screen.findByRole('region', { name: 'Pacotes com este curso' })
    const offer = within(section).getByRole('article', { name: BUNDLE.name })
    await waitFor(() => expect(within(offer).getByTestId('bundle-seats').textContent).toBe('Pacote esgotado'))
    expect(within(offer).queryByRole('button')).toBeNull()
    // Class 1 alone still sells: its last seats.
    expect(within(card('Comece agora')).getByTestId('turma-seats').textContent).toBe('Últimas 3 vagas')
  })

  it('says how few seats the bundle has left, from its scarcest class', async () => {
    renderApp(`/cursos/${COURSE.url}`, {
      [API_PATH]: { body: WITH_BUNDLE },
      [`${API_PATH}/vagas`]: {
        body: [
          { id: 1, seats_left: 40 },
          { id: 99, seats_left: 2 },
        ],
      },
    })
    const offer = await screen.findByRole('article', { name: BUNDLE.name })
    await waitFor(() => expect(within(offer).getByTestId('bundle-seats').textContent).toBe('Últimas 2 vagas'))
    expect(within(offer).getByRole('button', { name: 'Adicionar ao carrinho' })).toBeTruthy()
  })

  it('has no bundle section when no bundle holds the course', async () => {
    renderApp(`/cursos/${COURSE.url}`, { [API_PATH]: { body: COURSE } })
    await screen.findByRole('heading', { level: 2, name: 'Turmas' })
    expect(screen.queryByRole('heading', { name: 'Pacotes com este curso' })).toBeNull()
  })

  it("shows the not-found page with the API's message on a 404, without a toast or a retry", async () => {
    const { calls } = renderApp('/cursos/nao-existe', {
      '/api/cursos/nao-existe': { status: 404, body: { msg: 'Curso não encontrado.' } },
    })
    expect(await screen.findByRole('heading', { level: 1, name: 'Curso não encontrado.' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Voltar para a página inicial' })).toBeTruthy()
    await waitFor(() => expect(document.title).toBe('Página não encontrada | Instituto Renalis'))
    expect(headContent('meta[name="robots"]')).toBe('noindex')
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(calls.filter((call) => call.path === '/api/cursos/nao-existe')).toHaveLength(1)
    const toasts = [...document.querySelectorAll('[data-sonner-toast]')].map((toast) => toast.textContent)
    expect(toasts.filter((text) => /erro|não encontrad/i.test(text ?? ''))).toEqual([])
  })

  it('treats a malformed course address (422) as not found', async () => {
    renderApp('/cursos/Nao_Existe', {
      '/api/cursos/Nao_Existe': {
        status: 422,
        body: { message: 'x', errors: { url: ['Endereço de curso inválido.'] } },
      },
    })
    expect(await screen.findByRole('heading', { level: 1, name: 'Curso não encontrado.' })).toBeTruthy()
  })

  it('offers a retry when the course cannot be loaded', async () => {
    renderApp(`/cursos/${COURSE.url}`, {
      [API_PATH]: [
        { status: 503, body: { msg: 'Banco de dados indisponível.' } },
        { status: 503, body: { msg: 'Banco de dados indisponível.' } },
        { body: COURSE },
      ],
    })
    expect(await screen.findByText('Banco de dados indisponível.', {}, { timeout: 4000 })).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }))
    expect(await screen.findByRole('heading', { level: 1, name: COURSE.name })).toBeTruthy()
  })
})

describe('product page /produtos/{id}', () => {
  it('shows the product and adds it to the cart as a produto', async () => {
    const { calls } = renderApp('/produtos/3', {
      '/api/produtos/3': {
        body: {
          id: 3,
          name: 'Manual Prático de Hemodiálise',
          description: 'Livro de bolso com 320 páginas.\n\nEdição 2027.',
          price: 18900,
          slider: [['manual-pratico-hemodialise-1', 'svg']],
        },
      },
      '/carrinho-de-compras/update-cart': { body: { hash: 'h' } },
    })
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Manual Prático de Hemodiálise' }),
    ).toBeTruthy()
    expect(screen.getByTestId('product-price').textContent).toBe('R$ 189,00')
    expect(screen.getByText('Edição 2027.')).toBeTruthy()
    expect(
      (screen.getByRole('img', { name: 'Manual Prático de Hemodiálise' }) as HTMLImageElement).getAttribute(
        'src',
      ),
    ).toBe('/img/produtos/manual-pratico-hemodialise-1.svg')
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar ao carrinho' }))
    expect((await screen.findAllByText('Adicionado ao carrinho com sucesso!')).length).toBeGreaterThan(0)
    const call = calls.find((entry) => entry.path === '/carrinho-de-compras/update-cart')!
    expect(JSON.parse(String(call.init?.body)).data).toEqual({ id: 3, type: 'produto' })
  })

  it('shows not-found for an unknown id (404) and for an id that is not a number, without asking', async () => {
    renderApp('/produtos/999', {
      '/api/produtos/999': { status: 404, body: { msg: 'Produto não encontrado.' } },
    })
    expect(await screen.findByRole('heading', { level: 1, name: 'Produto não encontrado.' })).toBeTruthy()
    vi.unstubAllGlobals()
    document.body.innerHTML = ''

    const { calls } = renderApp('/produtos/abc', {})
    expect(await screen.findByRole('heading', { level: 1, name: 'Produto não encontrado.' })).toBeTruthy()
    expect(calls.some((call) => call.path.startsWith('/api/produtos'))).toBe(false)
  })
})
