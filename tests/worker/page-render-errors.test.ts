import { beforeAll, describe, expect, it, vi } from 'vitest'
import { loadRenderer } from '../../worker/ssr/pages.ts'
import {
  createClass,
  createCourse,
  createShowcaseCard,
  createShowcaseList,
  freshCatalog,
  testDb,
  unique,
} from '../support/worker/db.ts'
import { fetchPage, NAVIGATE } from '../support/worker/pages.ts'

// A component that throws while the Worker renders a page: the render fails, and the visitor gets
// the SPA shell (the browser renders the page itself), whether a route's error
// boundary caught it or nothing did. Neither error screen may end up in a page shared with
// every visitor (React's server render runs no error boundary: an error reaches the renderer's
// `onError`, which fails the render). Two components are made to throw on a marker in their data.
const MARKER = 'QUEBRA-NA-RENDERIZACAO'

// Typed loosely: the web app's modules are the web project's to type-check, not the Worker's.
type Component<P> = (props: P) => unknown

vi.mock('../../web/src/features/content/markdown.tsx', async (importOriginal) => {
  const original = await importOriginal<{ Markdown: Component<{ source: string }> }>()
  return {
    ...original,
    Markdown: (props: { source: string }) => {
      if (props.source.includes(MARKER)) throw new Error('Markdown quebrou')
      return original.Markdown(props)
    },
  }
})

vi.mock('../../web/src/features/showcase/course-card.tsx', async (importOriginal) => {
  const original = await importOriginal<{ CourseCard: Component<{ card: { name: string } }> }>()
  return {
    ...original,
    CourseCard: (props: { card: { name: string } }) => {
      if (props.card.name.includes(MARKER)) throw new Error('Cartão quebrou')
      return original.CourseCard(props)
    },
  }
})

/** What a browser opening `path` gets: the rendered page (with its data) or the SPA shell. */
async function open(path: string) {
  await freshCatalog()
  const response = await fetchPage(path, { headers: NAVIGATE })
  expect(response.status).toBe(200)
  const html = await response.text()
  return { rendered: html.includes('id="ssr-state"'), html }
}

describe('a component that throws while the Worker renders', () => {
  const db = testDb()

  beforeAll(async () => {
    await loadRenderer()
  }, 120_000)

  it("sends the SPA shell when a route's error boundary would have caught it (the course page)", async () => {
    const fine = await createCourse(db, { name: unique('Curso que renderiza'), url: unique('bom') })
    await createClass(db, { courseId: fine.id })
    const page = await open(`/cursos/${fine.url}`)
    expect(page.rendered).toBe(true)
    expect(page.html).toContain(fine.name)

    const broken = await createCourse(db, {
      name: unique('Curso que quebra'),
      url: unique('quebra'),
      description: `## Objetivos\n\n${MARKER}`,
    })
    await createClass(db, { courseId: broken.id })
    const shell = await open(`/cursos/${broken.url}`)
    expect(shell.rendered).toBe(false)
    expect(shell.html).not.toContain(broken.name)
  })

  it('sends the SPA shell when nothing would have caught it (a home card, outside any route boundary)', async () => {
    const turma = await createClass(db)
    const list = await createShowcaseList(db, { title: unique('Vitrine'), sortOrder: -100 })
    await createShowcaseCard(db, {
      listId: list.id,
      type: 'turma',
      itemId: turma.id,
      name: `Cartão ${MARKER}`,
    })
    const shell = await open('/')
    expect(shell.rendered).toBe(false)
    expect(shell.html).not.toContain(MARKER)
  })
})
