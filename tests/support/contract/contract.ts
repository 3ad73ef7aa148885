// The contract test's judge: checks one HTTP exchange (request and response) against the served
// OpenAPI document. Used inside workerd by the worker tests' fetch fixture, and in Node by the
// validating proxy in front of the e2e stack. A response the document does not describe, or a
// request the document calls invalid that the API accepted, is a problem.
import { type Schema, Validator } from '@cfworker/json-schema'

type Parameter = {
  name: string
  in: 'query' | 'path' | 'header' | 'cookie'
  required?: boolean
  allowEmptyValue?: boolean
  schema?: Schema
}
type Media = { schema?: Schema }
type Operation = {
  operationId?: string
  parameters?: Parameter[]
  requestBody?: { required?: boolean; content?: Record<string, Media> }
  responses?: Record<string, { content?: Record<string, Media> }>
}
type Document = { paths: Record<string, Record<string, Operation>> }

export type Exchange = {
  method: string
  url: string
  requestContentType?: string | null
  requestBody?: string | null
  status: number
  responseContentType?: string | null
  responseBody?: string | null
}

export type Verdict =
  /** Not an operation of the API (a page, a static file, a method the path does not have). */
  { kind: 'skipped' } | { kind: 'checked'; operation: string; requestValid: boolean; problems: string[] }

export type ContractStats = {
  checked: number
  skipped: number
  undescribed: number
  acceptedInvalid: number
  problems: string[]
}

/** Replaces every local `$ref` by what it points at (the document has no recursive schemas). */
function dereference(node: unknown, root: unknown, seen: Set<string> = new Set()): unknown {
  if (Array.isArray(node)) return node.map((item) => dereference(item, root, seen))
  if (!node || typeof node !== 'object') return node
  const ref = (node as { $ref?: unknown }).$ref
  if (typeof ref === 'string' && ref.startsWith('#/')) {
    if (seen.has(ref)) throw new Error(`Referência circular: ${ref}`)
    const target = ref
      .slice(2)
      .split('/')
      .reduce<unknown>((at, key) => (at as Record<string, unknown>)?.[key.replace(/~1/g, '/')], root)
    return dereference(target, root, new Set([...seen, ref]))
  }
  return Object.fromEntries(
    Object.entries(node as Record<string, unknown>).map(([key, value]) => [
      key,
      dereference(value, root, seen),
    ]),
  )
}

const mediaType = (contentType: string | null | undefined) =>
  (contentType ?? '').split(';')[0]!.trim().toLowerCase()

/** A query or path value as the schema's type reads it (the API coerces them the same way). */
function coerce(value: string, schema: Schema | undefined): unknown {
  const type = schema?.type
  if ((type === 'integer' || type === 'number') && value.trim() !== '' && !Number.isNaN(Number(value))) {
    return Number(value)
  }
  if (type === 'boolean' && (value === 'true' || value === 'false')) return value === 'true'
  return value
}

export function createContract(document: unknown) {
  const doc = dereference(document, document) as Document
  const routes = Object.entries(doc.paths)
    .map(([template, item]) => {
      const names: string[] = []
      const pattern = template
        .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
        .replace(/\{(\w+)\}/g, (_, name: string) => {
          names.push(name)
          return '([^/]+)'
        })
      return { template, item, names, regex: new RegExp(`^${pattern}$`) }
    })
    // A literal segment wins over a template: /oauth/sandbox/authorize before /oauth/{provider}/...
    .sort((a, b) => a.names.length - b.names.length)

  const validators = new Map<Schema, Validator>()
  function validate(schema: Schema | undefined, value: unknown, where: string): string[] {
    if (!schema) return []
    let validator = validators.get(schema)
    if (!validator) {
      validator = new Validator(schema, '2020-12', false)
      validators.set(schema, validator)
    }
    const result = validator.validate(value)
    if (result.valid) return []
    const leaves = result.errors.filter((e) => !['properties', 'allOf', 'anyOf', '$ref'].includes(e.keyword))
    return [
      `${where}: ${(leaves.length ? leaves : result.errors).map((e) => `${e.instanceLocation} ${e.error}`).join('; ')}`,
    ]
  }

  function checkRequest(exchange: Exchange, operation: Operation, params: Record<string, string>): string[] {
    const problems: string[] = []
    const url = new URL(exchange.url)
    for (const parameter of operation.parameters ?? []) {
      if (parameter.in === 'path') {
        problems.push(
          ...validate(
            parameter.schema,
            coerce(params[parameter.name] ?? '', parameter.schema),
            `path ${parameter.name}`,
          ),
        )
      } else if (parameter.in === 'query') {
        const values = url.searchParams.getAll(parameter.name)
        if (values.length === 0) {
          if (parameter.required) problems.push(`query ${parameter.name}: obrigatório`)
          continue
        }
        // As Prism reads OpenAPI 3: a required parameter sent empty is absent, unless it allows it.
        if (parameter.required && !parameter.allowEmptyValue && values.every((v) => v === '')) {
          problems.push(`query ${parameter.name}: obrigatório (vazio, sem allowEmptyValue)`)
          continue
        }
        const value =
          parameter.schema?.type === 'array'
            ? values.map((v) => coerce(v, parameter.schema?.items as Schema | undefined))
            : coerce(values[0]!, parameter.schema)
        problems.push(...validate(parameter.schema, value, `query ${parameter.name}`))
      }
    }
    const body = exchange.requestBody ?? ''
    const declared = operation.requestBody
    if (!body) {
      if (declared?.required) problems.push('corpo: obrigatório')
      return problems
    }
    const type = mediaType(exchange.requestContentType)
    const media = declared?.content?.[type]
    if (!declared || !media) {
      problems.push(`corpo: tipo ${type || '(nenhum)'} não documentado`)
      return problems
    }
    if (type === 'application/json') {
      let parsed: unknown
      try {
        parsed = JSON.parse(body)
      } catch {
        return [...problems, 'corpo: JSON malformado']
      }
      problems.push(...validate(media.schema, parsed, 'corpo'))
    } else if (type === 'application/x-www-form-urlencoded') {
      problems.push(...validate(media.schema, Object.fromEntries(new URLSearchParams(body)), 'corpo'))
    }
    return problems
  }

  function checkResponse(exchange: Exchange, operation: Operation): string[] {
    const responses = operation.responses ?? {}
    const status = String(exchange.status)
    const response = responses[status] ?? responses[`${status[0]}XX`] ?? responses.default
    if (!response) return [`status ${status} não documentado`]
    const body = exchange.responseBody ?? ''
    if (!body || exchange.method === 'HEAD') return []
    const type = mediaType(exchange.responseContentType)
    const media = response.content?.[type] ?? response.content?.['*/*']
    if (!media) return [`status ${status}: tipo ${type || '(nenhum)'} não documentado`]
    if (type !== 'application/json') return []
    let parsed: unknown
    try {
      parsed = JSON.parse(body)
    } catch {
      return [`status ${status}: JSON malformado na resposta`]
    }
    return validate(media.schema, parsed, `resposta ${status}`)
  }

  const stats: ContractStats = { checked: 0, skipped: 0, undescribed: 0, acceptedInvalid: 0, problems: [] }

  function check(exchange: Exchange): Verdict {
    const url = new URL(exchange.url)
    const method = exchange.method.toLowerCase() === 'head' ? 'get' : exchange.method.toLowerCase()
    for (const route of routes) {
      const match = route.regex.exec(url.pathname)
      if (!match) continue
      const operation = route.item[method]
      // A method the path does not have answers 405 with Allow, stated once in the document's info.
      if (!operation) break
      let params: Record<string, string>
      try {
        params = Object.fromEntries(route.names.map((name, i) => [name, decodeURIComponent(match[i + 1]!)]))
      } catch {
        params = {}
      }
      const requestProblems = checkRequest(exchange, operation, params)
      const responseProblems = checkResponse(exchange, operation)
      const name = `${exchange.method.toUpperCase()} ${route.template} (${operation.operationId ?? '?'})`
      const accepted = exchange.status >= 200 && exchange.status < 300
      const problems = [
        ...responseProblems.map((p) => `${name}: ${p}`),
        ...(accepted && requestProblems.length
          ? [
              `${name}: respondeu ${exchange.status} a um pedido que o documento chama de inválido — ${requestProblems.join('; ')}`,
            ]
          : []),
      ]
      stats.checked += 1
      if (responseProblems.length) stats.undescribed += 1
      if (accepted && requestProblems.length) stats.acceptedInvalid += 1
      stats.problems.push(...problems)
      return { kind: 'checked', operation: name, requestValid: requestProblems.length === 0, problems }
    }
    stats.skipped += 1
    return { kind: 'skipped' }
  }

  return { check, stats }
}

export type Contract = ReturnType<typeof createContract>

export function summary(stats: ContractStats) {
  return `contrato OpenAPI: ${stats.checked} trocas validadas (${stats.skipped} fora da API), ${stats.undescribed} respostas não descritas, ${stats.acceptedInvalid} pedidos inválidos aceitos`
}
