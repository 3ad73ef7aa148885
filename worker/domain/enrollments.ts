import { labelled } from './labelled.ts'

/** An enrollment is active until a refund, a chargeback or an administrator ends it. */
export const { values: ENROLLMENT_STATUSES, labels: ENROLLMENT_STATUS_LABELS } = labelled({
  active: 'ativa',
  cancelled: 'cancelada',
})
export type EnrollmentStatus = (typeof ENROLLMENT_STATUSES)[number]

/** How it came: a paid order of the site, or an administrator's manual enrollment (paid outside). */
export const { values: ENROLLMENT_SOURCES, labels: ENROLLMENT_SOURCE_LABELS } = labelled({
  order: 'pedido no site',
  manual: 'manual (pago fora do site)',
})
export type EnrollmentSource = (typeof ENROLLMENT_SOURCES)[number]
