/**
 * The 'Fale com a gente' rules (SPEC section 5), checked by the browser before sending and by the
 * Worker on arrival: one function, so both give the same verdict.
 */
import { INSTITUTE } from './institute.ts'
import { NAME_LETTERS, PHONE_PATTERN } from './patterns.ts'

export const CONTACT_FIELDS = ['name', 'email', 'telefone', 'descricao'] as const
export type ContactField = (typeof CONTACT_FIELDS)[number]

/** The labels the SPEC's toast lists, in its order. */
export const CONTACT_LABELS: Record<ContactField, string> = {
  name: 'Nome',
  email: 'E-mail',
  telefone: 'Telefone',
  descricao: 'Descrição',
}

export const CONTACT_TEXT = {
  invalidPrefix: 'Dados incorreto(s): ',
  sent: 'Mensagem enviada com sucesso',
  submit: 'enviar mensagem',
  question: 'como podemos te ajudar?',
} as const

/** Beside each failing field (the toast names the fields; these say what is expected). */
export const CONTACT_FIELD_ERRORS: Record<ContactField, string> = {
  name: 'Informe nome e sobrenome: ao menos duas palavras de 2 letras.',
  email: 'Informe um e-mail válido.',
  telefone: 'Informe um telefone válido: (##) ####-#### ou (##) #####-####.',
  descricao: 'Mensagem inválida.',
}

/** Longest accepted values: far above a real message, low enough that no one mails a book. */
export const CONTACT_MAX_LENGTH: Record<ContactField, number> = {
  name: 120,
  email: 254,
  telefone: 20,
  descricao: 5000,
}

/** The institute's own addresses: the only recipients a message may name (`to`). */
export const CONTACT_RECIPIENTS: readonly string[] = Object.values(INSTITUTE.emails)
export const DEFAULT_CONTACT_RECIPIENT = INSTITUTE.emails.contact

export const isContactRecipient = (to: string) => CONTACT_RECIPIENTS.includes(to.trim().toLowerCase())

const WORD = new RegExp(`^[${NAME_LETTERS}.-]+$`)
const LETTER = new RegExp(`[${NAME_LETTERS}]`, 'g')
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** At least two words, each of at least 2 letters; accented letters, dot and hyphen allowed. */
export function isFullName(name: string): boolean {
  const words = name.trim().split(/\s+/)
  return words.length >= 2 && words.every((word) => WORD.test(word) && (word.match(LETTER)?.length ?? 0) >= 2)
}

export const isContactEmail = (email: string) => EMAIL.test(email.trim())
export const isContactPhone = (phone: string) => PHONE_PATTERN.test(phone.trim())

export type ContactFields = Record<ContactField, string>

/** The fields that fail, in the SPEC's order. The description always passes (SPEC section 5). */
export function invalidContactFields(input: ContactFields): ContactField[] {
  const failing: ContactField[] = []
  if (!isFullName(input.name)) failing.push('name')
  if (!isContactEmail(input.email)) failing.push('email')
  if (!isContactPhone(input.telefone)) failing.push('telefone')
  return failing
}

/** 'Dados incorreto(s): Nome, Telefone', as the SPEC's toast shows it. */
export const invalidContactText = (fields: readonly ContactField[]) =>
  CONTACT_TEXT.invalidPrefix + fields.map((field) => CONTACT_LABELS[field]).join(', ')
