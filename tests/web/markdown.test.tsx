import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Markdown, parseBlocks, safeHref } from '../../web/src/features/content/markdown.tsx'
import { markdownTexts } from '../../worker/domain/markdown.ts'
import { normaliseText } from '../../worker/domain/translation.ts'
import { renderWithApp } from '../support/web/render.tsx'

async function renderMarkdown(source: string, headingOffset: 0 | 1 = 0) {
  const { container } = renderWithApp(
    <div data-testid="md">
      <Markdown source={source} headingOffset={headingOffset} />
    </div>,
  )
  await screen.findByTestId('md')
  return container.querySelector('[data-testid="md"] > div')!
}

describe('markdown renderer', () => {
  it('parses headings, paragraphs and both kinds of list', () => {
    expect(
      parseBlocks(
        'Primeiro parágrafo\ncontinua aqui.\n\n## Seção\n\n- um\n- dois\n\n### Detalhe\n1. passo\n2. outro passo\n\nFim.',
      ),
    ).toEqual([
      { kind: 'paragraph', text: 'Primeiro parágrafo continua aqui.' },
      { kind: 'heading', level: 2, text: 'Seção' },
      { kind: 'list', ordered: false, items: ['um', 'dois'] },
      { kind: 'heading', level: 3, text: 'Detalhe' },
      { kind: 'list', ordered: true, items: ['passo', 'outro passo'] },
      { kind: 'paragraph', text: 'Fim.' },
    ])
  })

  it('renders the subset as elements', async () => {
    const root = await renderMarkdown(
      'O **Instituto** forma profissionais.\n\n## Missão\n\nTexto com [link](/cursos).\n\n### Valores\n\n- **Ciência** e ética\n- Ensino',
    )
    expect(screen.getByRole('heading', { level: 2, name: 'Missão' })).toBeTruthy()
    expect(screen.getByRole('heading', { level: 3, name: 'Valores' })).toBeTruthy()
    expect(root.querySelector('p strong')?.textContent).toBe('Instituto')
    const items = [...root.querySelectorAll('ul > li')].map((li) => li.textContent)
    expect(items).toEqual(['Ciência e ética', 'Ensino'])
    expect(root.querySelector('ul > li strong')?.textContent).toBe('Ciência')
    expect(screen.getByRole('link', { name: 'link' }).getAttribute('href')).toBe('/cursos')
  })

  it('moves headings one level down under a section heading of the page', async () => {
    await renderMarkdown('## Objetivos\n\n### Específicos', 1)
    expect(screen.getByRole('heading', { level: 3, name: 'Objetivos' })).toBeTruthy()
    expect(screen.getByRole('heading', { level: 4, name: 'Específicos' })).toBeTruthy()
  })

  it('keeps http(s), mailto and relative links and drops any other scheme', async () => {
    const root = await renderMarkdown(
      [
        '[site](https://www.institutorenalis.com.br/cursos)',
        '[http](http://exemplo.com.br)',
        '[e-mail](mailto:contato@institutorenalis.com.br)',
        '[interno](/pesquisa/publicacoes)',
        '[âncora](#turmas)',
        '[js](javascript:alert(1))',
        '[js escondido](java\tscript:alert(1))',
        '[maiúsculas](JAVASCRIPT:alert(1))',
        '[dados](data:text/html;base64,PHNjcmlwdD4=)',
        '[vb](vbscript:msgbox)',
      ].join('\n\n'),
    )
    const hrefs = [...root.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')])
    expect(hrefs).toEqual([
      ['site', 'https://www.institutorenalis.com.br/cursos'],
      ['http', 'http://exemplo.com.br'],
      ['e-mail', 'mailto:contato@institutorenalis.com.br'],
      ['interno', '/pesquisa/publicacoes'],
      ['âncora', '#turmas'],
    ])
    // A refused link keeps its text, as plain text.
    expect(root.textContent).toContain('js escondido')
    expect(root.textContent).toContain('dados')
    expect(root.innerHTML).not.toMatch(/javascript|vbscript|data:text/i)
  })

  it('checks addresses with the URL parser', () => {
    expect(safeHref('https://a.com')).toBe('https://a.com')
    expect(safeHref('/x')).toBe('/x')
    expect(safeHref('relativo/pagina')).toBe('relativo/pagina')
    expect(safeHref(' javascript:alert(1)')).toBeNull()
    expect(safeHref('java\nscript:alert(1)')).toBeNull()
    expect(safeHref('ftp://a.com')).toBeNull()
    expect(safeHref('')).toBeNull()
  })

  it('shows raw HTML as text, never as markup', async () => {
    const root = await renderMarkdown(
      '<script>alert(1)</script>\n\n<img src=x onerror="alert(1)">\n\n**<b>negrito</b>**\n\n[<i>x</i>](/cursos)',
    )
    expect(root.querySelector('script')).toBeNull()
    expect(root.querySelector('img')).toBeNull()
    expect(root.querySelector('b')).toBeNull()
    expect(root.querySelector('i')).toBeNull()
    expect(root.textContent).toContain('<script>alert(1)</script>')
    expect(root.textContent).toContain('<img src=x onerror="alert(1)">')
    expect(root.querySelector('strong')?.textContent).toBe('<b>negrito</b>')
  })

  it('links bare e-mail addresses', async () => {
    await renderMarkdown('Dúvidas: ensino@institutorenalis.com.br.')
    expect(screen.getByRole('link', { name: 'ensino@institutorenalis.com.br' }).getAttribute('href')).toBe(
      'mailto:ensino@institutorenalis.com.br',
    )
  })

  it("writes exactly the text nodes the Worker counts as the page's texts (what it may translate)", async () => {
    const source =
      '## Objetivos do **curso**\n\nAo final, o aluno **conduz [a sessão](/x)** de\nhemodiálise. Dúvidas: ensino@institutorenalis.com.br.\n\n- Acesso **vascular**\n1. [Protocolo](https://example.com) e fim'
    const root = await renderMarkdown(source)
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT)
    const rendered: string[] = []
    while (walker.nextNode()) rendered.push(normaliseText(walker.currentNode.nodeValue ?? ''))
    const counted = markdownTexts(source).map(normaliseText)
    expect(rendered.filter((text) => text !== '')).toEqual(counted.filter((text) => text !== ''))
  })
})
