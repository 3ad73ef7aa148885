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

/** An in-person enrolment's attendance, marked by the admin after the class ends. */
export const ATTENDANCE = labelled({
  present: 'presente',
  absent: 'ausente',
})
export const ATTENDANCE_STATES = ATTENDANCE.values
export type Attendance = (typeof ATTENDANCE_STATES)[number]

/** By default an online course asks for every lesson watched; the conference for 75 % of it. */
export const DEFAULT_COURSE_SHARE = 100
export const DEFAULT_CONFERENCE_SHARE = 75
