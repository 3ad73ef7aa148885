/**
 * The contact widget's own copy. A file of its own: the floating button is on every page's first
 * load, and must not bring the form's rules (worker/domain/contact.ts) with it.
 */
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
