/**
 * Which property names a JSON-LD context defines where they appear, written from the contexts
 * themselves: https://www.w3.org/ns/credentials/v2 (w3c/vc-data-model, contexts/credentials/v2) and
 * https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json (openbadges-specification). Both are
 * @protected and neither has an @vocab, so a name they leave undefined is dropped by a JSON-LD
 * reader: it says nothing. A node's terms are its type's scoped context (not propagated to nested
 * nodes) plus the terms both contexts define at their top level.
 */

/** VC 2.0's top level. */
const VC_TOP = ['id', 'type', 'description', 'digestMultibase', 'digestSRI', 'mediaType', 'name']
/** OB 3.0.3's top level. */
const OB_TOP = [
  'alignment',
  'description',
  'endorsement',
  'image',
  'inLanguage',
  'name',
  'narrative',
  'url',
  'awardedDate',
]

/** Scoped contexts, by type (or, for nodes without one, by the property that holds them). */
const SCOPED: Record<string, string[]> = {
  // VC 2.0: VerifiableCredential's scoped context.
  VerifiableCredential: [
    'confidenceMethod',
    'credentialSchema',
    'credentialStatus',
    'credentialSubject',
    'description',
    'evidence',
    'issuer',
    'name',
    'proof',
    'refreshService',
    'relatedResource',
    'renderMethod',
    'termsOfUse',
    'validFrom',
    'validUntil',
  ],
  BitstringStatusList: ['encodedList', 'statusPurpose', 'ttl'],
  BitstringStatusListEntry: [
    'statusListCredential',
    'statusListIndex',
    'statusMessage',
    'statusPurpose',
    'statusReference',
    'statusSize',
  ],
  // VC 2.0: statusMessage's property-scoped context.
  statusMessage: ['message', 'status'],
  // OB 3.0.3.
  Achievement: [
    'achievementType',
    'alignment',
    'creator',
    'creditsAvailable',
    'criteria',
    'fieldOfStudy',
    'humanCode',
    'image',
    'inLanguage',
    'otherIdentifier',
    'related',
    'resultDescription',
    'specialization',
    'tag',
    'version',
  ],
  AchievementSubject: [
    'achievement',
    'activityEndDate',
    'activityStartDate',
    'creditsEarned',
    'identifier',
    'image',
    'licenseNumber',
    'result',
    'role',
    'source',
    'term',
  ],
  Evidence: ['audience', 'genre'],
  IdentityObject: ['hashed', 'identityHash', 'identityType', 'salt'],
  Image: ['caption'],
  Profile: [
    'additionalName',
    'address',
    'dateOfBirth',
    'email',
    'familyName',
    'familyNamePrefix',
    'givenName',
    'honorificPrefix',
    'honorificSuffix',
    'image',
    'official',
    'otherIdentifier',
    'parentOrg',
    'patronymicName',
    'phone',
  ],
  Result: ['achievedLevel', 'resultDescription', 'status', 'value'],
}

/** The properties a node may carry: its scoped terms and both top levels. */
function allowedFor(scopes: string[]): Set<string> {
  return new Set([...VC_TOP, ...OB_TOP, ...scopes.flatMap((scope) => SCOPED[scope] ?? [])])
}

const typesOf = (node: Record<string, unknown>): string[] =>
  Array.isArray(node.type) ? node.type.map(String) : node.type === undefined ? [] : [String(node.type)]

/** Property-scoped contexts (VC 2.0's statusMessage); OB 3.0.3 has none: its scopes are by type. */
const PROPERTY_SCOPED = new Set(['statusMessage'])

/** Names of the JWT registered claims: the payload's, not the credential's. */
const JWT_CLAIMS = new Set(['iss', 'sub', 'aud', 'exp', 'nbf', 'iat', 'jti'])

/**
 * Every property of `node` (a credential and what it holds) that no context defines there, as
 * paths ('credentialSubject.hours'). `@context` is the credential's own; JWT claims are skipped.
 */
export function undefinedTerms(node: Record<string, unknown>, path = '', scopes: string[] = []): string[] {
  const problems: string[] = []
  const allowed = allowedFor([...scopes, ...typesOf(node)])
  for (const [name, value] of Object.entries(node)) {
    const at = path ? `${path}.${name}` : name
    if (path === '' && (name === '@context' || JWT_CLAIMS.has(name))) continue
    if (!allowed.has(name)) problems.push(at)
    // A node's id and type name things; its other properties may hold nodes (not type-scoped ones).
    if (name === 'id' || name === 'type') continue
    const children = Array.isArray(value) ? value : [value]
    children.forEach((child, i) => {
      if (child === null || typeof child !== 'object' || Array.isArray(child)) return
      const childPath = Array.isArray(value) ? `${at}[${i}]` : at
      const scoped = PROPERTY_SCOPED.has(name) ? [name] : []
      problems.push(...undefinedTerms(child as Record<string, unknown>, childPath, scoped))
    })
  }
  return problems
}
