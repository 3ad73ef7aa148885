/** Account types (SPEC section 6): N is a student, A an administrator. */
export const USER_TYPES = ['N', 'A'] as const
export type UserType = (typeof USER_TYPES)[number]

/** Who may call an operation: anyone, any logged-in user (N; admins too) or administrators only (A). */
export type Role = 'none' | UserType
