// What a certificate's credential says (issue 39, decision 020): an Open Badges 3.0
// AchievementCredential as its specification writes it, the evidence that earned it in pt-BR, and
// its entry in the W3C Bitstring Status Lists. Pure: the addresses, the clock and the randomness
// are the caller's (services/certificates).
import { hoursLabel } from './certificate-text.ts'
import {
  CERTIFICATE_KIND,
  type CertificateEvidence,
  type CertificateKind,
  type CertificateStatus,
} from './certificates.ts'
import { INSTITUTE } from './institute.ts'
import { curitibaDayEndMs, curitibaIsoDateTime } from './time-zone.ts'

/** The contexts, in the order OB 3.0 requires: VC 2.0 first, OB 3.0.3 second. */
export const OPEN_BADGES_CONTEXT = [
  'https://www.w3.org/ns/credentials/v2',
  'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json',
] as const

/** 1EdTech's JSON Schema of an AchievementCredential, named by `credentialSchema`. */
export const ACHIEVEMENT_CREDENTIAL_SCHEMA =
  'https://purl.imsglobal.org/spec/ob/v3p0/schema/json/ob_v3p0_achievementcredential_schema.json'

// ── Status lists (W3C Bitstring Status List v1.0) ────────────────────────────────────────────

/**
 * OB 3.0 allows one `credentialStatus` (0..1), so one entry says every state: purpose 'message',
 * two bits per certificate. Revocation wins, as certificateStatus decides.
 */
export const STATUS_CODE = { valid: 0, suspended: 1, revoked: 2, replaced: 3 } as const satisfies Record<
  CertificateStatus,
  number
>
/** The messages of the codes, `0x0`…`0x3` (for developers: the spec says not to show them to people). */
export const STATUS_MESSAGES = (Object.entries(STATUS_CODE) as [CertificateStatus, number][])
  .sort(([, a], [, b]) => a - b)
  .map(([message, code]) => ({ status: `0x${code.toString(16)}`, message }))
export const STATUS_PURPOSE = 'message'
/** Bits per certificate. */
export const STATUS_SIZE = 2
/** Entries per list: the specification's minimum, for herd privacy (32 KB of bits, unzipped). */
export const STATUS_LIST_ENTRIES = 131_072
/** Certificates per list before the next one starts: a quarter full, a random index rarely collides. */
export const STATUS_LIST_FILL = 32_768
/** How long a list is cached, here and by its readers: its `ttl` and its Cache-Control max-age. */
export const STATUS_LIST_TTL_SECONDS = 300

/** A random index of a list, from 32 random bits (2^17 divides 2^32: every index equally likely). */
export function statusIndexOf(random32: number): number {
  return random32 % STATUS_LIST_ENTRIES
}

/** A list's bits: each entry's code at `index × STATUS_SIZE`, the left-most bit first (index 0). */
export function statusBits(entries: Iterable<{ index: number; status: CertificateStatus }>): Uint8Array {
  const bytes = new Uint8Array((STATUS_LIST_ENTRIES * STATUS_SIZE) / 8)
  for (const { index, status } of entries) {
    const code = STATUS_CODE[status]
    for (let bit = 0; bit < STATUS_SIZE; bit++) {
      if (!((code >> (STATUS_SIZE - 1 - bit)) & 1)) continue
      const position = index * STATUS_SIZE + bit
      bytes[position >> 3]! |= 0x80 >> (position & 7)
    }
  }
  return bytes
}

/** A date-time to the second, as `validFrom` and `nbf` must agree: '2026-05-01T12:00:00Z'. */
export function toSecondIso(instant: Date): string {
  return `${new Date(Math.floor(instant.getTime() / 1000) * 1000).toISOString().slice(0, 19)}Z`
}

/** The signed list of one list number, without its proof. */
export function statusListCredential(input: {
  url: string
  issuer: string
  validFrom: Date
  encodedList: string
}) {
  return {
    '@context': [OPEN_BADGES_CONTEXT[0]],
    id: input.url,
    type: ['VerifiableCredential', 'BitstringStatusListCredential'],
    issuer: input.issuer,
    validFrom: toSecondIso(input.validFrom),
    credentialSubject: {
      id: `${input.url}#lista`,
      type: 'BitstringStatusList',
      // Its size and messages are the entries' (the terms VC 2.0's context defines for a list are
      // these four: the validate algorithm reads the size and messages from the entry).
      statusPurpose: STATUS_PURPOSE,
      encodedList: input.encodedList,
      ttl: STATUS_LIST_TTL_SECONDS * 1000,
    },
  }
}

// ── The credential ───────────────────────────────────────────────────────────────────────────

export type CredentialFacts = {
  kind: CertificateKind
  holderName: string | null
  title: string
  minutes: number
  startedOn: string | null
  completedOn: string
  body: string
  issuedAt: Date
  evidence: CertificateEvidence | null
}

export type CredentialPlace = {
  /** The issuer's id: the public origin. */
  issuer: string
  /** The credential's id: its verification address. */
  id: string
  /** The pseudonymous subject, `urn:uuid:…`. */
  recipientId: string
  /** When it is signed: its `validFrom` (a credential signed again is a newer version of the same id). */
  signedAt: Date
  status: { listUrl: string; index: number }
}

/** What each kind asks for, told in the achievement's criteria. */
const CRITERIA: Record<CertificateKind, string> = {
  course:
    'Assistir aos vídeos do curso e concluir as suas aulas na parte que o curso exige; quando o curso tem avaliação final, ser aprovado nela.',
  in_person: 'Participar do curso presencial, com a presença registrada pela coordenação do instituto.',
  conference:
    'Assistir, com a sessão iniciada, à parte da programação ao vivo da jornada que o instituto exige para o certificado.',
  speaker: 'Proferir a palestra na jornada do instituto.',
}

// Built on first use: an Intl formatter made at import loads the locale's data at every cold start
// (issue 42), though only a credential's criteria print a percentage.
let number: Intl.NumberFormat | undefined
const percent = (value: number) => {
  number ??= new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 })
  return `${number.format(value)}%`
}
const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`

/** What earned it, one `Evidence` per fact the row keeps (pt-BR). */
export function evidenceOf(kind: CertificateKind, evidence: CertificateEvidence | null) {
  if (!evidence) return []
  const entries: { name: string; narrative: string }[] = []
  if (evidence.watchedPercent !== undefined) {
    entries.push({
      name: 'Vídeos assistidos',
      narrative: `Reproduziu ${percent(evidence.watchedPercent)} dos segundos distintos dos vídeos do curso, medidos pelo player durante a reprodução, com a página visível.`,
    })
  }
  if (evidence.lessonsDone !== undefined) {
    entries.push({
      name: 'Aulas concluídas',
      narrative:
        evidence.lessonsTotal === undefined
          ? `Concluiu ${plural(evidence.lessonsDone, 'aula', 'aulas')} do curso.`
          : `Concluiu ${evidence.lessonsDone} de ${plural(evidence.lessonsTotal, 'aula', 'aulas')} do curso.`,
    })
  }
  if (evidence.assessment) {
    const { scorePercent, attempt, passPercent } = evidence.assessment
    entries.push({
      name: 'Avaliação final',
      narrative: `Aprovação na avaliação final com ${percent(scorePercent)} de acertos, na ${attempt}ª tentativa (mínimo para aprovação: ${percent(passPercent)}).`,
    })
  }
  if (evidence.attendedMinutes !== undefined) {
    const attended = hoursLabel(evidence.attendedMinutes)
    entries.push(
      kind === 'conference'
        ? {
            name: 'Participação na programação ao vivo',
            narrative: `Assistiu a ${attended} da programação ao vivo da jornada, com a sessão iniciada.`,
          }
        : {
            name: 'Presença',
            narrative: `Presença registrada de ${attended}.`,
          },
    )
  }
  return entries.map((entry) => ({ type: ['Evidence'], ...entry }))
}

/** The achievement's description: the certificate's text, with its hours when the text has none. */
export function achievementDescription(body: string, minutes: number): string {
  const hours = hoursLabel(minutes)
  return body.includes(hours) ? body : `${body} Carga horária: ${hours}.`
}

/** The last second of the day it ended, or the moment it was issued if that came first. */
function activityEnd(completedOn: string, issuedAt: Date): string {
  return curitibaIsoDateTime(new Date(Math.min(curitibaDayEndMs(completedOn) - 1000, issuedAt.getTime())))
}

/** The Open Badges 3.0 credential of a certificate (unsigned). */
export function openBadgeCredential(facts: CredentialFacts, place: CredentialPlace) {
  const hours = Math.round((facts.minutes / 60) * 100) / 100
  const evidence = evidenceOf(facts.kind, facts.evidence)
  return {
    '@context': [...OPEN_BADGES_CONTEXT],
    id: place.id,
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    name: `${CERTIFICATE_KIND.labels[facts.kind]}: ${facts.title}`,
    issuer: { id: place.issuer, type: ['Profile'], name: INSTITUTE.fullName, url: place.issuer },
    validFrom: toSecondIso(place.signedAt),
    awardedDate: toSecondIso(facts.issuedAt),
    credentialSubject: {
      id: place.recipientId,
      type: ['AchievementSubject'],
      identifier: [
        { type: 'IdentityObject', identityType: 'name', hashed: false, identityHash: facts.holderName ?? '' },
      ],
      achievement: {
        id: `${place.id}#conquista`,
        type: ['Achievement'],
        achievementType: 'CertificateOfCompletion',
        name: facts.title,
        description: achievementDescription(facts.body, facts.minutes),
        criteria: { narrative: CRITERIA[facts.kind] },
        creditsAvailable: hours,
        fieldOfStudy: 'Nefrologia',
        inLanguage: 'pt-BR',
      },
      creditsEarned: hours,
      ...(facts.startedOn ? { activityStartDate: `${facts.startedOn}T00:00:00-03:00` } : {}),
      activityEndDate: activityEnd(facts.completedOn, facts.issuedAt),
    },
    ...(evidence.length ? { evidence } : {}),
    credentialSchema: [{ id: ACHIEVEMENT_CREDENTIAL_SCHEMA, type: '1EdTechJsonSchemaValidator2019' }],
    credentialStatus: {
      id: `${place.status.listUrl}#${place.status.index}`,
      type: 'BitstringStatusListEntry',
      statusPurpose: STATUS_PURPOSE,
      statusListIndex: String(place.status.index),
      statusListCredential: place.status.listUrl,
      statusSize: STATUS_SIZE,
      statusMessage: STATUS_MESSAGES,
      // Where a person reads the state and its reason: the certificate's verification page.
      statusReference: place.id,
    },
  }
}
