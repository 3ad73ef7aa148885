import { type ContactFields, DEFAULT_CONTACT_RECIPIENT } from '../../../../worker/domain/contact.ts'
import type { LeadTarget } from '../../../../worker/domain/leads.ts'
import { api } from '../../lib/api.ts'

/** The form's fields, with `website`: the honeypot a person leaves empty. */
export type ContactValues = ContactFields & { website: string }

/**
 * POST /contato/send: 'Fale com a gente' to the institute's default recipient, tagged with the page
 * it came from.
 */
export const sendContact = (values: ContactValues, target: LeadTarget) =>
  api('/contato/send', { method: 'POST', json: { ...values, to: DEFAULT_CONTACT_RECIPIENT, target } })
