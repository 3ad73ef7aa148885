import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { classes } from '../../db/schema.ts'
import { app } from '../../worker/app.ts'
import { ShowcaseLists } from '../../worker/contract/showcase.ts'
import {
  createClass,
  createProduct,
  createShowcaseCard,
  createShowcaseList,
  freshCatalog,
  testDb,
  testEnv,
} from '../support/worker/db.ts'
import { workerFetch } from '../support/worker/http.ts'

const worker = { fetch: workerFetch }

async function getLists() {
  const response = await worker.fetch('http://localhost/home_itens/lists')
  return { response, body: ShowcaseLists.parse(await response.json()) }
}

function roundTrips(response: Response): number {
  const match = /db;desc="(\d+) round trips"/.exec(response.headers.get('Server-Timing') ?? '')
  return Number(match?.[1] ?? Number.NaN)
}

describe('GET /home_itens/lists', () => {
  const db = testDb()

  beforeEach(async () => {
    // Each test sees data it just wrote: start from a fresh catalogue version.
    await freshCatalog()
  })

  it('answers every list in order with its cards, live class and product prices, and the cart-mode flag', async () => {
    const product = await createProduct(db, { priceCents: 25990 })
    const turma = await createClass(db, { priceCents: 100000 })
    const second = await createShowcaseList(db, { title: 'Nefrologia Intervencionista', sortOrder: 900_002 })
    const first = await createShowcaseList(db, {
      title: 'Cursos Online',
      sortOrder: 900_001,
      isCartMode: true,
    })
    await createShowcaseCard(db, {
      listId: first.id,
      type: 'turma',
      itemId: turma.id,
      name: 'Hemodiálise Avançada',
      priceCents: 1, // stale card price: the class's live price wins
      amountCents: 120000,
      sortOrder: 2,
    })
    await createShowcaseCard(db, {
      listId: first.id,
      type: 'produto',
      itemId: product.id,
      name: 'Kit de punção',
      amountCents: 20000, // below the price: no struck-through amount
      sortOrder: 1,
    })
    await createShowcaseCard(db, {
      listId: second.id,
      type: 'curso',
      name: 'Acesso Vascular + Biópsia Renal',
      nameSplited: ['Acesso Vascular', 'Biópsia Renal'],
      url: '/cursos/acesso-vascular',
      isOpen: true,
      priceCents: 289000,
      img: '/img/cursos/acesso-vascular-1.svg',
    })

    const { response, body } = await getLists()

    expect(response.status).toBe(200)
    const mine = body.filter((list) => list.id === first.id || list.id === second.id)
    expect(mine.map((list) => list.title)).toEqual(['Cursos Online', 'Nefrologia Intervencionista'])
    expect(mine[0]).toMatchObject({ cart_mode: true, sub_title: '' })
    expect(mine[0]!.itens).toEqual([
      expect.objectContaining({ type: 'produto', id: product.id, price: 25990, amount: null }),
      expect.objectContaining({ type: 'turma', id: turma.id, price: 100000, amount: 120000 }),
    ])
    expect(mine[1]!.cart_mode).toBe(false)
    expect(mine[1]!.itens[0]).toEqual({
      id: expect.any(Number),
      type: 'curso',
      name: 'Acesso Vascular + Biópsia Renal',
      name_splited: ['Acesso Vascular', 'Biópsia Renal'],
      description_title: '',
      description: '',
      img: '/img/cursos/acesso-vascular-1.svg',
      price: 289000,
      amount: null,
      url: '/cursos/acesso-vascular',
      open: true,
      product_id: null,
    })
    expect(mine[0]!.itens[0]).not.toHaveProperty('name_splited')
  })

  it('makes one database round trip when cold and none when the snapshot is warm', async () => {
    await createShowcaseList(db, { title: 'Lista de cache' })

    const cold = await getLists()
    expect(roundTrips(cold.response)).toBe(1)
    expect(cold.response.headers.get('Server-Timing')).toContain('cache;desc="miss"')

    // The snapshot is written after the response (waitUntil); poll until it is there.
    let warm = await getLists()
    for (let attempt = 0; attempt < 20 && roundTrips(warm.response) !== 0; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 50))
      warm = await getLists()
    }
    expect(roundTrips(warm.response)).toBe(0)
    expect(warm.response.headers.get('Server-Timing')).toContain('cache;desc="hit"')
    expect(warm.body).toEqual(cold.body)
  })

  it('serves the snapshot until the catalogue changes, then the new data', async () => {
    const turma = await createClass(db, { priceCents: 49000 })
    const list = await createShowcaseList(db, { title: 'Lista que muda', isCartMode: true })
    await createShowcaseCard(db, { listId: list.id, type: 'turma', itemId: turma.id, name: 'Turma' })
    const priceOf = (lists: ShowcaseLists) => lists.find((l) => l.id === list.id)?.itens[0]?.price

    expect(priceOf((await getLists()).body)).toBe(49000)
    await db.update(classes).set({ priceCents: 52000 }).where(eq(classes.id, turma.id))
    await new Promise((resolve) => setTimeout(resolve, 100)) // let the snapshot write land
    expect(priceOf((await getLists()).body)).toBe(49000) // still the snapshot: no database read

    await freshCatalog()
    expect(priceOf((await getLists()).body)).toBe(52000)
  })

  it('refuses unknown query parameters with a 422 in pt-BR and other methods with a 405', async () => {
    const bad = await worker.fetch('http://localhost/home_itens/lists?pagina=2')
    expect(bad.status).toBe(422)
    const body = (await bad.json()) as { message: string; errors: Record<string, string[]> }
    expect(body.message).toBe('Os dados enviados são inválidos.')
    expect(Object.keys(body.errors)).toEqual(['pagina'])
    expect(body.errors.pagina?.[0]).toMatch(/chave|reconhecid/i)

    const post = await worker.fetch('http://localhost/home_itens/lists', {
      method: 'POST',
      body: '{"malformed',
      headers: { 'content-type': 'application/json' },
    })
    expect(post.status).toBe(405)
    expect(post.headers.get('Allow')).toContain('GET')
    expect(await post.json()).toEqual({ msg: 'Método não permitido para este endereço.' })
  })

  it('answers 503 with a pt-BR message when the database cannot be reached', async () => {
    const response = await app.request(
      '/home_itens/lists',
      {},
      { ...testEnv, DATABASE_URL: 'http://127.0.0.1:9' },
    )
    expect(response.status).toBe(503)
    expect(response.headers.get('Retry-After')).toBe('5')
    expect(await response.json()).toEqual({
      msg: 'Estamos com instabilidade. Tente novamente em instantes.',
    })
  })
})

describe('unknown addresses', () => {
  it('answer a JSON 404 in pt-BR', async () => {
    const response = await worker.fetch('http://localhost/api/nao-existe')
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({ msg: 'Endereço não encontrado.' })
  })
})
