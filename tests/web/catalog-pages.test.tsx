import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, it } from 'vitest'
import { setPublicOrigin } from '../../web/src/lib/public-origin.ts'
import type { CourseSummary, Ebook, Edital } from '../../worker/contract/catalog.ts'
import { DEFAULT_IMAGES } from '../../worker/domain/institute.ts'
import { headContent, renderApp } from '../support/web/app.tsx'

// As the Worker's renderer does, from PUBLIC_ORIGIN: canonical and Open Graph URLs are built on it.
beforeAll(() => setPublicOrigin('https://www.institutorenalis.com.br'))

function course(overrides: Partial<CourseSummary> & Pick<CourseSummary, 'id' | 'name' | 'url' | 'section'>) {
  return {
    summary: `Resumo de ${overrides.name}.`,
    workload_hours: 40,
    slider: [[`${overrides.url}-1`, 'svg']],
    price_from: 49000,
    ...overrides,
  } satisfies CourseSummary
}

const COURSES: CourseSummary[] = [
  course({
    id: 1,
    name: 'Hemodiálise para Enfermagem',
    url: 'hemodialise',
    section: 'online',
    price_from: 100000,
  }),
  course({ id: 2, name: 'Transplante Renal', url: 'transplante', section: 'presencial', price_from: null }),
  course({
    id: 3,
    name: 'Acesso Vascular para Hemodiálise',
    url: 'acesso-vascular',
    section: 'nefrologia-intervencionista',
    slider: [],
  }),
]

const EBOOKS: Ebook[] = [
  {
    id: 2,
    title: 'DRC na Atenção Primária',
    description: 'Fluxogramas de rastreamento.',
    cover: '/img/ebooks/drc.svg',
    pages: 36,
    access: 'free',
    course: { name: 'Doença Renal Crônica', url: 'drc' },
  },
  {
    id: 3,
    title: 'Cardápios e Contagem de Fósforo',
    description: 'Cardápios semanais.',
    cover: null,
    pages: 120,
    access: 'purchase',
    course: { name: 'Nutrição Renal na Prática Clínica', url: 'nutricao-renal' },
  },
]

const EDITAL: Edital = {
  id: 1,
  slug: 'residencia-2027',
  title: 'Programa de Residência em Nefrologia 2027',
  summary: 'Processo seletivo para 4 vagas.',
  body: '## Vagas\n\n4 (quatro) vagas.',
  is_open: true,
  opens_at: '2026-11-03T11:00:00.000Z',
  closes_at: '2027-01-16T02:59:59.000Z',
  places: 4,
  pdf_url: null,
  plans: [
    {
      id: 1,
      kind: 'registration',
      name: 'Taxa de inscrição',
      due_on: null,
      amount: 35000,
      payment_methods: ['debit_card', 'credit_card', 'boleto'],
      instalment_times: 1,
    },
    {
      id: 2,
      kind: 'registration',
      name: 'Taxa parcelada',
      due_on: null,
      amount: 35000,
      payment_methods: ['credit_card'],
      instalment_times: 3,
    },
  ],
}

describe('catalogue and institute pages', () => {
  it('/cursos lists the courses in their three anchored sections', async () => {
    renderApp('/cursos', { '/cursos/getCourses': { body: COURSES } })
    expect(await screen.findByRole('heading', { level: 1, name: 'Cursos' })).toBeTruthy()
    const sections = [
      ['cursos-online', 'Cursos online', 'Hemodiálise para Enfermagem'],
      ['cursos-presenciais', 'Cursos presenciais', 'Transplante Renal'],
      ['nefrologia-intervencionista', 'Nefrologia intervencionista', 'Acesso Vascular para Hemodiálise'],
    ] as const
    for (const [id, title, courseName] of sections) {
      const section = await waitFor(() => {
        const element = document.getElementById(id)!
        expect(element.textContent).toContain(courseName)
        return element
      })
      expect(within(section).getByRole('heading', { level: 2, name: title })).toBeTruthy()
    }
    const online = document.getElementById('cursos-online')!
    expect(
      within(online).getByRole('link', { name: 'Hemodiálise para Enfermagem' }).getAttribute('href'),
    ).toBe('/cursos/hemodialise')
    expect(online.textContent).toContain('a partir de R$ 1.000,00')
    expect(online.textContent).toContain('Resumo de Hemodiálise para Enfermagem.')
    expect(document.getElementById('cursos-presenciais')!.textContent).toContain(
      'Sem turmas abertas no momento',
    )

    const images = [...document.querySelectorAll('#conteudo article img')] as HTMLImageElement[]
    expect(images.map((image) => image.getAttribute('src'))).toEqual([
      '/img/cursos/hemodialise-1.svg',
      '/img/cursos/transplante-1.svg',
      DEFAULT_IMAGES.course,
    ])
    for (const image of images) {
      expect(image.getAttribute('loading')).toBe('lazy')
      expect(image.getAttribute('width')).toBe('800')
    }
    await waitFor(() => expect(document.title).toBe('Cursos | Instituto Renalis'))
    expect(headContent('link[rel="canonical"]', 'href')).toBe('https://www.institutorenalis.com.br/cursos')
  })

  it('/cursos shows the error state and retries', async () => {
    renderApp('/cursos', {
      '/cursos/getCourses': [
        { status: 503, body: { msg: 'Indisponível' } },
        { status: 503, body: { msg: 'Indisponível' } },
        { body: COURSES },
      ],
    })
    expect(await screen.findByRole('alert', {}, { timeout: 4000 })).toBeTruthy()
    // The SPEC's toast for this call, with the server's detail.
    expect(await screen.findByText('Erro ao buscar cursos: Indisponível')).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }))
    expect(await screen.findByRole('link', { name: 'Transplante Renal' })).toBeTruthy()
  })

  it('/ebooks anchors each e-book and tells free from included-with-the-course', async () => {
    renderApp('/ebooks', { '/api/ebooks': { body: EBOOKS } })
    await screen.findByRole('heading', { level: 2, name: 'Cardápios e Contagem de Fósforo' })
    const free = document.getElementById('ebook-2')!
    expect(free.textContent).toContain('Gratuito')
    expect(free.textContent).toContain('36 páginas')
    const included = document.getElementById('ebook-3')!
    expect(included.textContent).toContain('Incluído na compra do curso Nutrição Renal na Prática Clínica')
    expect(
      within(included).getByRole('link', { name: 'Nutrição Renal na Prática Clínica' }).getAttribute('href'),
    ).toBe('/cursos/nutricao-renal')
    expect(within(included).getByRole('img').getAttribute('src')).toBe(DEFAULT_IMAGES.product)
  })

  it('/anais groups the proceedings by year, newest first, with download links', async () => {
    renderApp('/anais', {
      '/api/anais': {
        body: [
          {
            id: 1,
            title: 'Anais da 1ª Jornada',
            year: 2024,
            description: 'Primeira.',
            file_url: '/files/a1.pdf',
          },
          {
            id: 3,
            title: 'Anais da 3ª Jornada',
            year: 2026,
            description: 'Terceira.',
            file_url: '/files/a3.pdf',
          },
        ],
      },
    })
    await screen.findByRole('heading', { level: 3, name: 'Anais da 3ª Jornada' })
    const years = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)
    expect(years.indexOf('2026')).toBeLessThan(years.indexOf('2024'))
    const links = screen.getAllByRole('link', { name: 'Baixar PDF' })
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/files/a3.pdf', '/files/a1.pdf'])
  })

  it('an institute page asks for its slug encoded and renders its body', async () => {
    const { calls } = renderApp('/pesquisa/publicacoes', {
      '/api/paginas/pesquisa%2Fpublicacoes': {
        body: {
          slug: 'pesquisa/publicacoes',
          title: 'Publicações',
          description: 'Artigos e resumos dos pesquisadores.',
          body: 'Uma seleção.\n\n## Artigos\n\n- Tavares RA. Punção guiada. 2026.',
        },
      },
    })
    expect(await screen.findByRole('heading', { level: 1, name: 'Publicações' })).toBeTruthy()
    expect(screen.getByRole('heading', { level: 2, name: 'Artigos' })).toBeTruthy()
    expect(screen.getByText('Tavares RA. Punção guiada. 2026.')).toBeTruthy()
    expect(calls.some((call) => call.path === '/api/paginas/pesquisa%2Fpublicacoes')).toBe(true)
    await waitFor(() => expect(document.title).toBe('Publicações | Instituto Renalis'))
    expect(headContent('meta[property="og:description"]')).toBe('Artigos e resumos dos pesquisadores.')
    expect(headContent('link[rel="canonical"]', 'href')).toBe(
      'https://www.institutorenalis.com.br/pesquisa/publicacoes',
    )
  })

  it('/contato shows the contact form', async () => {
    renderApp('/contato', {
      '/api/paginas/contato': {
        body: { slug: 'contato', title: 'Contato', description: 'Telefones.', body: '## Telefones' },
      },
    })
    expect(await screen.findByRole('heading', { level: 1, name: 'Contato' })).toBeTruthy()
    const region = screen.getByRole('region', { name: 'Fale com a gente' })
    expect(within(region).getByRole('textbox', { name: 'Nome completo' })).toBeTruthy()
    expect(within(region).getByRole('button', { name: 'enviar mensagem' })).toBeTruthy()
  })

  it('/editais/{slug} shows the state, dates, places and the registration fees with their payment labels', async () => {
    renderApp('/editais/residencia-2027', { '/api/editais/residencia-2027': { body: EDITAL } })
    expect(await screen.findByRole('heading', { level: 1, name: EDITAL.title })).toBeTruthy()
    expect(screen.getByText('Inscrições abertas')).toBeTruthy()
    expect(screen.getByText('Inscrições de 3 de novembro de 2026 a 15 de janeiro de 2027')).toBeTruthy()
    expect(screen.getByText('4 vagas')).toBeTruthy()
    expect(screen.getByRole('heading', { level: 2, name: 'Vagas' })).toBeTruthy()
    // No PDF, no monthly fees: neither the download nor the monthly group.
    expect(screen.queryByRole('link', { name: /Baixar o edital/ })).toBeNull()
    expect(screen.queryByRole('region', { name: 'Mensalidades' })).toBeNull()
    const plans = screen.getByRole('region', { name: 'Taxa de inscrição' })
    const first = within(plans).getByRole('heading', { level: 3, name: 'Taxa de inscrição' }).closest('li')!
    expect(first.textContent).toContain('R$ 350,00')
    expect([...first.querySelectorAll('ul > li')].map((li) => li.textContent)).toEqual([
      'Cartão de crédito',
      'Boleto',
      'Cartão de débito',
    ])
    expect(within(first).getByRole('link', { name: 'Pagar Taxa de inscrição' }).getAttribute('href')).toBe(
      '/usuario/editais/mensalidade/1',
    )
    const second = within(plans).getByRole('heading', { level: 3, name: 'Taxa parcelada' }).closest('li')!
    expect(second.textContent).toContain('em até 3x no cartão de crédito')
    expect([...second.querySelectorAll('ul > li')].map((li) => li.textContent)).toEqual(['Cartão de crédito'])
  })

  it('/editais/{slug} offers the PDF, and lists the monthly fees with their due dates, paid after approval', async () => {
    const edital: Edital = {
      ...EDITAL,
      places: 1,
      pdf_url: '/files/editais%2Fresidencia-2027.pdf',
      plans: [
        EDITAL.plans[0]!,
        {
          id: 7,
          kind: 'monthly',
          name: 'Mensalidade de março/2027',
          due_on: '2027-03-10',
          amount: 89000,
          payment_methods: ['boleto', 'credit_card'],
          instalment_times: 3,
        },
        {
          id: 8,
          kind: 'monthly',
          name: 'Mensalidade de abril/2027',
          due_on: '2027-04-10',
          amount: 89000,
          payment_methods: ['boleto'],
          instalment_times: 1,
        },
      ],
    }
    renderApp('/editais/residencia-2027', { '/api/editais/residencia-2027': { body: edital } })
    expect(await screen.findByRole('heading', { level: 1, name: EDITAL.title })).toBeTruthy()
    expect(screen.getByText('1 vaga')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Baixar o edital (PDF)' }).getAttribute('href')).toBe(
      '/files/editais%2Fresidencia-2027.pdf',
    )
    const registration = screen.getByRole('region', { name: 'Taxa de inscrição' })
    expect(
      within(registration)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Taxa de inscrição'])
    const monthly = screen.getByRole('region', { name: 'Mensalidades' })
    expect(
      within(monthly).getByText('As mensalidades são pagas depois que a inscrição é aprovada.'),
    ).toBeTruthy()
    const march = within(monthly)
      .getByRole('heading', { level: 3, name: 'Mensalidade de março/2027' })
      .closest('li')!
    expect(march.textContent).toContain('R$ 890,00')
    expect(march.textContent).toContain('vence em 10/03/2027')
    expect(march.textContent).toContain('em até 3x no cartão de crédito')
    expect([...march.querySelectorAll('ul > li')].map((li) => li.textContent)).toEqual([
      'Cartão de crédito',
      'Boleto',
    ])
    const april = within(monthly)
      .getByRole('heading', { level: 3, name: 'Mensalidade de abril/2027' })
      .closest('li')!
    expect(april.textContent).toContain('vence em 10/04/2027')
    // Paid from Meus editais once approved: no payment link on the call's page.
    expect(within(monthly).queryByRole('link')).toBeNull()
  })

  it('an unknown edital is not found', async () => {
    renderApp('/editais/nao-existe', {
      '/api/editais/nao-existe': { status: 404, body: { msg: 'Edital não encontrado.' } },
    })
    expect(await screen.findByRole('heading', { level: 1, name: 'Edital não encontrado.' })).toBeTruthy()
  })

  it("adds an 'Editais' submenu built from /search/getSearch?menu=true", async () => {
    const { calls } = renderApp('/cursos', {
      '/cursos/getCourses': { body: [] },
      '/search/getSearch': {
        body: [
          { name: 'Programa de Residência em Nefrologia 2027', url: '/editais/residencia-2027' },
          { name: 'Seleção de Bolsistas 2027', url: '/editais/bolsistas-2027' },
        ],
      },
    })
    const nav = within((await screen.findAllByRole('navigation', { name: 'Menu principal' }))[0]!)
    const toggle = await nav.findByRole('button', { name: 'Editais' })
    const call = calls.find((entry) => entry.path === '/search/getSearch')!
    expect(call).toBeTruthy()
    await userEvent.click(toggle)
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    const submenu = document.getElementById(toggle.getAttribute('aria-controls')!)!
    expect(
      within(submenu)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Programa de Residência em Nefrologia 2027', '/editais/residencia-2027'],
      ['Seleção de Bolsistas 2027', '/editais/bolsistas-2027'],
    ])
  })
})
