import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { invalidateCatalog } from '../../worker/services/catalog/snapshot.ts'
import { loadRenderer, type PageRequest, renderDocument } from '../../worker/ssr/pages.ts'
import {
  createClass,
  createCourse,
  createHomeCard,
  createHomeList,
  testContext,
  testDb,
  unique,
} from '../fixtures/db.ts'
import { workerFetch } from '../fixtures/http.ts'

// A component that throws while the Worker renders a page: the render fails (the Worker then
// sends the SPA shell and the browser renders the page itself), whether a route's error
// boundary caught it or nothing did. Neither error screen may end up in a page shared with
// every visitor (the server render runs no error boundary: Preact's `options.errorBoundaries` is
// off). Two components are made to throw on a marker in their data.
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

const TEMPLATE = `<!doctype html>
<html lang="pt-BR"><head><title>Instituto Renalis</title></head><body><div id="app"></div></body></html>`

function render(path: string) {
  const request: PageRequest = {
    url: new URL(path, 'http://localhost'),
    origin: 'https://www.institutorenalis.com.br',
    headers: new Headers({ Accept: 'text/html' }),
    template: TEMPLATE,
    handle: (apiRequest) => workerFetch(apiRequest),
  }
  return renderDocument(request)
}

describe('a component that throws while the Worker renders', () => {
  const db = testDb()

  beforeAll(async () => {
    await loadRenderer()
  }, 120_000)

  beforeEach(async () => {
    await invalidateCatalog(testContext())
  })

  it("fails the render when a route's error boundary caught it (the course page)", async () => {
    const fine = await createCourse(db, { name: 'Curso que renderiza', url: unique('bom') })
    await createClass(db, { courseId: fine.id })
    const page = await render(`/cursos/${fine.url}`)
    expect(page.status).toBe(200)

    const broken = await createCourse(db, {
      name: 'Curso que quebra',
      url: unique('quebra'),
      description: `## Objetivos\n\n${MARKER}`,
    })
    await createClass(db, { courseId: broken.id })
    await expect(render(`/cursos/${broken.url}`)).rejects.toThrow('Markdown quebrou')
  })

  it('fails the render when nothing caught it (a home card, outside any route boundary)', async () => {
    const turma = await createClass(db)
    const list = await createHomeList(db, { title: unique('Vitrine'), sortOrder: -100 })
    await createHomeCard(db, { listId: list.id, type: 'turma', itemId: turma.id, name: `Cartão ${MARKER}` })
    await invalidateCatalog(testContext())
    await expect(render('/')).rejects.toThrow('Cartão quebrou')
  })
})
