import { labelled } from './labelled.ts'

/**
 * What a certificate attests (issue 24): an online course completed, an in-person class attended,
 * the conference watched, or a talk given at it.
 */
export const CERTIFICATE_KIND = labelled({
  course: 'Conclusão de curso',
  in_person: 'Participação em curso presencial',
  conference: 'Participação na jornada',
  speaker: 'Palestrante na jornada',
})
export const CERTIFICATE_KINDS = CERTIFICATE_KIND.values
export type CertificateKind = (typeof CERTIFICATE_KINDS)[number]

/** An in-person enrollment's attendance, marked by the admin after the class ends. */
export const ATTENDANCE = labelled({
  present: 'presente',
  absent: 'ausente',
})
export const ATTENDANCE_STATES = ATTENDANCE.values
export type Attendance = (typeof ATTENDANCE_STATES)[number]

/** By default an online course asks for every lesson watched; the conference for 75 % of it. */
export const DEFAULT_COURSE_SHARE = 100
export const DEFAULT_CONFERENCE_SHARE = 75

/**
 * Where a certificate stands (issue 39): valid; suspended while a chargeback of the purchase that
 * paid for it is open (reversible); revoked (a refund, a lost chargeback, the admin: for good); or
 * replaced by a reissue under a new code. Revocation wins over everything else.
 */
export const CERTIFICATE_STATUS = labelled({
  valid: 'válido',
  suspended: 'suspenso',
  revoked: 'revogado',
  replaced: 'substituído',
})
export const CERTIFICATE_STATUSES = CERTIFICATE_STATUS.values
export type CertificateStatus = (typeof CERTIFICATE_STATUSES)[number]

export function certificateStatus(row: {
  revokedAt: Date | null
  suspendedAt: Date | null
  replacedBy: string | null
}): CertificateStatus {
  if (row.revokedAt) return 'revoked'
  if (row.replacedBy) return 'replaced'
  if (row.suspendedAt) return 'suspended'
  return 'valid'
}

/**
 * What earned a certificate (issue 39), kept with it and told in its credential's `evidence`: the
 * share of the course's videos played and its lessons done, the assessment passed, or the
 * attendance of an in-person class or of the conference.
 */
export type CertificateEvidence = {
  /** An online course: distinct seconds played over the videos' length, in percent (0–100). */
  watchedPercent?: number
  /** An online course: lessons done (video played to the course's share, or reading opened). */
  lessonsDone?: number
  lessonsTotal?: number
  /** The final assessment passed, when the course has one. */
  assessment?: { scorePercent: number; attempt: number; passPercent: number }
  /** An in-person class marked present, or the conference: minutes attended. */
  attendedMinutes?: number
}

/**
 * Why money going back changed a certificate (issue 39, decision 023): the reason kept with the
 * row, which the verification page reads after 'revogado' or 'suspenso'.
 */
export const CERTIFICATE_MONEY_REASONS = {
  refunded: 'compra reembolsada',
  chargeback: 'pagamento contestado junto à operadora do cartão',
  chargebackLost: 'pagamento contestado e devolvido ao titular do cartão',
  /** A boleto paid short whose difference went back (decision 028): not fully paid again. */
  differenceWentBack: 'a diferença que completava o pagamento foi devolvida',
  /** Not kept: what its holder is told when the order is fully paid again. */
  orderPaid: 'o pagamento do pedido foi completado',
  /** Not kept (a reinstated certificate is valid): what its holder is told. */
  disputeWon: 'a contestação do pagamento terminou a favor do instituto',
} as const
