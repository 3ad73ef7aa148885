import { readFileSync } from 'node:fs'
import { act, fireEvent, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { SearchBox } from '../../web/src/features/search/search-box.tsx'
import type { SearchResults } from '../../worker/contract/catalog.ts'
import { mockFetch, pageAt, renderRoutes, renderWithApp } from '../support/web/render.tsx'

// From the project's root (Vitest's working directory): under happy-dom a module's own URL is
// not a file: URL, and the CSS import pipeline hands tests an empty sheet.
const STYLES = readFileSync('web/src/styles.css', 'utf8')

const RESULTS: SearchResults = [
  { name: 'Diálise Peritoneal: Prescrição, Treinamento e Complicações', url: '/cursos/dialise-peritoneal' },
  { name: 'Hemodiálise para Enfermagem', url: '/cursos/hemodialise-para-enfermagem' },
  { name: 'Cardápios e Contagem de Fósforo na Doença Renal', url: '/ebooks#ebook-3' },
]

type Reply = { status?: number; body: unknown }

/** Answers the search with `reply`, and records the text of every search request. */
function stubSearch(reply: Reply | ((text: string) => Reply) = { body: RESULTS }) {
  const texts: string[] = []
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost')
    if (url.pathname !== '/search/all_product') return mockFetch({}).fetchMock(input, init)
    const text = url.searchParams.get('search') ?? ''
    texts.push(text)
    const { status = 200, body } = typeof reply === 'function' ? reply(text) : reply
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
  })
  return texts
}

const box = () => screen.getByRole('combobox', { name: 'Pesquisar cursos e produtos' }) as HTMLInputElement
const list = () => document.getElementById(box().getAttribute('aria-controls')!)!
const visibleOptions = () => screen.queryAllByRole('option')

/** Fake timers drive the 400 ms debounce; userEvent waits on the same fake clock. */
function setupFakeClock() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
  // Testing Library flushes its own setTimeout(0) through `jest` when it sees fake timers.
  vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) })
  return userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) })
}

/** The box in a layout that stays while the router moves between pages, as in the header. */
function renderInLayout() {
  return renderRoutes((root) => [pageAt(root, '/', <h1>Início</h1>), pageAt(root, '$', <h1>Outra</h1>)], {
    before: <SearchBox />,
  })
}

/** The router renders on its own schedule: wait for the box before the clock is faked. */
async function renderBox(ui: ReactNode | 'layout' = <SearchBox />) {
  const rendered = ui === 'layout' ? renderInLayout() : renderWithApp(ui)
  await screen.findByRole('combobox', { name: 'Pesquisar cursos e produtos' })
  return rendered
}

/** The answer is parsed with a schema loaded on demand: real work, waited for on the fake clock. */
async function showsResults(count = RESULTS.length) {
  await vi.waitFor(() => expect(visibleOptions()).toHaveLength(count))
}

async function tick(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms)
  })
}

describe('search box', () => {
  it('searches only once the text has been unchanged for 400 ms', async () => {
    const texts = stubSearch()
    await renderBox()
    const user = setupFakeClock()

    await user.click(box())
    await user.type(box(), 'dia')
    await tick(399)
    expect(texts).toEqual([])

    await tick(1)
    expect(texts).toEqual(['dia'])
    await showsResults()
    expect(screen.getByRole('listbox', { name: 'Resultados da pesquisa' })).toBeTruthy()
    expect(visibleOptions().map((option) => option.textContent)).toEqual(RESULTS.map((r) => r.name))

    // Keystrokes 200 ms apart never leave the text still for 400 ms: no request until the last one.
    for (const key of ['l', 'i', 's', 'e']) {
      await user.type(box(), key)
      await tick(200)
    }
    expect(texts).toEqual(['dia'])
    await tick(200)
    expect(texts).toEqual(['dia', 'dialise'])
  })

  it('clears the results at once when the text is emptied, without a request', async () => {
    const texts = stubSearch()
    await renderBox()
    const user = setupFakeClock()

    await user.type(box(), 'renal')
    await tick(450)
    await showsResults()

    await user.clear(box())
    expect(visibleOptions()).toHaveLength(0)
    expect(list().hidden).toBe(true)
    expect(box().getAttribute('aria-expanded')).toBe('false')
    await tick(1000)
    expect(texts).toEqual(['renal'])
    expect(visibleOptions()).toHaveLength(0)
  })

  it('shows the list only while there are results and the box has focus', async () => {
    stubSearch((text) => ({ body: text === 'nada' ? [] : RESULTS }))
    await renderBox(
      <div>
        <SearchBox />
        <p>Fora da pesquisa</p>
      </div>,
    )
    const user = setupFakeClock()

    await user.type(box(), 'hemo')
    expect(list().hidden).toBe(true)
    await tick(450)
    await showsResults()
    expect(list().hidden).toBe(false)
    expect(box().getAttribute('aria-expanded')).toBe('true')
    // Its box (the stylesheet's, which happy-dom does not apply): at most 300 px, scrolling.
    expect(list().className).toBe('search-results')
    const rule = /\.search-results \{([^}]*)\}/.exec(STYLES)?.[1] ?? ''
    expect(rule).toContain('max-height: 300px')
    expect(rule).toContain('overflow-y: auto')

    // A click outside takes the focus away, and the list goes with it.
    fireEvent.pointerDown(screen.getByText('Fora da pesquisa'))
    expect(document.activeElement).not.toBe(box())
    expect(list().hidden).toBe(true)

    await user.click(box())
    expect(list().hidden).toBe(false)

    await user.clear(box())
    await user.type(box(), 'nada')
    await tick(450)
    await vi.waitFor(() => expect(screen.getByText('Nenhum resultado encontrado.')).toBeTruthy())
    expect(document.activeElement).toBe(box())
    expect(list().hidden).toBe(true)
    expect(screen.getByText('Nenhum resultado encontrado.')).toBeTruthy()
  })

  it('moves through the results with the arrows, opens one with Enter and closes with Escape', async () => {
    stubSearch()
    const { router } = await renderBox('layout')
    const user = setupFakeClock()

    await user.type(box(), 'renal')
    await tick(450)
    await showsResults()
    const options = visibleOptions()
    expect(box().getAttribute('aria-activedescendant')).toBeNull()

    await user.keyboard('{ArrowDown}')
    expect(box().getAttribute('aria-activedescendant')).toBe(options[0]!.id)
    expect(options[0]!.getAttribute('aria-selected')).toBe('true')
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}')
    // Past the last result it wraps to the first.
    expect(box().getAttribute('aria-activedescendant')).toBe(options[0]!.id)
    await user.keyboard('{ArrowUp}')
    expect(box().getAttribute('aria-activedescendant')).toBe(options[2]!.id)
    expect(options[2]!.getAttribute('aria-selected')).toBe('true')
    expect(options[0]!.getAttribute('aria-selected')).toBe('false')

    await user.keyboard('{Escape}')
    expect(list().hidden).toBe(true)
    expect(box().value).toBe('renal')
    expect(box().getAttribute('aria-activedescendant')).toBeNull()

    // ArrowDown opens the list again; Enter opens the highlighted result with the router.
    await user.keyboard('{ArrowDown}{ArrowDown}')
    expect(box().getAttribute('aria-activedescendant')).toBe(options[1]!.id)
    await user.keyboard('{Enter}')
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/cursos/hemodialise-para-enfermagem'))
    await vi.waitFor(() => expect(screen.getByRole('heading', { name: 'Outra' })).toBeTruthy())
    expect(list().hidden).toBe(true)
    expect(document.activeElement).not.toBe(box())
  })

  it('submits by keyboard: the Pesquisar button searches at once and takes the focus to the first result', async () => {
    const texts = stubSearch()
    await renderBox()
    const user = setupFakeClock()
    await user.type(box(), 'renal')
    expect(texts).toEqual([])
    // The submit is the form's own: reached with Tab, pressed with Enter.
    await user.tab()
    const submit = screen.getByRole('button', { name: 'Pesquisar' })
    expect(document.activeElement).toBe(submit)
    await user.keyboard('{Enter}')
    await showsResults()
    expect(texts).toEqual(['renal'])
    expect(document.activeElement).toBe(box())
    expect(box().getAttribute('aria-activedescendant')).toBe(visibleOptions()[0]!.id)
    await vi.waitFor(() => expect(screen.getByText(/3 resultados encontrados/)).toBeTruthy())
  })

  it('links every result to its url, anchors included', async () => {
    stubSearch()
    await renderBox()
    const user = setupFakeClock()
    await user.type(box(), 'renal')
    await tick(450)
    await showsResults()
    expect(visibleOptions().map((option) => option.getAttribute('href'))).toEqual([
      '/cursos/dialise-peritoneal',
      '/cursos/hemodialise-para-enfermagem',
      '/ebooks#ebook-3',
    ])
  })

  it('toasts "Erro ao pesquisar produtos" when the search fails', async () => {
    const texts = stubSearch({ status: 500, body: null })
    await renderBox()
    await userEvent.type(box(), 'dialise')
    expect(await screen.findByText('Erro ao pesquisar produtos', {}, { timeout: 3000 })).toBeTruthy()
    expect(texts).toEqual(['dialise'])
    expect(list().hidden).toBe(true)
  })

  it("toasts the server's own message when it sends one", async () => {
    stubSearch({
      status: 422,
      body: { message: 'x', errors: { search: ['A pesquisa pode ter no máximo 100 caracteres.'] } },
    })
    await renderBox()
    await userEvent.type(box(), 'x')
    expect(
      await screen.findByText('A pesquisa pode ter no máximo 100 caracteres.', {}, { timeout: 3000 }),
    ).toBeTruthy()
  })
})
