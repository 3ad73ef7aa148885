import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { CART_HASH_KEY } from '../../web/src/features/cart/cart-storage.ts'
import { Showcase } from '../../web/src/features/showcase/showcase.tsx'
import type { ShowcaseLists } from '../../worker/contract/showcase.ts'
import { DEFAULT_IMAGES } from '../../worker/domain/institute.ts'
import { mockFetch, renderWithApp } from '../support/web/render.tsx'

const LISTS: ShowcaseLists = [
  {
    id: 1,
    title: 'Nefrologia Intervencionista',
    sub_title: 'Procedimentos guiados por especialistas',
    cart_mode: false,
    itens: [
      {
        id: 10,
        type: 'turma',
        name: 'Hemodiálise Básica + Diálise Peritoneal',
        name_splited: ['Hemodiálise Básica', 'Diálise Peritoneal'],
        description_title: 'Pacote completo',
        description: 'Dois cursos com aulas práticas.',
        img: '/img/cursos/hemodialise.jpg',
        price: 100000,
        amount: 120000,
        url: '/cursos/hemodialise-basica',
        open: true,
        product_id: null,
      },
      {
        id: 11,
        type: 'turma',
        name: 'Acesso Vascular para Hemodiálise: do planejamento à confecção da fístula',
        description_title: 'Curso presencial',
        description: 'Técnicas de acesso vascular.',
        img: null,
        price: 49000,
        amount: 49000,
        url: '/cursos/acesso-vascular',
        open: false,
        product_id: 7,
      },
    ],
  },
  {
    id: 2,
    title: 'Cursos Práticos',
    sub_title: 'Aprenda fazendo',
    cart_mode: true,
    itens: [
      {
        id: 20,
        type: 'produto',
        name: 'E-book de Nefrologia Clínica',
        description_title: 'E-book',
        description: 'Para baixar e imprimir.',
        img: '/img/ebooks/nefro.png',
        price: 104568,
        amount: null,
        url: null,
        open: true,
        product_id: 3,
      },
    ],
  },
]

const cardOf = (name: string | RegExp) => screen.getByRole('heading', { level: 3, name }).closest('article')!

describe('home showcase', () => {
  beforeEach(() => {
    window.history.replaceState(null, '', '/')
  })
  it('shows the loading row, then every list with its anchor button and carousel', async () => {
    const { fetchMock, calls } = mockFetch({ '/home_itens/lists': { body: LISTS } })
    let release: () => void = () => {}
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      await gate
      return fetchMock(input, init)
    })
    renderWithApp(<Showcase />)

    expect(await screen.findByText('carregando dados...')).toBeTruthy()
    expect(screen.getByRole('heading', { level: 1, name: 'Cursos' })).toBeTruthy()
    expect(screen.getByText('Cursos repletos de conteúdo para você')).toBeTruthy()
    const hero = screen.getByRole('img', { name: /Aprender nefrologia/ }) as HTMLImageElement
    expect(hero.getAttribute('src')).toBe('/img/hero-cursos.svg')
    expect(hero.getAttribute('loading')).toBeNull()

    release()
    expect(await screen.findByRole('heading', { level: 2, name: 'Nefrologia Intervencionista' })).toBeTruthy()
    expect(screen.queryByText('carregando dados...')).toBeNull()
    expect(calls.map((call) => call.path)).toEqual(['/home_itens/lists'])

    const anchors = within(screen.getByRole('navigation', { name: 'Listas de cursos' }))
    expect(screen.getByText('Click e veja:')).toBeTruthy()
    expect(anchors.getByRole('link', { name: 'Nefrologia Intervencionista' }).getAttribute('href')).toBe(
      '#nefrologia-intervencionista',
    )
    expect(anchors.getByRole('link', { name: 'Cursos Práticos' }).getAttribute('href')).toBe(
      '#cursos-praticos',
    )
    expect(document.getElementById('nefrologia-intervencionista')?.textContent).toContain(
      'Hemodiálise Básica',
    )
    expect(document.getElementById('cursos-praticos')?.textContent).toContain('E-book de Nefrologia Clínica')
    expect(screen.getByRole('heading', { level: 2, name: 'Cursos Práticos' })).toBeTruthy()
    expect(screen.getByText('Aprenda fazendo')).toBeTruthy()
  })

  it('renders each card as the SPEC describes', async () => {
    vi.stubGlobal('fetch', mockFetch({ '/home_itens/lists': { body: LISTS } }).fetchMock)
    renderWithApp(<Showcase />)
    await screen.findByRole('heading', { level: 2, name: 'Cursos Práticos' })

    const bundle = cardOf(/Hemodiálise Básica/)
    expect(within(bundle).getByRole('heading', { level: 3 }).textContent).toBe(
      'Hemodiálise Básica+Diálise Peritoneal',
    )
    expect(bundle.querySelector('s')?.textContent).toBe('R$ 1.200,00')
    expect(bundle.textContent).toContain('de R$ 1.200,00 por')
    expect(within(bundle).getByTestId('card-price').textContent).toBe('R$ 1.000,00')
    expect(bundle.textContent).toContain('Pacote completo')
    expect(bundle.textContent).toContain('Dois cursos com aulas práticas.')
    const signUp = within(bundle).getByRole('link', { name: 'realizar inscrição' })
    expect(signUp.getAttribute('href')).toBe('/cursos/hemodialise-basica')

    const longName = cardOf(/Acesso Vascular/)
    expect(longName.querySelector('s')).toBeNull()
    expect(within(longName).getByTestId('card-price').textContent).toBe('R$ 490,00')
    expect(within(longName).getByRole('link', { name: 'Saiba mais' }).getAttribute('href')).toBe(
      '/cursos/acesso-vascular',
    )
    const noImage = within(longName).getByRole('img') as HTMLImageElement
    expect(noImage.getAttribute('src')).toBe(DEFAULT_IMAGES.course)
    // SPEC section 9: a name over 50 characters gives the image 7 of 12 columns.
    expect(noImage.className).toContain('col-span-7')
    expect(within(bundle).getByRole('img').className).toContain('col-span-5')

    const ebook = cardOf('E-book de Nefrologia Clínica')
    expect(within(ebook).getByTestId('card-price').textContent).toBe('R$ 1.045,68')
    expect(within(ebook).getByRole('button', { name: 'Adicionar ao carrinho' })).toBeTruthy()
    expect(within(ebook).queryByRole('link')).toBeNull()

    for (const card of [bundle, longName, ebook]) {
      const seconds = Number.parseFloat(card.style.animationDuration)
      expect(seconds).toBeGreaterThanOrEqual(6)
      expect(seconds).toBeLessThanOrEqual(12)
    }
  })

  it('swaps a broken image for the default course image once', async () => {
    vi.stubGlobal('fetch', mockFetch({ '/home_itens/lists': { body: LISTS } }).fetchMock)
    renderWithApp(<Showcase />)
    await screen.findByRole('heading', { level: 2, name: 'Cursos Práticos' })

    const image = within(cardOf(/Hemodiálise Básica/)).getByRole('img') as HTMLImageElement
    expect(image.getAttribute('src')).toBe('/img/cursos/hemodialise.jpg')
    expect(image.getAttribute('loading')).toBe('lazy')
    expect(image.getAttribute('width')).toBeTruthy()
    expect(image.getAttribute('height')).toBeTruthy()
    fireEvent.error(image)
    await waitFor(() => expect(image.getAttribute('src')).toBe(DEFAULT_IMAGES.course))
    fireEvent.error(image)
    expect(image.getAttribute('src')).toBe(DEFAULT_IMAGES.course)
  })

  it('has previous/next arrows, disabled when every card fits', async () => {
    vi.stubGlobal('fetch', mockFetch({ '/home_itens/lists': { body: LISTS } }).fetchMock)
    renderWithApp(<Showcase />)
    await screen.findByRole('heading', { level: 2, name: 'Cursos Práticos' })
    const carousel = screen.getByRole('region', { name: 'Nefrologia Intervencionista' })
    expect(carousel.getAttribute('aria-roledescription')).toBe('carrossel')
    const prev = within(carousel).getByRole('button', { name: 'Anterior' }) as HTMLButtonElement
    const next = within(carousel).getByRole('button', { name: 'Próximo' }) as HTMLButtonElement
    // happy-dom has no layout: every slide "fits", so both stay disabled after the 300 ms check.
    await new Promise((resolve) => setTimeout(resolve, 350))
    expect(prev.disabled).toBe(true)
    expect(next.disabled).toBe(true)
  })

  it('adds a cart-mode card to the cart', async () => {
    const { fetchMock, calls } = mockFetch({
      '/home_itens/lists': { body: LISTS },
      '/carrinho-de-compras/update-cart': { body: { hash: 'novo-hash', data: { data: {}, boleto: true } } },
    })
    vi.stubGlobal('fetch', fetchMock)
    window.localStorage.setItem(CART_HASH_KEY, 'hash-antigo')
    renderWithApp(<Showcase />)
    await screen.findByRole('heading', { level: 2, name: 'Cursos Práticos' })

    await userEvent.click(screen.getByRole('button', { name: 'Adicionar ao carrinho' }))

    expect(await screen.findByText('Adicionado ao carrinho com sucesso!')).toBeTruthy()
    const call = calls.find((entry) => entry.path === '/carrinho-de-compras/update-cart')!
    expect(call.init?.method).toBe('POST')
    expect(JSON.parse(String(call.init?.body))).toEqual({
      hash: 'hash-antigo',
      data: { id: 20, type: 'produto' },
      option: 'add',
    })
    expect(window.localStorage.getItem(CART_HASH_KEY)).toBe('novo-hash')
  })

  it('toasts the cart error when adding fails', async () => {
    vi.stubGlobal(
      'fetch',
      mockFetch({
        '/home_itens/lists': { body: LISTS },
        '/carrinho-de-compras/update-cart': { status: 500, body: null },
      }).fetchMock,
    )
    renderWithApp(<Showcase />)
    await screen.findByRole('heading', { level: 2, name: 'Cursos Práticos' })
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar ao carrinho' }))
    expect(await screen.findByText('erro ao adicionar item no carrinho')).toBeTruthy()
  })

  it('shows the error state and a toast, and retries on click', async () => {
    const { fetchMock, calls } = mockFetch({
      '/home_itens/lists': [
        { status: 500, body: { msg: 'Banco de dados indisponível' } },
        { status: 500, body: { msg: 'Banco de dados indisponível' } },
        { body: LISTS },
      ],
    })
    vi.stubGlobal('fetch', fetchMock)
    renderWithApp(<Showcase />)

    // The app's QueryClient retries once (after ~1 s) before giving up.
    expect(await screen.findByText('Erro ao carregar dados', {}, { timeout: 4000 })).toBeTruthy()
    expect(await screen.findByText('Erro ao carregar listas: Banco de dados indisponível')).toBeTruthy()
    expect(calls.length).toBe(2)

    await userEvent.click(screen.getByRole('button', { name: 'Click para tentar novamente' }))

    expect(await screen.findByRole('heading', { level: 2, name: 'Nefrologia Intervencionista' })).toBeTruthy()
    expect(screen.queryByText('Erro ao carregar dados')).toBeNull()
    expect(calls.length).toBe(3)
  })

  it('shows the error state when the answer does not match the contract', async () => {
    vi.stubGlobal('fetch', mockFetch({ '/home_itens/lists': { body: [{ id: 'x' }] } }).fetchMock)
    renderWithApp(<Showcase />)
    expect(await screen.findByText('Erro ao carregar dados', {}, { timeout: 4000 })).toBeTruthy()
  })

  it('scrolls to the list named in the URL hash once the lists load', async () => {
    const scrolled: string[] = []
    vi.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(function (this: HTMLElement) {
      scrolled.push(this.id)
    })
    window.history.replaceState(null, '', '/#cursos-praticos')
    vi.stubGlobal('fetch', mockFetch({ '/home_itens/lists': { body: LISTS } }).fetchMock)
    renderWithApp(<Showcase />)
    await screen.findByRole('heading', { level: 2, name: 'Cursos Práticos' })
    await waitFor(() => expect(scrolled).toContain('cursos-praticos'))
  })

  it("has a control that stops and restarts the cards' float, and remembers the choice", async () => {
    window.localStorage.removeItem('showcase-motion')
    vi.stubGlobal('fetch', mockFetch({ '/home_itens/lists': { body: LISTS } }).fetchMock)
    const first = renderWithApp(<Showcase />)
    await screen.findByRole('heading', { level: 2, name: 'Cursos Práticos' })
    // The cards sit inside the motion area that styles.css pauses on hover, focus and 'off'.
    const area = cardOf('E-book de Nefrologia Clínica').closest('.showcase-motion') as HTMLElement
    expect(area.dataset.motion).toBe('on')
    expect(area.contains(cardOf(/Hemodiálise Básica/))).toBe(true)

    await userEvent.click(screen.getByRole('button', { name: 'Parar animação' }))
    expect(area.dataset.motion).toBe('off')
    expect(screen.getByRole('button', { name: 'Retomar animação' })).toBeTruthy()
    expect(window.localStorage.getItem('showcase-motion')).toBe('off')
    first.unmount()

    // The next visit starts stopped, until the control restarts the float.
    renderWithApp(<Showcase />)
    const restart = await screen.findByRole('button', { name: 'Retomar animação' })
    expect((restart.closest('.showcase-motion') as HTMLElement).dataset.motion).toBe('off')
    await userEvent.click(restart)
    expect(screen.getByRole('button', { name: 'Parar animação' })).toBeTruthy()
    expect((restart.closest('.showcase-motion') as HTMLElement).dataset.motion).toBe('on')
    expect(window.localStorage.getItem('showcase-motion')).toBeNull()
  })
})
