import { User } from '../contract/auth.ts'
import { currentUser } from '../middleware/auth.ts'
import { json, operation, routesOf } from './operation.ts'

/**
 * Who the visitor is: every page's header asks, so it is part of the site's start. Signing in, up
 * and out, the password and the profile are the sign-in area's (routes/sign-in-area.ts), built on
 * their first request.
 */
export const sessionRoutes = routesOf(
  operation({
    operationId: 'getCurrentUser',
    route: 'GET /admin/user/get',
    role: 'none',
    tags: ['Conta'],
    summary: 'O usuário logado, ou null para um visitante',
    description:
      'O cabeçalho pergunta em toda página; um visitante recebe `null` (200), sem erro no console do navegador.',
    answers: json(200, User.nullable(), 'O usuário, ou null.'),
    run: async ({ c }) => {
      const user = await currentUser(c)
      // Only the contract's fields leave (the session's own stay on the server).
      return user ? User.parse(user) : null
    },
  }),
)
