import { z } from 'zod'

/** 422: the toast helper shows every message, joined by line breaks (SPEC section 8). */
export const ValidationErrorBody = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
})
export type ValidationErrorBody = z.infer<typeof ValidationErrorBody>

/**
 * Any other failure: the toast helper shows `msg`. Purchase failures add `code` 1, 2 or 3 and,
 * for provider errors, their translated list; a vanished cart adds `clear` (SPEC sections 4, 8).
 */
export const MessageErrorBody = z.object({
  msg: z.string(),
  code: z.union([z.literal(1), z.literal(2), z.literal(3)]).optional(),
  errors: z.array(z.string()).optional(),
  clear: z.literal(true).optional(),
})
export type MessageErrorBody = z.infer<typeof MessageErrorBody>

/** A success answered with the message the toast shows. */
export const Msg = z.object({ msg: z.string() })

/** `{ ok: true }` of a write that answers nothing else. */
export const Done = z.object({ ok: z.literal(true) })

/** 401 for /admin and /usuario areas without a session. */
export const UnauthenticatedBody = z.object({ message: z.literal('Unauthenticated.') })
