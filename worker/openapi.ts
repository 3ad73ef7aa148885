import {
  createRoute,
  type OpenAPIHono,
  OpenAPIHono as OpenAPIHonoApp,
  type RouteConfig,
  z,
} from '@hono/zod-openapi'
import type { Context, MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { createMiddleware } from 'hono/factory'
import type { AppBindings } from './context.ts'
import { MessageErrorBody, UnauthenticatedBody, ValidationErrorBody } from './contract/errors.ts'
import type { Role } from './domain/roles.ts'
import { JSON_BODY_MAX_BYTES } from './domain/uploads.ts'
import { AppError } from './errors.ts'
import { requireRole } from './middleware/auth.ts'
import { enforceLimit } from './middleware/limits.ts'
import type { LimitName } from './services/limits/limits.ts'

export type { Role }

// zod's own messages in Brazilian Portuguese; the SPEC's texts are set per field where it gives them.
z.config(z.locales.ptBR())

const ROLE_TEXT: Record<Role, string> = {
  none: 'Acesso: público (sem sessão).',
  N: 'Acesso: usuário logado (aluno, tipo N, ou administrador).',
  A: 'Acesso: administrador (tipo A).',
}

/**
 * Turns a zod failure into the 422 body of DESIGN section 3: field path → pt-BR messages.
 * A Map, not an object literal: a field named `toString` or `__proto__` is a field like any other.
 */
export function fieldErrors(issues: readonly z.core.$ZodIssue[]): Record<string, string[]> {
  const fields = new Map<string, string[]>()
  for (const issue of issues) {
    const keys = issue.code === 'unrecognized_keys' ? issue.keys : [undefined]
    for (const key of keys) {
      const path = [...issue.path, ...(key === undefined ? [] : [key])].map(String).join('.') || 'body'
      const messages = fields.get(path) ?? []
      messages.push(issue.message)
      fields.set(path, messages)
    }
  }
  return Object.fromEntries(fields)
}

/** An app of the Worker's: its routes, validation and OpenAPI registry. */
export type App = OpenAPIHono<AppBindings>

/** Every sub-app is built here, so every validation failure answers the same 422 shape. */
export function newApp(): App {
  return new OpenAPIHonoApp<AppBindings>({
    defaultHook: (result) => {
      if (!result.success) {
        throw new AppError('VALIDATION', 'Os dados enviados são inválidos.', fieldErrors(result.error.issues))
      }
    },
  })
}

// ── Error responses: each kind documented once, as a component every operation refers to ──────

/** A body schema as JSON Schema (components take plain OpenAPI objects, not zod): made with the document. */
function json(schema: z.ZodType) {
  const { $schema: _dialect, ...jsonSchema } = z.toJSONSchema(schema)
  return { 'application/json': { schema: jsonSchema as { [key: string]: unknown } } }
}
const retryAfter = {
  'Retry-After': { description: 'Segundos até tentar de novo.', schema: { type: 'integer' as const } },
}

/** The body of a refusal that may be a form's validation errors or a `{ msg }` (built with the document). */
const validationOrMessage = () => z.union([ValidationErrorBody, MessageErrorBody])

/**
 * Each error response: its status, what it means, and its body when it is not `{ msg }` (a function:
 * schemas are made on the document's first request, not at startup).
 */
const ERROR_COMPONENTS = {
  BadRequest: { status: 400, description: 'Corpo ilegível (JSON malformado): `{ msg }`.' },
  Unauthenticated: {
    status: 401,
    description: 'Sem sessão (ou sessão encerrada): `{ message: "Unauthenticated." }`.',
    body: () => UnauthenticatedBody,
  },
  Forbidden: { status: 403, description: 'Logado, mas sem o papel exigido: `{ msg }`.' },
  NotFound: { status: 404, description: 'Não encontrado: `{ msg }`.' },
  Conflict: {
    status: 409,
    description: 'Conflito com o estado atual (alguém salvou antes, ou já foi feito): `{ msg }`.',
  },
  PayloadTooLarge: { status: 413, description: 'Corpo da requisição acima do limite: `{ msg }`.' },
  UnsupportedMediaType: {
    status: 415,
    description:
      'Content-Type diferente do documentado, ou corpo onde a operação não recebe nenhum: `{ msg }`.',
  },
  SessionExpired: {
    status: 419,
    description:
      'Escrita vinda de outro site, ou sessão expirada: `{ msg }`. O site recarrega a página (SPEC, seção 7).',
  },
  ValidationFailed: {
    status: 422,
    description:
      'Dados inválidos: `{ message, errors: { campo: [mensagens] } }`; falhas de compra: `{ msg, code, errors? }` (SPEC, seção 8).',
    body: validationOrMessage,
  },
  RateLimited: {
    status: 429,
    description:
      'Limite de uso atingido: `{ msg }` (no login, `{ message, errors: { email: [...] } }`). `Retry-After` diz quando tentar de novo.',
    body: validationOrMessage,
    headers: retryAfter,
  },
  Unavailable: {
    status: 503,
    description:
      'Um serviço de que a operação depende (banco de dados, meio de pagamento…) falhou ou demorou: `{ msg }`. Nada foi gravado pela metade; a mesma requisição pode ser repetida após `Retry-After`.',
    headers: retryAfter,
  },
} as const

type ErrorComponent = keyof typeof ERROR_COMPONENTS
const ref = (name: ErrorComponent) => ({ $ref: `#/components/responses/${name}` })

/** Registers the shared error responses and the session's security scheme on the composed app. */
function registerSharedComponents(app: OpenAPIHono<AppBindings>) {
  for (const [name, { description, ...rest }] of Object.entries(ERROR_COMPONENTS)) {
    app.openAPIRegistry.registerComponent('responses', name, {
      description,
      // `{ msg }` unless the component names another body.
      content: json('body' in rest ? rest.body() : MessageErrorBody),
      ...('headers' in rest ? { headers: rest.headers } : {}),
    })
  }
  app.openAPIRegistry.registerComponent('securitySchemes', 'session', {
    type: 'apiKey',
    in: 'cookie',
    name: 'renalis_session',
    description:
      'O cookie de sessão (HttpOnly) que o login define. Operações de administrador exigem uma sessão de usuário tipo A (`x-required-role: A`); as outras, qualquer sessão.',
  })
}

/**
 * GET `path`: the composed app's OpenAPI 3.1 document. Built on its first request, not when the
 * Worker starts (issue 42: the JSON Schemas of every operation cost startup time no visitor's
 * page needs), then kept for the isolate's life, one per `configure` answer (the origins in it).
 */
export function serveOpenApiDocument(
  app: App,
  areas: Array<() => Promise<App>>,
  path: string,
  configure: (c: Context<AppBindings>) => Parameters<OpenAPIHono['getOpenAPI31Document']>[0],
) {
  const documents = new Map<string, string>()
  let documented: App | undefined
  app.get(path, async (c) => {
    if (!documented) {
      // This app's operations and those of the areas built on demand, in one registry.
      const whole = newApp()
      whole.route('/', app)
      for (const area of areas) whole.route('/', await area())
      registerSharedComponents(whole)
      documented = whole
    }
    const config = configure(c)
    const key = JSON.stringify(config)
    let document = documents.get(key)
    if (document === undefined) {
      document = JSON.stringify(documented.getOpenAPI31Document(config))
      documents.set(key, document)
    }
    return c.body(document, 200, { 'Content-Type': 'application/json' })
  })
}

/** Statuses an operation may answer besides those its request shape and role already imply. */
type Extra = 'notFound' | 'conflict' | 'validation'

export type RouteOptions = {
  /** The abuse limit that guards it (SPEC writes by visitors must have one); documented as 429. */
  limit?: LimitName | 'service'
  /**
   * Why an anonymous write needs no limit (it can only undo the caller's own state, as logging
   * out does): such a call must never be refused for being frequent.
   */
  unlimited?: string
  /** Statuses the handler answers beyond the implied ones. */
  errors?: readonly Extra[]
  /** Touches no database, KV, Durable Object or outside service: no 503. */
  offline?: boolean
  /** The largest body it takes (uploads); JSON bodies default to JSON_BODY_MAX_BYTES. */
  maxBodyBytes?: number
  /**
   * Finds the caller in place of the session's database read (a route called too often for one:
   * the conference heartbeat's signed ticket); it must answer 401 as requireRole does.
   */
  authenticate?: MiddlewareHandler<AppBindings>
}

const EXTRA: Record<Extra, ErrorComponent> = {
  notFound: 'NotFound',
  conflict: 'Conflict',
  // A refusal of a call with nothing to validate ("already confirmed"), in the 422 shape.
  validation: 'ValidationFailed',
}
const UNSAFE = new Set(['post', 'put', 'patch', 'delete'])

/**
 * createRoute plus what the operation requires and may answer, stated once: the role (enforced,
 * and declared as `security` and `x-required-role`), the abuse limit (enforced), and every error
 * status it can answer, as references to the shared components.
 */
export function defineRoute<const R extends RouteConfig & { operationId: string }>(
  role: Role,
  config: R,
  options: RouteOptions = {},
) {
  const request = config.request
  const hasBody = Boolean(request?.body)
  const validates = Boolean(request?.query || request?.params || request?.body || request?.headers)
  const unsafe = UNSAFE.has(config.method)
  if (unsafe && role === 'none' && !options.limit && !options.unlimited) {
    throw new Error(
      `${config.method.toUpperCase()} ${config.path}: uma escrita anônima precisa de um limite.`,
    )
  }
  const implied: ErrorComponent[] = [
    ...(hasBody ? (['BadRequest', 'PayloadTooLarge'] as const) : []),
    ...(hasBody || unsafe ? (['UnsupportedMediaType'] as const) : []),
    ...(role === 'none' ? [] : (['Unauthenticated'] as const)),
    ...(role === 'A' ? (['Forbidden'] as const) : []),
    ...(options.errors ?? []).map((extra) => EXTRA[extra]),
    ...(unsafe && !config.path.startsWith('/webhooks/') ? (['SessionExpired'] as const) : []),
    ...(validates ? (['ValidationFailed'] as const) : []),
    ...(options.limit ? (['RateLimited'] as const) : []),
    ...(options.offline ? [] : (['Unavailable'] as const)),
  ]
  const errorResponses = Object.fromEntries(implied.map((name) => [ERROR_COMPONENTS[name].status, ref(name)]))
  const middleware: MiddlewareHandler<AppBindings>[] = [
    ...(role === 'none' ? [] : [options.authenticate ?? requireRole(role)]),
    ...(options.limit && options.limit !== 'service' ? [enforceLimit(options.limit)] : []),
    ...(unsafe && !hasBody ? [refuseBody] : []),
    ...(hasBody ? [limitBody(options.maxBodyBytes ?? JSON_BODY_MAX_BYTES)] : []),
  ]
  return createRoute({
    ...config,
    ...(middleware.length ? { middleware } : {}),
    description: [config.description, ROLE_TEXT[role]].filter(Boolean).join('\n\n'),
    'x-required-role': role,
    security: role === 'none' ? [] : [{ session: [] }],
    responses: { ...errorResponses, ...config.responses },
  })
}

/** 413 from the Content-Length before anything reads the body; a body without one is counted as it streams. */
export const limitBody = (maxSize: number) =>
  bodyLimit({
    maxSize,
    onError: () => {
      throw new AppError('PAYLOAD_TOO_LARGE', 'O corpo da requisição é grande demais.')
    },
  })

/** An operation that declares no body takes none: what it would ignore, it refuses (415). */
const refuseBody = createMiddleware<AppBindings>(async (c, next) => {
  const length = Number(c.req.header('content-length') ?? 0)
  if (length > 0 || c.req.header('transfer-encoding')) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Este endereço não recebe dados no corpo da requisição.')
  }
  await next()
})

/** A JSON response of an operation, documented with its schema. */
export const jsonContent = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
})

/** A query that accepts no parameters: unknown ones are refused with 422. */
export const NoQuery = z.object({}).strict()
