import { beforeEach, describe, expect, it } from 'vitest'
import { menuOptions } from '../../db/schema.ts'
import { Menu } from '../../worker/contract/menu.ts'
import { getMenu } from '../../worker/services/menu/menu.ts'
import { freshCatalog, testContext, testDb, unique } from '../support/worker/db.ts'
import { workerFetch } from '../support/worker/http.ts'

describe('menu', () => {
  const db = testDb()
  let names: { publicParent: string; child: string; external: string; student: string; admin: string }

  beforeEach(async () => {
    names = {
      publicParent: unique('Pesquisa'),
      child: unique('Publicações'),
      external: unique('Cartão Fidelidade'),
      student: unique('Meu perfil'),
      admin: unique('Dashboard'),
    }
    const [parent] = await db
      .insert(menuOptions)
      .values({ name: names.publicParent, url: '/pesquisa/centro-pesquisa-clinica', sortOrder: 1 })
      .returning()
    await db.insert(menuOptions).values([
      { name: names.child, url: '/pesquisa/publicacoes', parentId: parent!.id },
      {
        name: names.external,
        url: 'https://cartao.example',
        isBlank: true,
        className: 'destaque',
        sortOrder: 2,
      },
      { name: names.student, url: '/usuario/perfil', permission: 'N', sortOrder: 3 },
      { name: names.admin, url: '/admin', permission: 'A', sortOrder: 4 },
    ])
    await freshCatalog()
  })

  const mine = (menu: Menu) => menu.filter((option) => Object.values(names).includes(option.name))

  it('shows items without a permission to everyone, student items to N and A, admin items to A', async () => {
    const ctx = testContext()
    const byRole = {
      none: mine(await getMenu({ ctx, role: 'none' })).map((o) => o.name),
      N: mine(await getMenu({ ctx, role: 'N' })).map((o) => o.name),
      A: mine(await getMenu({ ctx, role: 'A' })).map((o) => o.name),
    }
    expect(byRole.none).toEqual([names.publicParent, names.external])
    expect(byRole.N).toEqual([names.publicParent, names.external, names.student])
    expect(byRole.A).toEqual([names.publicParent, names.external, names.student, names.admin])
  })

  it('GET /api/menu answers the anonymous menu in the SPEC shape, sub-options under their parent', async () => {
    const response = await workerFetch('http://localhost/api/menu')
    expect(response.status).toBe(200)
    const menu = mine(Menu.parse(await response.json()))
    expect(menu).toEqual([
      {
        name: names.publicParent,
        url: '/pesquisa/centro-pesquisa-clinica',
        ops: [{ name: names.child, url: '/pesquisa/publicacoes' }],
      },
      { name: names.external, url: 'https://cartao.example', class: 'destaque', blank: true },
    ])
  })
})
