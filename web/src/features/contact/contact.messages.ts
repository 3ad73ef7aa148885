/**
 * SPEC sections 2, 4, 5 and 9: the contact form's copy, exactly as the institute wrote it, and its
 * timings. The texts have their home in worker/domain/contact.ts, which the Worker checks with.
 */
export { CONTACT_LABELS, CONTACT_TEXT } from '../../../../worker/domain/contact.ts'

export const CONTACT_COPY = {
  heading: 'Fale com a gente',
  intro: 'Mande sua mensagem: respondemos por e-mail ou telefone em até um dia útil.',
  nameLabel: 'Nome completo',
  emailLabel: 'E-mail',
  phoneLabel: 'Telefone',
  sending: 'Enviando mensagem…',
  sentButton: 'Mensagem enviada',
  open: 'Fale com a gente: abrir o formulário de contato',
  close: 'Fechar',
} as const

/** SPEC section 9: 'success' 500 ms and the toast 1000 ms after the answer; back to idle 450 ms after a failure. */
export const CONTACT_TIMINGS = { success: 500, sentToast: 1000, errorReset: 450 } as const
