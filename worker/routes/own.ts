import type { RouteHandler, z } from '@hono/zod-openapi'
import type { AppBindings, AppContext } from '../context.ts'
import { requireUser } from '../middleware/auth.ts'
import { defineRoute, jsonContent, NoQuery } from '../openapi.ts'

/**
 * What a signed-in person reads of their own (GET, no query, role 'N'): the service answers for
 * the user of the session, as it is.
 */
export function ownRead<T extends z.ZodType>(
  load: (args: { ctx: AppContext; userId: number }) => Promise<z.output<T>>,
  words: { operationId: string; path: string; tags: string[]; summary: string; answer: T; answered: string },
) {
  const route = defineRoute('N', {
    operationId: words.operationId,
    method: 'get',
    path: words.path,
    tags: words.tags,
    summary: words.summary,
    request: { query: NoQuery },
    responses: { 200: jsonContent(words.answer, words.answered) },
  })
  const handler: RouteHandler<typeof route, AppBindings> = async (c) => {
    const user = await requireUser(c)
    return c.json((await load({ ctx: c.var.ctx, userId: user.id })) as never, 200)
  }
  return [route, handler] as const
}
