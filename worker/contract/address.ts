import { z } from 'zod'

/** A CEP as typed: 8 digits, with or without the hyphen. */
export const Cep = z.string().regex(/^\d{5}-?\d{3}$/, { error: 'CEP inválido' })

/** GET /api/cep/{cep}: what the CEP service knows of it (the person types the number). */
export const CepAddress = z.object({
  cep: z.string(),
  street: z.string(),
  neighborhood: z.string(),
  city: z.string(),
  state: z.string(),
  /** The city's IBGE code (7 digits), which the NFS-e names the taker's city by (issue 43). */
  ibge: z.string(),
})
export type CepAddress = z.infer<typeof CepAddress>
