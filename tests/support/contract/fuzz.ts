// Arbitrary requests for every operation of the OpenAPI document (fast-check): values shaped as
// the schema asks, values of every other kind, long Unicode text, names of built-in properties,
// malformed bodies and wrong content types. Used by tests/worker/fuzz.test.ts.
import fc from 'fast-check'

export type Schema = {
  type?: string | string[]
  properties?: Record<string, Schema>
  required?: string[]
  items?: Schema
  enum?: unknown[]
  const?: unknown
  anyOf?: Schema[]
  oneOf?: Schema[]
  allOf?: Schema[]
  pattern?: string
  format?: string
  minimum?: number
  maximum?: number
  minLength?: number
  maxLength?: number
}

type Parameter = { name: string; in: string; required?: boolean; schema?: Schema }
export type Operation = {
  operationId?: string
  parameters?: Parameter[]
  requestBody?: { content?: Record<string, { schema?: Schema }> }
}

export type FuzzRequest = {
  method: string
  path: string
  headers: Record<string, string>
  body?: string | FormData
}

/** Names that break code which keeps user-chosen keys in plain objects. */
export const HOSTILE_NAMES = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  '__defineGetter__',
  '__lookupGetter__',
  'then',
]

const HOSTILE_STRINGS = [
  '',
  ' ',
  '0',
  '-1',
  '1e309',
  'NaN',
  'Infinity',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '..',
  '../../etc/passwd',
  '%00',
  '\u0000',
  '\uFEFF',
  '\uD800',
  '🙂👨‍👩‍👧',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '<script>alert(1)</script>',
  '<svg/onload=alert(1)>',
  `\${7*7}`,
  '{{7*7}}',
  'a'.repeat(5000),
  'NEAR(a b)',
  '"unterminated',
  'a*',
  '^',
  ...HOSTILE_NAMES,
]

const codePoints = (from: number, to: number) =>
  fc.integer({ min: from, max: to }).map((c) => String.fromCodePoint(c))

/**
 * Long text in scripts and shapes far from ASCII (issue 29: a 100-character Hangul search passed
 * KV's 512-byte key): Hangul, emoji (some joined by ZWJ, some with skin tones), Latin letters
 * under stacks of combining marks, Hebrew and Arabic with bidi controls. No NUL.
 */
export const longUnicode = fc.string({
  unit: fc.oneof(
    { weight: 3, arbitrary: codePoints(0xac00, 0xd7a3) },
    { weight: 2, arbitrary: codePoints(0x1f300, 0x1faff) },
    { weight: 1, arbitrary: fc.constantFrom('👨‍👩‍👧', '🏳️‍🌈', '👍🏽', '🇧🇷') },
    {
      weight: 2,
      arbitrary: fc
        .tuple(codePoints(0x61, 0x7a), fc.array(codePoints(0x300, 0x36f), { minLength: 1, maxLength: 4 }))
        .map(([base, marks]) => base + marks.join('')),
    },
    { weight: 2, arbitrary: codePoints(0x5d0, 0x5ea) },
    { weight: 2, arbitrary: codePoints(0x627, 0x64a) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('\u202e', '\u202b', '\u2066', '\u2069', '\u200f', '\u200b', ' '),
    },
  ),
  minLength: 100,
  maxLength: 1000,
})

const hostileString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.integer().map(String) },
  { weight: 2, arbitrary: longUnicode },
)

const hostileNumber = fc.oneof(
  fc.integer(),
  fc.constantFrom(0, -1, 1, 2 ** 31, 2 ** 53, -(2 ** 53), 1e308, -1e308, 0.5, 1e-9),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
)

/** Any JSON value, nested a little, with hostile keys. */
const anyJson: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    hostileNumber,
    hostileString,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.constantFrom(...HOSTILE_NAMES), fc.string({ maxLength: 8 })), tie('value'), {
      maxKeys: 4,
    }),
  ),
})).value

function types(schema: Schema): string[] {
  if (Array.isArray(schema.type)) return schema.type
  return schema.type ? [schema.type] : []
}

/** A value the schema accepts (as far as a generator can tell), built from its keywords. */
function shaped(schema: Schema, depth: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const)
  if (schema.enum) return fc.constantFrom(...schema.enum)
  const choices = schema.anyOf ?? schema.oneOf
  if (choices?.length) return fc.oneof(...choices.map((choice) => shaped(choice, depth)))
  if (schema.allOf?.length) return shaped(schema.allOf[0]!, depth)
  const [type] = types(schema).filter((t) => t !== 'null')
  switch (type) {
    case 'string': {
      if (schema.format === 'email') return fc.emailAddress()
      if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString())
      if (schema.pattern) {
        try {
          return fc
            .stringMatching(new RegExp(schema.pattern))
            .filter((s) => s.length <= (schema.maxLength ?? 5000))
        } catch {
          return fc.string()
        }
      }
      // Every text parameter meets long Unicode text too, within its documented length or past it.
      return fc.oneof(
        {
          weight: 3,
          arbitrary: fc.string({
            minLength: schema.minLength ?? 0,
            maxLength: Math.min(schema.maxLength ?? 40, 200),
          }),
        },
        { weight: 1, arbitrary: longUnicode },
      )
    }
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1000, max: schema.maximum ?? 100_000 })
    case 'number':
      return fc.double({ min: schema.minimum ?? -1000, max: schema.maximum ?? 100_000, noNaN: true })
    case 'boolean':
      return fc.boolean()
    case 'array':
      return depth > 3 ? fc.constant([]) : fc.array(shaped(schema.items ?? {}, depth + 1), { maxLength: 3 })
    case 'object': {
      if (depth > 3) return fc.constant({})
      const properties = Object.entries(schema.properties ?? {})
      const required = new Set(schema.required ?? [])
      return fc.record(Object.fromEntries(properties.map(([key, value]) => [key, field(value, depth + 1)])), {
        requiredKeys: properties.map(([key]) => key).filter((key) => required.has(key)),
      })
    }
    default:
      return anyJson
  }
}

/** Mostly the documented shape, sometimes anything at all. */
function field(schema: Schema, depth: number): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 4, arbitrary: shaped(schema, depth) }, { weight: 1, arbitrary: anyJson })
}

/** JSON text, sometimes with a hostile own key (JSON.stringify cannot write `__proto__`). */
const jsonText = (value: fc.Arbitrary<unknown>) =>
  fc
    .tuple(value, fc.option(fc.tuple(fc.constantFrom(...HOSTILE_NAMES), anyJson), { freq: 3 }))
    .map(([body, hostile]) => {
      const text = JSON.stringify(body) ?? 'null'
      if (!hostile || !text.startsWith('{')) return text
      const extra = `${JSON.stringify(hostile[0])}:${JSON.stringify(hostile[1]) ?? 'null'}`
      return text === '{}' ? `{${extra}}` : `{${extra},${text.slice(1)}`
    })

const malformedJson = fc.constantFrom('{', '{"a":', '[1,2', 'nul', '"\\u12"', '{"a":1}}', '\u0000', '')

function bodyFor(operation: Operation): fc.Arbitrary<{ body?: string | FormData; contentType?: string }> {
  const content = operation.requestBody?.content ?? {}
  const json = content['application/json']?.schema
  const form = content['application/x-www-form-urlencoded']?.schema
  const multipart = content['multipart/form-data']?.schema
  const options: fc.Arbitrary<{ body?: string | FormData; contentType?: string }>[] = [
    fc.constant({}),
    jsonText(anyJson).map((body) => ({ body, contentType: 'application/json' })),
    malformedJson.map((body) => ({ body, contentType: 'application/json' })),
    hostileString.map((body) => ({ body, contentType: 'text/plain' })),
  ]
  if (json) {
    const documented = jsonText(shaped(json, 0)).map((body) => ({ body, contentType: 'application/json' }))
    options.push(documented, documented, documented)
  }
  if (form) {
    options.push(
      fc
        .dictionary(
          fc.oneof(fc.constantFrom(...Object.keys(form.properties ?? {}), ...HOSTILE_NAMES)),
          hostileString,
          {
            maxKeys: 6,
          },
        )
        .map((fields) => ({
          body: new URLSearchParams(fields).toString(),
          contentType: 'application/x-www-form-urlencoded',
        })),
    )
  }
  if (multipart) {
    options.push(
      fc
        .tuple(
          fc.constantFrom(...Object.keys(multipart.properties ?? {}), ...HOSTILE_NAMES),
          fc.uint8Array({ maxLength: 64 }),
          fc.constantFrom('application/pdf', 'image/png', 'image/jpeg', 'text/html', ''),
        )
        .map(([name, bytes, type]) => {
          const data = new FormData()
          data.set(name, new File([bytes], 'arquivo', { type }))
          return { body: data }
        }),
    )
  }
  return fc.oneof(...options)
}

function queryFor(operation: Operation): fc.Arbitrary<string> {
  const documented = (operation.parameters ?? []).filter((p) => p.in === 'query')
  const entries = fc.array(
    fc.oneof(
      ...documented.map((p) =>
        fc.tuple(fc.constant(p.name), fc.oneof(shaped(p.schema ?? {}, 0).map(String), hostileString)),
      ),
      fc.tuple(fc.constantFrom(...HOSTILE_NAMES), hostileString),
      fc.tuple(fc.string({ maxLength: 10 }), hostileString),
    ),
    { maxLength: 4 },
  )
  return entries.map((pairs) => {
    const search = new URLSearchParams()
    for (const [name, value] of pairs) search.append(name, value)
    const text = search.toString()
    return text ? `?${text}` : ''
  })
}

/** A path segment; a lone surrogate (which URLs cannot carry) is dropped. */
function segment(value: string): string {
  try {
    return encodeURIComponent(value)
  } catch {
    return encodeURIComponent(value.replace(/[\uD800-\uDFFF]/g, ''))
  }
}

function pathFor(template: string, operation: Operation): fc.Arbitrary<string> {
  const names = [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!)
  if (names.length === 0) return fc.constant(template)
  const parameters = new Map(
    (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => [p.name, p]),
  )
  return fc
    .tuple(
      ...names.map((name) =>
        fc.oneof(
          shaped(parameters.get(name)?.schema ?? { type: 'string' }, 0).map(String),
          hostileString.filter((s) => s.length > 0),
        ),
      ),
    )
    .map((values) =>
      names.reduce((path, name, i) => path.replace(`{${name}}`, segment(values[i]!)), template),
    )
}

/** Requests for one operation: its method and path, everything else arbitrary. */
export function requestsFor(
  template: string,
  method: string,
  operation: Operation,
): fc.Arbitrary<FuzzRequest> {
  return fc
    .tuple(pathFor(template, operation), queryFor(operation), bodyFor(operation))
    .map(([path, query, { body, contentType }]) => ({
      method: method.toUpperCase(),
      path: path + query,
      headers: contentType ? { 'content-type': contentType } : ({} as Record<string, string>),
      ...(body === undefined || method === 'get' ? {} : { body }),
    }))
}
