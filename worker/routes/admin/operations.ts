import type { RouteConfig, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import type { AppBindings, AppContext } from '../../context.ts'
import { Done } from '../../contract/admin.ts'
import { OrderInput } from '../../contract/admin-catalog.ts'
import { defineRoute, jsonBody, jsonContent, newApp } from '../../openapi.ts'
import { ADMIN_TAG, actorOf, csvContent, csvResponse, IdParams } from './shared.ts'

/**
 * The admin area's operations as descriptions: each names its route, its schemas, how it answers
 * and the service it runs; `adminApp` declares them all alike (role A, the admin tag, validation,
 * the implied error responses of defineRoute) and registers them in the order given.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'
type Params = z.ZodObject
/** A query schema as the route's request takes it (an object, or a pipe from one). */
type Query = NonNullable<NonNullable<RouteConfig['request']>['query']>
type Out<S> = S extends z.ZodType ? z.output<S> : undefined
type RouteOptions = NonNullable<Parameters<typeof defineRoute>[2]>
type Responses = RouteConfig['responses']

/** How an operation answers: the response it documents and how the service's result becomes it. */
export type Answer<T> = {
  responses: Responses
  send: (c: Context<AppBindings>, result: T) => Response
}

/** The service's result as JSON with `status`, documented with `schema`. */
export const json = <S extends z.ZodType>(
  status: 200 | 201,
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

/** The service's file as a CSV download. */
export const csv = (description: string): Answer<{ csv: string; filename: string }> => ({
  responses: { 200: csvContent(description) },
  send: (_c, file) => csvResponse(file.csv, file.filename),
})

type IdOf<R, P> = P extends Params
  ? z.output<P> extends { id: infer Id }
    ? Id
    : undefined
  : R extends `${string}{id}${string}`
    ? number
    : undefined

/** What the handler hands the service: the context, the acting administrator, the validated input. */
export type ServiceInput<R, P, Q, B, F> = {
  ctx: AppContext
  actor: Awaited<ReturnType<typeof actorOf>>
  /** The path's `{id}` (IdParams unless the operation names its own params). */
  id: IdOf<R, P>
  /** Every parameter of the path (its `{id}`, or another name: a signed link's `{token}`). */
  params: Out<P>
  query: Out<Q>
  /** The JSON body. */
  input: Out<B>
  /** The multipart form. */
  form: Out<F>
}

export type Operation<R extends string, P, Q, B, F, T> = {
  operationId: string
  /** Method and path, e.g. `PUT /api/admin/turmas/{id}`. */
  route: R
  summary: string
  description?: string
  /** The reference's group: the admin area's unless an operation belongs with another (Jornada). */
  tags?: string[]
  params?: P
  query?: Q
  /** A JSON body, required unless `optionalBody`. */
  body?: B
  optionalBody?: boolean
  /** A required multipart/form-data body. */
  form?: F
  answers: Answer<T>
  errors?: RouteOptions['errors']
  maxBodyBytes?: number
  run: (input: ServiceInput<R, P, Q, B, F>) => Promise<T>
}

/** An operation ready to register: its declaration and its handler. */
export type Declared = {
  route: ReturnType<typeof defineRoute>
  handler: (c: Context<AppBindings>) => Promise<Response>
}

export function operation<
  const R extends `${Method} /api/admin/${string}`,
  P extends Params | undefined = undefined,
  Q extends Query | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  F extends z.ZodType | undefined = undefined,
  T = unknown,
>(description: Operation<R, P, Q, B, F, T>): Declared {
  const { route: methodAndPath, query, body, form, answers, run } = description
  const [method, path] = methodAndPath.split(' ') as [Method, string]
  const params = description.params ?? (path.includes('{id}') ? IdParams : undefined)
  const route = defineRoute(
    'A',
    {
      operationId: description.operationId,
      method: method.toLowerCase() as Lowercase<Method>,
      path,
      tags: description.tags ?? [ADMIN_TAG],
      summary: description.summary,
      ...(description.description ? { description: description.description } : {}),
      request: {
        ...(params ? { params } : {}),
        ...(query ? { query } : {}),
        ...(body && description.optionalBody
          ? { body: { content: { 'application/json': { schema: body } }, required: false } }
          : body
            ? jsonBody(body)
            : {}),
        ...(form ? { body: { content: { 'multipart/form-data': { schema: form } }, required: true } } : {}),
      },
      responses: answers.responses,
    },
    { errors: description.errors, maxBodyBytes: description.maxBodyBytes },
  )
  const handler = async (c: Context<AppBindings>) => {
    // The route's validators ran before the handler; `valid` hands over what they parsed.
    const valid = (target: 'param' | 'query' | 'json' | 'form') => c.req.valid(target as never) as unknown
    const pathParams = params ? (valid('param') as { id?: unknown }) : undefined
    const input = {
      ctx: c.var.ctx,
      actor: await actorOf(c),
      id: pathParams?.id,
      params: pathParams,
      query: query ? valid('query') : undefined,
      input: body ? valid('json') : undefined,
      form: form ? valid('form') : undefined,
    }
    return answers.send(c, await run(input as ServiceInput<R, P, Q, B, F>))
  }
  return { route, handler }
}

/** A sub-app with the operations registered in this order (the order in which Hono matches them). */
export function adminApp(...operations: Declared[]) {
  const app = newApp()
  for (const { route, handler } of operations) app.openapi(route, handler as never)
  return app
}

type Entry<R extends string, Q, B, T> = Omit<Operation<R, undefined, Q, B, undefined, T>, 'route'>

/**
 * A resource's usual operations at `path`: list (GET), create (POST), and on `path/{id}` get (GET),
 * update (PUT) and remove (DELETE). Update and remove answer 404 and 409 unless they say otherwise;
 * get answers 404.
 */
export function resource<
  const C extends `/api/admin/${string}`,
  LQ extends Query | undefined = undefined,
  LT = unknown,
  CB extends z.ZodType | undefined = undefined,
  CT = unknown,
  GQ extends Query | undefined = undefined,
  GT = unknown,
  UB extends z.ZodType | undefined = undefined,
  UT = unknown,
  RT = unknown,
>(
  path: C,
  operations: {
    list?: Entry<`GET ${C}`, LQ, undefined, LT>
    create?: Entry<`POST ${C}`, undefined, CB, CT>
    get?: Entry<`GET ${C}/{id}`, GQ, undefined, GT>
    update?: Entry<`PUT ${C}/{id}`, undefined, UB, UT>
    remove?: Entry<`DELETE ${C}/{id}`, undefined, undefined, RT>
  },
): Declared[] {
  const { list, create, get, update, remove } = operations
  const item = `${path}/{id}` as const
  return [
    list && operation({ ...list, route: `GET ${path}` }),
    create && operation({ ...create, route: `POST ${path}` }),
    get && operation({ errors: ['notFound'], ...get, route: `GET ${item}` }),
    update && operation({ errors: ['notFound', 'conflict'], ...update, route: `PUT ${item}` }),
    remove && operation({ errors: ['notFound', 'conflict'], ...remove, route: `DELETE ${item}` }),
  ].filter((declared) => declared !== undefined)
}

type Described<E> = Omit<E, 'operationId' | 'run'>

/**
 * Children kept in order within a parent (a course's modules, a module's lessons): create one at
 * the end (`POST parent/{id}/children`), reorder them all (`PUT parent/{id}/children/ordem`, with
 * every id once), and update or remove one (`children/{id}`; removing answers 404 only). The
 * operations are `create<Name>`, `reorder<Name>s`, `update<Name>` and `delete<Name>`, and run the
 * `verbs` (create and reorder get the parent's id as `id`).
 */
export function orderedChildren<
  const P extends `/api/admin/${string}`,
  const C extends `/api/admin/${string}`,
  CB extends z.ZodType | undefined = undefined,
  CT = unknown,
  UB extends z.ZodType | undefined = undefined,
  UT = unknown,
  RT = unknown,
>(
  parent: P,
  children: C,
  name: string,
  operations: {
    verbs: {
      create: CreateEntry<P, C, CB, CT>['run']
      reorder: ReorderEntry<P, C>['run']
      update: UpdateEntry<C, UB, UT>['run']
      remove: RemoveEntry<C, RT>['run']
    }
    create: Described<CreateEntry<P, C, CB, CT>>
    reorder: Described<ReorderEntry<P, C>>
    update: Described<UpdateEntry<C, UB, UT>>
    remove: Described<RemoveEntry<C, RT>>
  },
): Declared[] {
  const { verbs, create, reorder, update, remove } = operations
  const within = `${parent}/{id}/${children.split('/').at(-1) as Segment<C>}` as const
  return [
    operation({
      errors: ['notFound'],
      ...create,
      operationId: `create${name}`,
      route: `POST ${within}`,
      run: verbs.create,
    }),
    operation({
      errors: ['notFound', 'conflict'],
      body: OrderInput,
      ...reorder,
      operationId: `reorder${name}s`,
      route: `PUT ${within}/ordem`,
      run: verbs.reorder,
    }),
    ...resource(children, {
      update: { ...update, operationId: `update${name}`, run: verbs.update },
      remove: { errors: ['notFound'], ...remove, operationId: `delete${name}`, run: verbs.remove },
    }),
  ]
}

type CreateEntry<P extends string, C extends string, B, T> = Entry<
  `POST ${P}/{id}/${Segment<C>}`,
  undefined,
  B,
  T
>
type ReorderEntry<P extends string, C extends string> = Entry<
  `PUT ${P}/{id}/${Segment<C>}/ordem`,
  undefined,
  typeof OrderInput,
  void
>
type UpdateEntry<C extends string, B, T> = Entry<`PUT ${C}/{id}`, undefined, B, T>
type RemoveEntry<C extends string, T> = Entry<`DELETE ${C}/{id}`, undefined, undefined, T>

type Segment<C extends string> = C extends `${string}/${infer Last}` ? Segment<Last> : C
