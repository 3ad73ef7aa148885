import { createRoute, OpenAPIHono, type RouteConfig, z } from '@hono/zod-openapi'
import type { AppBindings } from './context.ts'
import { AppError } from './errors.ts'
import { type Role, requireRole } from './middleware/auth.ts'

export type { Role }

// zod's own messages in Brazilian Portuguese; the SPEC's texts are set per field where it gives them.
z.config(z.locales.ptBR())

const ROLE_TEXT: Record<Role, string> = {
  none: 'Acesso: público (sem sessão).',
  N: 'Acesso: usuário logado (aluno, tipo N, ou administrador).',
  A: 'Acesso: administrador (tipo A).',
}

/** Turns a zod failure into the 422 body of DESIGN section 3: field path → pt-BR messages. */
export function fieldErrors(issues: readonly z.core.$ZodIssue[]): Record<string, string[]> {
  const fields: Record<string, string[]> = {}
  for (const issue of issues) {
    const keys = issue.code === 'unrecognized_keys' ? issue.keys : [undefined]
    for (const key of keys) {
      const path = [...issue.path, ...(key === undefined ? [] : [key])].map(String).join('.') || 'body'
      fields[path] ??= []
      fields[path].push(issue.message)
    }
  }
  return fields
}

/** Every sub-app is built here, so every validation failure answers the same 422 shape. */
export function newApp() {
  return new OpenAPIHono<AppBindings>({
    defaultHook: (result) => {
      if (!result.success) {
        throw new AppError('VALIDATION', 'Os dados enviados são inválidos.', fieldErrors(result.error.issues))
      }
    },
  })
}

/** createRoute plus the role the operation requires: stated in the document and enforced. */
export function defineRoute<const R extends RouteConfig>(role: Role, config: R) {
  return createRoute({
    ...config,
    ...(role === 'none' ? {} : { middleware: [requireRole(role)] as const }),
    description: [config.description, ROLE_TEXT[role]].filter(Boolean).join('\n\n'),
    'x-required-role': role,
    ...(role === 'none' ? {} : { security: [{ session: [] }] }),
  })
}

/** Standard error responses, documented once. */
export const errorResponses = {
  422: {
    description: 'Dados inválidos: `{ message, errors: { campo: [mensagens] } }`.',
    content: {
      'application/json': {
        schema: z.object({ message: z.string(), errors: z.record(z.string(), z.array(z.string())) }),
      },
    },
  },
  503: {
    description:
      'Uma dependência (banco de dados, meio de pagamento, API de e-mail) falhou ou não respondeu no prazo: `{ msg }` em português. Nada ficou pela metade: a mesma requisição pode ser reenviada depois de `Retry-After` segundos.',
    headers: { 'Retry-After': { description: 'Segundos até tentar de novo.', schema: { type: 'integer' } } },
    content: { 'application/json': { schema: z.object({ msg: z.string() }) } },
  },
} as const

export const notFoundResponse = {
  404: {
    description: 'Não encontrado: `{ msg }` em português.',
    content: { 'application/json': { schema: z.object({ msg: z.string() }) } },
  },
} as const

/** A JSON response of an operation, documented with its schema. */
export const jsonContent = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
})

/** A required JSON request body. */
export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  body: { content: { 'application/json': { schema } }, required: true },
})

/** A query that accepts no parameters: unknown ones are refused with 422. */
export const NoQuery = z.object({}).strict()
