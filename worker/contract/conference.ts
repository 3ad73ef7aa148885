import { z } from 'zod'

// The conference's attendance (issue 24): the viewer's heartbeat and the admin's issuing.

/** A signed-in viewer's beat while a live talk plays: which talk (its `key` in the programme). */
export const HeartbeatInput = z
  .object({
    key: z
      .number({ error: 'Informe o índice da palestra.' })
      .int({ error: 'Informe o índice da palestra.' })
      .min(0, { error: 'Informe o índice da palestra.' })
      .max(999, { error: 'Informe o índice da palestra.' })
      .meta({ description: 'O `key` da palestra que está tocando (o da programação).' }),
  })
  .strict()
export type HeartbeatInput = z.infer<typeof HeartbeatInput>

export const HeartbeatAnswer = z.object({
  counted: z.boolean().meta({
    description:
      'true: a palestra está ao vivo no relógio da Jornada e o sinal conta (o tempo desde o sinal anterior); false: não está (intervalo, outra palestra), nada foi contado.',
  }),
})
export type HeartbeatAnswer = z.infer<typeof HeartbeatAnswer>

/** What one call of 'Emitir certificados da jornada' did, and what is left for the next call. */
export const ConferenceCertificatesResult = z.object({
  issued: z.number().int().meta({ description: 'Certificados emitidos nesta chamada.' }),
  remaining: z
    .number()
    .int()
    .meta({ description: 'Ainda a emitir: chame de novo até zerar (nada é emitido duas vezes).' }),
  eligible_viewers: z.number().int().meta({
    description: 'Quem assistiu à parcela mínima da programação (com ou sem certificado já emitido).',
  }),
  viewers: z.number().int().meta({ description: 'Quem assistiu a alguma parte, logado.' }),
  talks: z.number().int().meta({ description: 'Palestras (um certificado de palestrante cada).' }),
  min_share: z.number().int().meta({ description: 'A parcela mínima exigida, em %.' }),
  programme_minutes: z.number().int().meta({ description: 'O tempo total das palestras, em minutos.' }),
  held_back: z.array(z.object({ name: z.string(), reason: z.string() })).meta({
    description: 'Não emitidos: o nome (do perfil, do palestrante) não pode ser impresso como está.',
  }),
})
export type ConferenceCertificatesResult = z.infer<typeof ConferenceCertificatesResult>
