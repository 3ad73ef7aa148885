import type { z } from '@hono/zod-openapi'
import { OrderInput } from '../../contract/admin.ts'
import {
  type Answer,
  type Declaration,
  type Declared,
  operation as declare,
  type Input,
  type Out,
  type Query,
} from '../operation.ts'
import { ADMIN_TAG, csvContent, csvResponse, IdParams } from './shared.ts'

/**
 * The admin area's operations: `operation()` of routes/operation.ts with the admin's defaults —
 * role A, the admin tag (unless an operation belongs with another, Jornada), `IdParams` for a path
 * with `{id}` — and the acting administrator handed to the service.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'
type Params = z.ZodObject

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
export type ServiceInput<R, P, Q, B, F> = Omit<Input<P, Q, B, F>, 'c'> & {
  /** The administrator who acts (the route's role A checked it). */
  actor: { id: number }
  /** The path's `{id}` (IdParams unless the operation names its own params). */
  id: IdOf<R, P>
  /** Every parameter of the path (its `{id}`, or another name: a signed link's `{token}`). */
  params: Out<P>
}

export type Operation<R extends string, P, Q, B, F, T> = Omit<
  Declaration<R, P, Q, B, F, T>,
  'tags' | 'authenticate'
> & {
  /** The reference's group: the admin area's unless an operation belongs with another (Jornada). */
  tags?: string[]
  run: (input: ServiceInput<R, P, Q, B, F>) => Promise<T>
}

export function operation<
  const R extends `${Method} /api/admin/${string}`,
  P extends Params | undefined = undefined,
  Q extends Query | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  F extends z.ZodType | undefined = undefined,
  T = unknown,
>(description: Operation<R, P, Q, B, F, T>): Declared {
  const { run, tags, params } = description
  return declare({
    ...description,
    role: 'A',
    tags: tags ?? [ADMIN_TAG],
    params: params ?? (description.route.includes('{id}') ? IdParams : undefined),
    run: ({ c: _c, user, ...input }) => {
      const pathParams = input.params as { id?: unknown } | undefined
      const service = { ...input, actor: { id: user.id }, id: pathParams?.id }
      return run(service as ServiceInput<R, P, Q, B, F>)
    },
  })
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
