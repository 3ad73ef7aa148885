/** A lead's form (SPEC section 2): the contact page's 'Fale com a gente' or the floating chat. */
export const LEAD_TARGETS = ['contato', 'chat'] as const
export type LeadTarget = (typeof LEAD_TARGETS)[number]

export const LEAD_TARGET_LABELS: Record<LeadTarget, string> = {
  contato: 'Contato',
  chat: 'Chat',
}

/** Where the institute stands with a lead: new → in progress → answered. */
export const LEAD_STATES = ['new', 'in_progress', 'answered'] as const
export type LeadState = (typeof LEAD_STATES)[number]

export const LEAD_STATE_LABELS: Record<LeadState, string> = {
  new: 'novo',
  in_progress: 'em atendimento',
  answered: 'respondido',
}

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
