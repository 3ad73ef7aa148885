/** An enrollment is active until a refund, a chargeback or an administrator ends it. */
export const ENROLLMENT_STATUSES = ['active', 'cancelled'] as const
export type EnrollmentStatus = (typeof ENROLLMENT_STATUSES)[number]

export const ENROLLMENT_STATUS_LABELS: Record<EnrollmentStatus, string> = {
  active: 'ativa',
  cancelled: 'cancelada',
}

/** How it came: a paid order of the site, or an administrator's manual enrollment (paid outside). */
export const ENROLLMENT_SOURCES = ['order', 'manual'] as const
export type EnrollmentSource = (typeof ENROLLMENT_SOURCES)[number]

export const ENROLLMENT_SOURCE_LABELS: Record<EnrollmentSource, string> = {
  order: 'pedido no site',
  manual: 'manual (pago fora do site)',
}
