import { z } from '@hono/zod-openapi'
import { Msg } from '../contract/errors.ts'
import {
  CONTACT_FIELD_ERRORS,
  CONTACT_MAX_LENGTH,
  CONTACT_RECIPIENTS,
  CONTACT_TEXT,
  type ContactField,
  DEFAULT_CONTACT_RECIPIENT,
  invalidContactFields,
  isContactRecipient,
} from '../domain/contact.ts'
import { LEAD_TARGETS } from '../domain/leads.ts'
import { sendContactMessage } from '../services/contact/send.ts'
import { json, operation, routesOf } from './operation.ts'

/** Far above the longest valid message (5 000 characters of up to 4 bytes each). */
const MAX_BODY_BYTES = 32 * 1024

const text = (field: ContactField) =>
  z
    .string({ error: CONTACT_FIELD_ERRORS[field] })
    .trim()
    .max(CONTACT_MAX_LENGTH[field], { error: `No máximo ${CONTACT_MAX_LENGTH[field]} caracteres.` })

/** SPEC section 7's payload, plus the widget's target and a honeypot field people never see. */
export const ContactInput = z
  .object({
    name: text('name'),
    email: text('email'),
    telefone: text('telefone'),
    descricao: text('descricao').default(''),
    to: z
      .string({ error: 'Informe o destinatário.' })
      .trim()
      .toLowerCase()
      .openapi({ enum: [...CONTACT_RECIPIENTS], example: DEFAULT_CONTACT_RECIPIENT }),
    target: z.enum(LEAD_TARGETS, { error: 'Origem inválida.' }).default('contato').openapi({
      description: "De onde veio a mensagem: 'contato' (página) ou 'chat' (botão flutuante).",
    }),
    website: z.string().max(200).optional().openapi({
      description: 'Armadilha para robôs: um campo escondido que pessoas deixam vazio.',
    }),
  })
  .strict()
  .superRefine((input, check) => {
    for (const field of invalidContactFields(input)) {
      check.addIssue({ code: 'custom', path: [field], message: CONTACT_FIELD_ERRORS[field] })
    }
    // Only the institute's own addresses: the endpoint can never mail a third party.
    if (!isContactRecipient(input.to)) {
      check.addIssue({
        code: 'custom',
        path: ['to'],
        message: 'Destinatário inválido: as mensagens só podem ser enviadas ao instituto.',
      })
    }
    // A filled honeypot is refused in words, not dropped: a person whose browser filled it is told.
    if (input.website) {
      check.addIssue({
        code: 'custom',
        path: ['website'],
        message: `Não foi possível enviar sua mensagem. Escreva para ${DEFAULT_CONTACT_RECIPIENT}.`,
      })
    }
  })

export const contactRoutes = routesOf(
  operation({
    operationId: 'sendContactMessage',
    route: 'POST /contato/send',
    role: 'none',
    tags: ['Contato'],
    summary: "Enviar mensagem 'Fale com a gente' ao instituto",
    description:
      'Guarda o contato (lead) e avisa o instituto por e-mail (ou pelo `/api/sendMsg` externo, quando configurado); responde sem esperar a entrega. `to` precisa ser um endereço do instituto. Limite: 20 mensagens por hora por IP; corpo de até 32 KB.',
    body: ContactInput,
    answers: json(200, Msg, 'Mensagem recebida.'),
    limit: 'contact',
    maxBodyBytes: MAX_BODY_BYTES,
    run: async ({ ctx, input: { website: _honeypot, ...message } }) => {
      await sendContactMessage({ ctx, message })
      return { msg: CONTACT_TEXT.sent }
    },
  }),
)
