import type { z } from '@hono/zod-openapi'
import type { AppContext } from '../context.ts'
import { NoQuery } from '../openapi.ts'
import { json, operation } from './operation.ts'

/**
 * What a signed-in person reads of their own (GET, no query, role 'N'): the service answers for
 * the user of the session, as it is.
 */
export function ownRead<T extends z.ZodType>(
  load: (args: { ctx: AppContext; userId: number }) => Promise<z.output<T>>,
  words: {
    operationId: string
    path: `/${string}`
    tags: string[]
    summary: string
    answer: T
    answered: string
  },
) {
  return operation({
    operationId: words.operationId,
    route: `GET ${words.path}`,
    role: 'N',
    tags: words.tags,
    summary: words.summary,
    query: NoQuery,
    answers: json(200, words.answer, words.answered),
    run: ({ ctx, user }) => load({ ctx, userId: user.id }),
  })
}
