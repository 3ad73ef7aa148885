/**
 * SPEC sections 2, 4, 5 and 9: the contact form's copy, exactly as the institute wrote it, and its
 * timings. The texts have their home in worker/domain/contact.ts, which the Worker checks with.
 */
export { CONTACT_LABELS, CONTACT_TEXT } from '../../../../worker/domain/contact.ts'
export { CONTACT_COPY } from './contact.copy.ts'

/** SPEC section 9: 'success' 500 ms and the toast 1000 ms after the answer; back to idle 450 ms after a failure. */
export const CONTACT_TIMINGS = { success: 500, sentToast: 1000, errorReset: 450 } as const
