import { z } from 'zod'

/** Money in the API is integer centavos (worker/domain/money.ts); the UI formats it as BRL. */
export const Cents = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER)
