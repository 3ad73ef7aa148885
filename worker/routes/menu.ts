import { Menu } from '../contract/menu.ts'
import { currentUser } from '../middleware/auth.ts'
import { NoQuery } from '../openapi.ts'
import { getMenu } from '../services/menu/menu.ts'
import { json, operation, routesOf } from './operation.ts'

export const menuRoutes = routesOf(
  operation({
    operationId: 'getMenu',
    route: 'GET /api/menu',
    role: 'none',
    tags: ['Menu'],
    summary: 'Opções do menu, filtradas pelo papel de quem pede',
    description:
      'Itens sem permissão aparecem para todos; itens de aluno (N) e de administrador (A) só com sessão.',
    query: NoQuery,
    answers: json(200, Menu, 'Árvore do menu.'),
    run: async ({ c, ctx }) => getMenu({ ctx, role: (await currentUser(c))?.type ?? 'none' }),
  }),
)
