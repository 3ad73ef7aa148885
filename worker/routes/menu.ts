import { Menu } from '../contract/menu.ts'
import { currentUser } from '../middleware/auth.ts'
import { defineRoute, NoQuery, newApp } from '../openapi.ts'
import { getMenu } from '../services/menu/menu.ts'

const menuRoute = defineRoute('none', {
  operationId: 'getMenu',
  method: 'get',
  path: '/api/menu',
  tags: ['Menu'],
  summary: 'Opções do menu, filtradas pelo papel de quem pede',
  description:
    'Itens sem permissão aparecem para todos; itens de aluno (N) e de administrador (A) só com sessão.',
  request: { query: NoQuery },
  responses: {
    200: { description: 'Árvore do menu.', content: { 'application/json': { schema: Menu } } },
  },
})

export const menuRoutes = newApp().openapi(menuRoute, async (c) => {
  const user = await currentUser(c)
  const menu = await getMenu({ ctx: c.var.ctx, role: user?.type ?? 'none' })
  return c.json(menu, 200)
})
