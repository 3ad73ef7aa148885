/** A certificate nobody took back: no revocation, suspension or replacement (worker/contract/certificates.ts). */
export const IN_GOOD_STANDING = {
  revoked_at: null,
  revoked_reason: null,
  suspended_at: null,
  suspended_reason: null,
  replaced_by: null,
} as const
