import { type OpenAPIHono, type RouteConfig, z } from '@hono/zod-openapi'
import type { Context, MiddlewareHandler } from 'hono'
import type { AppBindings, AppContext } from '../context.ts'
import { Done } from '../contract/errors.ts'
import { requireUser } from '../middleware/auth.ts'
import { defineRoute, jsonContent, newApp, type Role, type RouteOptions } from '../openapi.ts'
import type { SessionUser } from '../services/auth/sessions.ts'

/**
 * Every operation of the Worker as a description: its route, who may call it, its schemas, how it
 * answers, the service it runs, and what defineRoute enforces and documents (limit, errors, body
 * size…). `routesOf` registers them in the order given (the order in which Hono matches them).
 * Building one costs what `createRoute` costs: nothing is computed until a request or the
 * OpenAPI document asks.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
type Params = z.ZodObject
/** A query schema as the route's request takes it (an object, or a pipe from one). */
export type Query = NonNullable<NonNullable<RouteConfig['request']>['query']>
export type Out<S> = S extends z.ZodType ? z.output<S> : undefined
type Responses = RouteConfig['responses']

/** How an operation answers: the responses it documents and how the service's result becomes one. */
export type Answer<T> = {
  responses: Responses
  send: (c: Context<AppBindings>, result: T) => Response
}

/** The service's result as JSON with `status`, documented with `schema`. */
export const json = <S extends z.ZodType>(
  status: 200 | 201 | 202,
  schema: S,
  description: string,
): Answer<z.output<S>> => ({
  responses: { [status]: jsonContent(schema, description) },
  send: (c, result) => c.json(result as object, status),
})

/** `{ ok: true }` once the service is done. */
export const done = (description: string): Answer<void> => ({
  responses: { 200: jsonContent(Done, description) },
  send: (c) => c.json({ ok: true as const }, 200),
})

/** A page (text/html), documented as one of the responses of `response()`. */
export const htmlContent = (description: string) => ({
  description,
  content: { 'text/html': { schema: z.string() } },
})

/**
 * What a call makes once (a repeated or simultaneous call answers the same): 201 with `value` when
 * this call `created` it, 200 with the one that already was.
 */
export const createdOrExisting = <S extends z.ZodType>(
  schema: S,
  words: { existing: string; created: string },
): Answer<{ value: z.output<S>; created: boolean }> => ({
  responses: { 200: jsonContent(schema, words.existing), 201: jsonContent(schema, words.created) },
  send: (c, { value, created }) => c.json(value as object, created ? 201 : 200),
})

/**
 * The Response the operation builds itself, as `responses` documents it: a page, a redirect, a
 * file, a feed, the WebSocket upgrade, or JSON whose status the service decides.
 */
export const response = (responses: Responses): Answer<Response> => ({
  responses,
  send: (_c, answer) => answer,
})

/** What `run` gets: the request's context, and the input the route's validators parsed. */
export type Input<P, Q, B, F> = {
  c: Context<AppBindings>
  ctx: AppContext
  /** The path's parameters. */
  params: Out<P>
  query: Out<Q>
  /** The JSON body. */
  input: Out<B>
  /** The form (multipart, or URL-encoded with `formEncoding`). */
  form: Out<F>
}

/** What every operation states; `run` is left to who declares (the admin area adds the actor). */
export type Declaration<R extends string, P, Q, B, F, T> = RouteOptions & {
  operationId: string
  /** Method and path, e.g. `POST /api/carrinho/flags`. */
  route: R
  summary: string
  description?: string
  tags: string[]
  params?: P
  query?: Q
  /** A JSON body, required unless `optionalBody`. */
  body?: B
  optionalBody?: boolean
  /** A required form body: multipart/form-data unless `formEncoding` says URL-encoded. */
  form?: F
  formEncoding?: 'multipart' | 'urlencoded'
  answers: Answer<T>
  /** What else it answers, beyond `answers` and the errors defineRoute implies (a 404 of its own shape). */
  responses?: Responses
  /** The answer's Cache-Control (set before `run`, so an error answer carries it too). */
  cacheControl?: 'no-store'
}

type Authenticate = MiddlewareHandler<AppBindings>

/**
 * What the route's declaration hands `run` besides the input: the signed-in `user` when the route
 * needs a session (role N or A) and checks it the usual way — the role's check already read the
 * session, so handing it over costs nothing. An operation with its own `authenticate` (a signed
 * ticket read without the database) gets none.
 */
export type SignedIn<O extends Role, A> = O extends 'none'
  ? unknown
  : [A] extends [undefined]
    ? { user: SessionUser }
    : unknown

export type Operation<
  R extends string,
  P,
  Q,
  B,
  F,
  T,
  O extends Role = Role,
  A extends Authenticate | undefined = undefined,
> = Omit<Declaration<R, P, Q, B, F, T>, 'authenticate'> & {
  role: O
  authenticate?: A
  run: (input: Input<P, Q, B, F> & SignedIn<O, A>) => Promise<T> | T
}

/** An operation ready to register: its declaration and its handler. */
export type Declared = {
  route: ReturnType<typeof defineRoute>
  handler: (c: Context<AppBindings>) => Promise<Response>
}

const FORM_TYPE = { multipart: 'multipart/form-data', urlencoded: 'application/x-www-form-urlencoded' }

export function operation<
  const R extends `${Method} /${string}`,
  P extends Params | undefined = undefined,
  Q extends Query | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  F extends z.ZodType | undefined = undefined,
  T = unknown,
  const O extends Role = Role,
  A extends Authenticate | undefined = undefined,
>(op: Operation<R, P, Q, B, F, T, O, A>): Declared {
  const { route: methodAndPath, role, params, query, body, form, answers, responses, run, ...rest } = op
  const { operationId, summary, description, tags, optionalBody, formEncoding, cacheControl, ...options } =
    rest
  const [method, path] = methodAndPath.split(' ') as [Method, string]
  const required = !optionalBody
  const route = defineRoute(
    role,
    {
      operationId,
      method: method.toLowerCase() as Lowercase<Method>,
      path,
      tags,
      summary,
      ...(description ? { description } : {}),
      request: {
        ...(params ? { params } : {}),
        ...(query ? { query } : {}),
        ...(body ? { body: { content: { 'application/json': { schema: body } }, required } } : {}),
        ...(form
          ? {
              body: {
                content: { [FORM_TYPE[formEncoding ?? 'multipart']]: { schema: form } },
                required: true,
              },
            }
          : {}),
      },
      responses: { ...answers.responses, ...responses },
    },
    options,
  )
  const handler = async (c: Context<AppBindings>) => {
    if (cacheControl) c.header('Cache-Control', cacheControl)
    // The route's validators ran before the handler; `valid` hands over what they parsed.
    const valid = (target: 'param' | 'query' | 'json' | 'form') => c.req.valid(target as never) as unknown
    const input = {
      c,
      ctx: c.var.ctx,
      // Read once per request (currentUser): the role's check before the handler already did.
      ...(role !== 'none' && !op.authenticate ? { user: await requireUser(c) } : {}),
      params: params ? valid('param') : undefined,
      query: query ? valid('query') : undefined,
      input: body ? valid('json') : undefined,
      form: form ? valid('form') : undefined,
    }
    return answers.send(c, await run(input as Input<P, Q, B, F> & SignedIn<O, A>))
  }
  return { route, handler }
}

/** Registers the operations on `app` in this order (the order in which Hono matches them). */
export function register(app: OpenAPIHono<AppBindings>, ...operations: Declared[]) {
  for (const { route, handler } of operations) app.openapi(route, handler as never)
  return app
}

/** A sub-app with the operations registered in this order. */
export const routesOf = (...operations: Declared[]) => register(newApp(), ...operations)
