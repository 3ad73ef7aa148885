import { createMiddleware } from 'hono/factory'
import { isLocalEnv } from '../config.ts'
import type { AppBindings } from '../context.ts'
import { notFound } from '../errors.ts'

/**
 * What exists only on a developer's machine and in the tests (APP_ENV 'local' or 'test'): the
 * development tools, the test login provider, the sandbox's 'Simular pagamento'. Elsewhere the
 * address does not exist (404), before its input is even read.
 */
export const localOnly = createMiddleware<AppBindings>(async (c, next) => {
  if (!isLocalEnv(c.var.ctx.env)) throw notFound('Endereço não encontrado.')
  await next()
})
