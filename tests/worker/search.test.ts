import { sql } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { ebooks, editais } from '../../db/schema.ts'
import { SearchResults } from '../../worker/contract/catalog.ts'
import { createCourse, createProduct, freshCatalog, testDb } from '../support/worker/db.ts'
import { workerFetch } from '../support/worker/http.ts'

const search = async (text: string) => {
  const response = await workerFetch(`http://localhost/search/all_product?search=${encodeURIComponent(text)}`)
  // A list of results when ok, the 422 body otherwise: the tests read whichever they expect.
  type Body = SearchResults & { errors: Record<string, string[]> }
  const body = (response.ok ? SearchResults.parse(await response.json()) : await response.json()) as Body
  return { response, body }
}

// A token no other test writes, so results are this test's own whatever else is in the database.
const token = () => `zq${crypto.randomUUID().replace(/-/g, '').slice(0, 8)}`

describe('GET /search/all_product', () => {
  const db = testDb()
  beforeEach(async () => freshCatalog())

  it('finds courses, products, e-books and editais regardless of case and accents', async () => {
    const t = token()
    const course = await createCourse(db, { name: `Diálise Peritoneal ${t}`, url: `dialise-${t}` })
    const product = await createProduct(db, { name: `Kit de diálise ${t}` })
    const [ebook] = await db
      .insert(ebooks)
      .values({ title: `Manual de DIALISE ${t}`, fileKey: 'ebooks/x.pdf' })
      .returning()
    await db.insert(editais).values({ slug: `edital-${t}`, title: `Edital de diálise ${t}` })

    for (const text of [`dialise ${t}`, `DIÁLISE ${t}`, `Diálise ${t.toUpperCase()}`]) {
      const { response, body } = await search(text)
      expect(response.status).toBe(200)
      expect(body.map((r: { url: string }) => r.url).sort()).toEqual(
        [
          `/cursos/${course.url}`,
          `/produtos/${product.id}`,
          `/ebooks#ebook-${ebook!.id}`,
          `/editais/edital-${t}`,
        ].sort(),
      )
    }
    const { body } = await search(`nefrolog ${t}`)
    expect(body).toEqual([])
  })

  it('matches every term as a prefix and ranks name matches above summary matches', async () => {
    const t = token()
    await createCourse(db, {
      name: `Curso geral ${t}`,
      summary: 'Inclui nefrologia intervencionista',
      url: `geral-${t}`,
    })
    await createCourse(db, { name: `Nefrologia Intervencionista ${t}`, url: `nefro-${t}` })
    const { body } = await search(`nefro interv ${t}`)
    expect(body.map((r: { url: string }) => r.url)).toEqual([`/cursos/nefro-${t}`, `/cursos/geral-${t}`])
  })

  it('answers at most 10 results', async () => {
    const t = token()
    for (let i = 0; i < 12; i++) await createProduct(db, { name: `Luva ${t} ${i}` })
    const { body } = await search(t)
    expect(body).toHaveLength(10)
  })

  it('answers an empty list for empty or symbol-only text, and treats FTS syntax as text', async () => {
    for (const text of ['', '   ', '***', '"', 'NEAR(', 'a OR b)']) {
      const { response, body } = await search(text)
      expect(response.status, text).toBe(200)
      expect(Array.isArray(body)).toBe(true)
    }
  })

  it("answers 200 to the longest search in any script (its cache key stays within KV's 512 bytes)", async () => {
    // 100 Hangul syllables: 300 bytes of UTF-8, 900 once percent-encoded (it answered 500).
    for (const text of ['각'.repeat(100), '각'.repeat(100), `${'ção'.repeat(33)}x`, '😀'.repeat(50)]) {
      const { response, body } = await search(text)
      expect(response.status, text).toBe(200)
      expect(body).toEqual([])
    }
    // A long search that finds something, asked twice: the second answer comes from the cache.
    const t = token()
    await createProduct(db, { name: `Manual ${t}` })
    const text = `${t} ${'각'.repeat(60)}`.slice(0, 100)
    const first = await search(t)
    expect(first.body.map((result) => result.name)).toEqual([`Manual ${t}`])
    expect((await search(text)).response.status).toBe(200)
    expect((await search(t)).body).toEqual(first.body)
  })

  it('finds a Hangul name, and an accented one typed decomposed (NFD): query and index fold one way', async () => {
    const t = token()
    await createProduct(db, { name: `한국 신장 키트 ${t}` })
    await createProduct(db, { name: `Cateter de diálise ${t}` })
    expect((await search(`한국 ${t}`)).body.map((result) => result.name)).toEqual([`한국 신장 키트 ${t}`])
    expect((await search(`신 ${t}`)).body.map((result) => result.name)).toEqual([`한국 신장 키트 ${t}`])
    for (const typed of [`dia\u0301lise ${t}`, `DIALISE ${t}`, `diálise ${t}`]) {
      expect((await search(typed)).body.map((result) => result.name)).toEqual([`Cateter de diálise ${t}`])
    }
  })

  it('answers an empty search (?search=) with no results, as its document allows', async () => {
    const empty = await search('')
    expect(empty.response.status).toBe(200)
    expect(empty.body).toEqual([])
    const document = (await (await workerFetch('http://localhost/api/openapi.json')).json()) as {
      paths: Record<string, { get: { parameters: Array<Record<string, unknown>> } }>
    }
    expect(document.paths['/search/all_product']?.get.parameters).toContainEqual(
      expect.objectContaining({ name: 'search', in: 'query', required: true, allowEmptyValue: true }),
    )
  })

  it('refuses a missing or oversize search with 422 in pt-BR, never 5xx', async () => {
    const missing = await workerFetch('http://localhost/search/all_product')
    expect(missing.status).toBe(422)
    expect(await missing.json()).toEqual({
      message: 'Os dados enviados são inválidos.',
      errors: { search: ['Informe o texto da pesquisa.'] },
    })
    const long = await search('x'.repeat(101))
    expect(long.response.status).toBe(422)
    expect(long.body.errors.search).toEqual(['A pesquisa pode ter no máximo 100 caracteres.'])
    const extra = await workerFetch('http://localhost/search/all_product?search=a&x=1')
    expect(extra.status).toBe(422)
  })

  it('stays on the full-text index: no table scan per keystroke', async () => {
    const plan = await db.all<{ detail: string }>(
      sql`EXPLAIN QUERY PLAN SELECT name, url FROM search_index WHERE search_index MATCH ${'"nef"*'}
          ORDER BY bm25(search_index, 10.0, 1.0) LIMIT 10`,
    )
    const details = plan.map((row) => row.detail).join(' | ')
    expect(details).toMatch(/VIRTUAL TABLE INDEX \d+:M/)
    expect(details).not.toMatch(/SCAN (courses|products|ebooks|editais)/)
  })
})

describe('GET /search/getSearch?menu=true', () => {
  const db = testDb()
  it('lists the published editais as name and url', async () => {
    const t = token()
    await db.insert(editais).values([
      { slug: `residencia-${t}`, title: `Residência ${t}` },
      { slug: `oculto-${t}`, title: `Oculto ${t}`, isPublished: false },
    ])
    await freshCatalog()
    const response = await workerFetch('http://localhost/search/getSearch?menu=true')
    expect(response.status).toBe(200)
    const body = SearchResults.parse(await response.json())
    expect(body).toContainEqual({ name: `Residência ${t}`, url: `/editais/residencia-${t}` })
    expect(body.some((r) => r.name === `Oculto ${t}`)).toBe(false)

    const bad = await workerFetch('http://localhost/search/getSearch?menu=talvez')
    expect(bad.status).toBe(422)
  })
})
