/**
 * An Open Badges 3.0 verifier written from the specifications, not from this product: 1EdTech's
 * openbadges-specification (ob_v3p0/integrity.md "JSON Web Token Proof Format" and "Verify a
 * Credential", verification.md "OpenBadgeCredential Verification", the data model of
 * common_credentials.lines) and W3C's Bitstring Status List v1.0 ("Validate Algorithm",
 * "Bitstring Expansion Algorithm"). It imports nothing from worker/ or db/: what it knows of a
 * credential, it reads in the credential and at the addresses the credential names. jose does the
 * signature ("1EdTech strongly recommends using an existing, stable library for this step").
 */
import { Validator } from '@cfworker/json-schema'
import { base64url, compactVerify, importJWK, type JWK } from 'jose'
import { ACHIEVEMENT_CREDENTIAL_SCHEMA, ACHIEVEMENT_CREDENTIAL_SCHEMA_ID } from './schema.ts'
import { undefinedTerms } from './terms.ts'

/** How the verifier dereferences an address (over HTTP; tests hand it the Worker). */
export type Fetcher = (url: string, init?: RequestInit) => Promise<Response>

type Json = Record<string, unknown>

export type StatusReading = {
  purpose: string
  index: number
  size: number
  /** The entry's value in the list (0 = nothing set). */
  status: number
  /** The entry's statusMessage for that value, when it has messages. */
  message: string | null
  /** BSL's `valid`: true when the value is 0. */
  valid: boolean
  /** The list's ttl (ms), and the Cache-Control of its answer. */
  ttl: number | null
  cacheControl: string | null
  /** Entries the list holds (its bits ÷ the entry size). */
  entries: number
}

export type Verdict = {
  /** Conforms, its proof holds, its claims match: what a verifier accepts before the status. */
  verified: boolean
  /** Verified, and every status entry reads valid. */
  accepted: boolean
  problems: string[]
  header: Json | null
  credential: Json | null
  status: StatusReading[]
}

const JOSE_HEADERS = new Set(['alg', 'kid', 'jwk', 'typ'])

function decodeJson(segment: string | undefined): Json | null {
  try {
    const value: unknown = JSON.parse(new TextDecoder().decode(base64url.decode(segment ?? '')))
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : null
  } catch {
    return null
  }
}

const isAbsoluteUrl = (value: unknown): value is string =>
  typeof value === 'string' && URL.canParse(value) && /^https?:$/.test(new URL(value).protocol)

/** "Dereference the kid value to retrieve the public key JWK" (integrity.md, "Dereferencing the Public Key"). */
async function dereferenceKey(kid: string, fetcher: Fetcher, problems: string[]): Promise<JWK | null> {
  let response: Response
  try {
    response = await fetcher(kid, { headers: { accept: 'application/jwk+json, application/json' } })
  } catch (error) {
    problems.push(`kid: ${kid} não respondeu (${String(error)})`)
    return null
  }
  if (response.status !== 200) {
    problems.push(`kid: ${kid} respondeu ${response.status}`)
    return null
  }
  const key = (await response.json().catch(() => null)) as JWK | null
  if (!key || typeof key !== 'object' || typeof key.kty !== 'string') {
    problems.push(`kid: ${kid} não respondeu uma JWK`)
    return null
  }
  if ('d' in key) problems.push(`kid: a JWK de ${kid} contém "d" (parte privada)`)
  return key
}

const issuerIdOf = (issuer: unknown) =>
  typeof issuer === 'string' ? issuer : ((issuer as Json | undefined)?.id as string | undefined)

const subjectIdOf = (subject: unknown) =>
  ((Array.isArray(subject) ? subject[0] : subject) as Json | undefined)?.id as string | undefined

/**
 * A Compact JWS as integrity.md says to verify it: the JOSE header (alg, kid or jwk, typ "JWT" if
 * present, nothing else), the key dereferenced from `kid`, the signature, then the JWT claims
 * against the credential they carry (iss, sub, nbf, jti, exp).
 */
async function verifyJws(jws: string, fetcher: Fetcher, now: Date) {
  const problems: string[] = []
  const parts = jws.trim().split('.')
  if (parts.length !== 3)
    return { problems: ['não é uma JWS compacta (três partes)'], header: null, payload: null }
  const header = decodeJson(parts[0])
  if (!header) return { problems: ['cabeçalho JOSE ilegível'], header: null, payload: null }
  for (const name of Object.keys(header)) {
    if (!JOSE_HEADERS.has(name)) problems.push(`cabeçalho: "${name}" não é permitido`)
  }
  if (header.typ !== undefined && header.typ !== 'JWT')
    problems.push(`cabeçalho: typ "${header.typ}" (deve ser "JWT")`)
  if (typeof header.alg !== 'string' || header.alg === 'none') problems.push('cabeçalho: sem alg')

  let key: JWK | null = null
  if (header.kid !== undefined) {
    if (!isAbsoluteUrl(header.kid))
      problems.push(`cabeçalho: kid "${String(header.kid)}" não é um URI que se possa obter`)
    else key = await dereferenceKey(header.kid, fetcher, problems)
  } else if (header.jwk && typeof header.jwk === 'object') {
    key = header.jwk as JWK
    if ('d' in key) problems.push('cabeçalho: a jwk contém "d"')
  } else {
    problems.push('cabeçalho: nem kid nem jwk')
  }

  let payload: Json | null = null
  if (key && typeof header.alg === 'string' && header.alg !== 'none') {
    try {
      const { d: _private, ...publicKey } = key
      const verified = await compactVerify(jws.trim(), await importJWK(publicKey, header.alg), {
        algorithms: [header.alg],
      })
      payload = JSON.parse(new TextDecoder().decode(verified.payload)) as Json
    } catch (error) {
      problems.push(`assinatura inválida (${(error as Error).message})`)
    }
  }
  if (!payload) return { problems, header, payload: null }

  // Credentials of VC 1.1 carry it in `vc` (integrity.md, note).
  const credential = (payload.vc && typeof payload.vc === 'object' ? payload.vc : payload) as Json
  if (payload.iss === undefined || payload.iss !== issuerIdOf(credential.issuer)) {
    problems.push(`iss (${String(payload.iss)}) ≠ issuer.id (${String(issuerIdOf(credential.issuer))})`)
  }
  if (payload.sub === undefined || payload.sub !== subjectIdOf(credential.credentialSubject)) {
    problems.push(
      `sub (${String(payload.sub)}) ≠ credentialSubject.id (${String(subjectIdOf(credential.credentialSubject))})`,
    )
  }
  if (payload.jti === undefined || payload.jti !== credential.id) {
    problems.push(`jti (${String(payload.jti)}) ≠ id (${String(credential.id)})`)
  }
  const validFrom = typeof credential.validFrom === 'string' ? Date.parse(credential.validFrom) : Number.NaN
  if (typeof payload.nbf !== 'number' || payload.nbf * 1000 !== validFrom) {
    problems.push(`nbf (${String(payload.nbf)}) ≠ validFrom (${String(credential.validFrom)})`)
  } else if (validFrom > now.getTime()) {
    problems.push('validFrom ainda não chegou')
  }
  if (payload.exp !== undefined) {
    const validUntil =
      typeof credential.validUntil === 'string' ? Date.parse(credential.validUntil) : Number.NaN
    if (typeof payload.exp !== 'number' || payload.exp * 1000 !== validUntil)
      problems.push('exp ≠ validUntil')
    else if (validUntil < now.getTime()) problems.push('expirada (validUntil)')
  }
  return { problems, header, payload: credential }
}

const schemaValidator = new Validator(ACHIEVEMENT_CREDENTIAL_SCHEMA as never, '2020-12', false)

/** verification.md, step 1: the credential conforms (its JSON Schema, its subject identified). */
function conformance(credential: Json): string[] {
  const problems: string[] = []
  const types = Array.isArray(credential.type) ? credential.type : [credential.type]
  if (
    !types.includes('VerifiableCredential') ||
    !types.some((t) => t === 'OpenBadgeCredential' || t === 'AchievementCredential')
  ) {
    problems.push('type: não é uma OpenBadgeCredential')
  }
  const schemas = Array.isArray(credential.credentialSchema)
    ? credential.credentialSchema
    : credential.credentialSchema === undefined
      ? []
      : [credential.credentialSchema]
  for (const schema of schemas as Json[]) {
    if (schema?.type === '1EdTechJsonSchemaValidator2019' && schema.id !== ACHIEVEMENT_CREDENTIAL_SCHEMA_ID) {
      problems.push(`credentialSchema: esquema desconhecido ${String(schema.id)}`)
    }
  }
  // The schema of its type, whether or not it names one.
  const result = schemaValidator.validate(credential)
  if (!result.valid) {
    const leaves = result.errors.filter(
      (e) => !['properties', 'allOf', 'anyOf', '$ref', 'items'].includes(e.keyword),
    )
    for (const error of leaves.length ? leaves : result.errors) {
      problems.push(`esquema: ${error.instanceLocation} ${error.error}`)
    }
  }
  const subject = credential.credentialSubject as Json | undefined
  const identifiers = subject?.identifier
  if (!subject?.id && !(Array.isArray(identifiers) && identifiers.length > 0)) {
    problems.push('credentialSubject: sem id nem identifier')
  }
  for (const term of undefinedTerms(credential)) problems.push(`termo que nenhum contexto define: ${term}`)
  return problems
}

async function gunzip(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'))
  return new Uint8Array(await new Response(stream).arrayBuffer())
}

/** BSL: the uncompressed list must hold at least this many entries. */
export const MINIMUM_ENTRIES = 131_072

/** BSL 1.0 "Validate Algorithm", for one BitstringStatusListEntry. */
async function readStatus(
  entry: Json,
  fetcher: Fetcher,
  now: Date,
  problems: string[],
): Promise<StatusReading | null> {
  const before = problems.length
  const purpose = entry.statusPurpose
  const index =
    typeof entry.statusListIndex === 'string' && /^\d+$/.test(entry.statusListIndex)
      ? Number(entry.statusListIndex)
      : Number.NaN
  const size = entry.statusSize === undefined ? 1 : entry.statusSize
  const listUrl = entry.statusListCredential
  if (typeof purpose !== 'string') problems.push('credentialStatus: sem statusPurpose')
  if (Number.isNaN(index)) problems.push('credentialStatus: statusListIndex não é um inteiro em base 10')
  if (typeof size !== 'number' || !Number.isInteger(size) || size < 1)
    problems.push('credentialStatus: statusSize inválido')
  const messages = entry.statusMessage as Json[] | undefined
  if (typeof size === 'number' && size > 1 && (!Array.isArray(messages) || messages.length !== 2 ** size)) {
    problems.push('credentialStatus: statusSize > 1 pede statusMessage com uma mensagem por valor')
  }
  if (!isAbsoluteUrl(listUrl)) problems.push('credentialStatus: statusListCredential não é um URL')
  if (
    problems.length > before ||
    typeof purpose !== 'string' ||
    typeof size !== 'number' ||
    !isAbsoluteUrl(listUrl)
  )
    return null

  let response: Response
  try {
    response = await fetcher(listUrl)
  } catch {
    problems.push('STATUS_RETRIEVAL_ERROR: a lista não respondeu')
    return null
  }
  if (response.status !== 200) {
    problems.push(`STATUS_RETRIEVAL_ERROR: a lista respondeu ${response.status}`)
    return null
  }
  const cacheControl = response.headers.get('cache-control')
  const list = await verifyJws(await response.text(), fetcher, now)
  for (const problem of list.problems) problems.push(`STATUS_VERIFICATION_ERROR: ${problem}`)
  const credential = list.payload
  if (!credential) return null
  const types = Array.isArray(credential.type) ? credential.type : [credential.type]
  if (!types.includes('BitstringStatusListCredential')) {
    problems.push('STATUS_VERIFICATION_ERROR: a lista não é uma BitstringStatusListCredential')
  }
  const subject = (credential.credentialSubject ?? {}) as Json
  const subjectTypes = Array.isArray(subject.type) ? subject.type : [subject.type]
  if (!subjectTypes.includes('BitstringStatusList')) {
    problems.push('STATUS_VERIFICATION_ERROR: credentialSubject.type não é BitstringStatusList')
  }
  const purposes = Array.isArray(subject.statusPurpose) ? subject.statusPurpose : [subject.statusPurpose]
  if (!purposes.includes(purpose)) problems.push('STATUS_VERIFICATION_ERROR: statusPurpose da lista é outro')
  for (const term of undefinedTerms(credential))
    problems.push(`lista: termo que nenhum contexto define: ${term}`)
  const encoded = subject.encodedList
  if (typeof encoded !== 'string' || !encoded.startsWith('u')) {
    problems.push('MALFORMED_VALUE_ERROR: encodedList não é multibase base64url ("u")')
    return null
  }
  let bits: Uint8Array
  try {
    bits = await gunzip(base64url.decode(encoded.slice(1)))
  } catch {
    problems.push('MALFORMED_VALUE_ERROR: encodedList não é GZIP')
    return null
  }
  const entries = Math.floor((bits.length * 8) / size)
  if (entries < MINIMUM_ENTRIES) problems.push(`STATUS_LIST_LENGTH_ERROR: ${entries} entradas`)
  if ((index + 1) * size > bits.length * 8) {
    problems.push('RANGE_ERROR: índice fora da lista')
    return null
  }
  // The left-most bit is index 0; an entry's bits are read most significant first.
  let status = 0
  for (let bit = 0; bit < size; bit++) {
    const position = index * size + bit
    status = (status << 1) | ((bits[position >> 3]! >> (7 - (position & 7))) & 1)
  }
  const message = Array.isArray(messages)
    ? ((messages.find((m) => m.status === `0x${status.toString(16)}`)?.message as string | undefined) ?? null)
    : null
  return {
    purpose,
    index,
    size,
    status,
    message,
    valid: status === 0,
    ttl: typeof subject.ttl === 'number' ? subject.ttl : null,
    cacheControl,
    entries,
  }
}

/** Verifies an OpenBadgeCredential in its VC-JWT form, status included (verification.md). */
export async function verifyOpenBadge(
  jws: string,
  options: { fetch: Fetcher; now?: Date },
): Promise<Verdict> {
  const now = options.now ?? new Date()
  const { problems, header, payload } = await verifyJws(jws, options.fetch, now)
  const status: StatusReading[] = []
  if (payload) {
    problems.push(...conformance(payload))
    const entries = payload.credentialStatus === undefined ? [] : [payload.credentialStatus].flat()
    for (const entry of entries as Json[]) {
      if (entry?.type !== 'BitstringStatusListEntry') {
        problems.push(`credentialStatus: tipo ${String(entry?.type)} desconhecido`)
        continue
      }
      const reading = await readStatus(entry, options.fetch, now, problems)
      if (reading) status.push(reading)
    }
  }
  const verified = payload !== null && problems.length === 0
  return {
    verified,
    accepted: verified && status.every((reading) => reading.valid),
    problems,
    header,
    credential: payload,
    status,
  }
}
