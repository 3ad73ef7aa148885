import { labelled } from './labelled.ts'

/** A lead's form (SPEC section 2): the contact page's 'Fale com a gente' or the floating chat. */
export const { values: LEAD_TARGETS, labels: LEAD_TARGET_LABELS } = labelled({
  contato: 'Contato',
  chat: 'Chat',
})
export type LeadTarget = (typeof LEAD_TARGETS)[number]

/** Where the institute stands with a lead: new → in progress → answered. */
export const { values: LEAD_STATES, labels: LEAD_STATE_LABELS } = labelled({
  new: 'novo',
  in_progress: 'em atendimento',
  answered: 'respondido',
})
export type LeadState = (typeof LEAD_STATES)[number]

/** 'Dr. Paulo Henrique' / '(43) 99120-7788' → a WhatsApp link to that number (Brazil, +55). */
export function whatsappUrl(phone: string, text = ''): string | null {
  const digits = phone.replace(/\D/g, '').replace(/^0+/, '')
  const national = digits.startsWith('55') && digits.length > 11 ? digits.slice(2) : digits
  if (national.length < 10 || national.length > 11) return null
  const query = text ? `?text=${encodeURIComponent(text)}` : ''
  return `https://wa.me/55${national}${query}`
}

/** A reply by e-mail, the subject already written. */
export function mailtoUrl(email: string, subject: string): string {
  return `mailto:${email}?subject=${encodeURIComponent(subject)}`
}
