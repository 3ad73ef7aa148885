import { z } from 'zod'
import { NAME_FORBIDDEN, NAME_LETTERS, PHONE_PATTERN } from '../domain/patterns.ts'
import { USER_TYPES } from '../domain/roles.ts'
import { SOCIAL_PROVIDERS } from '../domain/social.ts'

export { NAME_LETTERS, PHONE_PATTERN }
export const PASSWORD_MIN_LENGTH = 6

export const AUTH_MESSAGES = {
  wrongCredentials: 'Usuário ou senha incorreta',
  tooManyAttempts: 'Muitas tentativas, aguarde um minuto.',
  resetSent: 'Enviamos seu link de redefinição de senha por e-mail!',
  resetNotFound: 'Não encontramos seu e-mail em nossa base de dados!',
  resetInvalid: 'Este link de redefinição é inválido ou expirou. Peça um novo.',
  resetDone: 'Senha redefinida com sucesso! Entre com a nova senha.',
  registered: 'Cadastro realizado com sucesso!',
  emailTaken: 'Este e-mail já está cadastrado.',
  passwordUpdated: 'Senha atualizada com sucesso!',
  currentPasswordWrong: 'A senha atual está incorreta!',
  // SPEC section 5, password form, exactly as the institute wrote them.
  currentRequired: 'Favor inseirir a senha atual!',
  newRequired: 'Favor inseirir a nova senha!',
  repeatRequired: 'Favor inseirir a repetir a nova senha!',
  newTooShort: 'A Nova senha deve possuir mais de 6 caracteres!',
  repeatMismatch: 'Favor repetir a nova senha!',
} as const

/** A name is one line: no line break, control character nor bidi override (issue 39). */
export const ONE_LINE_NAME = 'O nome deve ficar em uma linha, sem quebras nem caracteres de controle.'
const oneLine = (name: string) => !NAME_FORBIDDEN.test(name)

/** A person's full name in a form: `missing` when absent, `incomplete` when shorter than 3 letters. */
export const personName = (missing: string, incomplete = missing) =>
  z
    .string({ error: missing })
    .trim()
    .min(3, { error: incomplete })
    .max(120)
    .refine(oneLine, { error: ONE_LINE_NAME })

/** An e-mail address in a form: trimmed and lower-cased, then checked (`invalid`). */
export const emailAddress = ({
  missing,
  invalid = 'Informe um e-mail válido.',
  max,
}: {
  missing?: string
  invalid?: string
  max?: number
}) => {
  const text = z.string({ error: missing }).trim().toLowerCase()
  return (max === undefined ? text : text.max(max)).pipe(z.email({ error: invalid }))
}

const Email = z
  .string({ error: 'Informe seu e-mail.' })
  .trim()
  .toLowerCase()
  .max(254, { error: 'E-mail longo demais.' })
  .pipe(z.email({ error: 'Informe um e-mail válido.' }))

const Name = z
  .string({ error: 'Informe seu nome.' })
  .trim()
  .min(3, { error: 'Informe seu nome completo.' })
  .max(120, { error: 'Nome longo demais.' })
  .regex(new RegExp(`[${NAME_LETTERS}]{2,}`), { error: 'Informe seu nome completo.' })
  .refine(oneLine, { error: ONE_LINE_NAME })

const Phone = z
  .string({ error: 'Informe seu telefone.' })
  .trim()
  .regex(PHONE_PATTERN, { error: 'Informe um telefone válido: (##) ####-#### ou (##) #####-####.' })

const Password = z
  .string({ error: 'Informe a senha.' })
  .min(PASSWORD_MIN_LENGTH, { error: 'A senha deve possuir no mínimo 6 caracteres.' })
  .max(200, { error: 'Senha longa demais.' })

export const LoginInput = z
  .object({
    email: Email,
    password: z.string({ error: 'Informe a senha.' }).min(1, { error: 'Informe a senha.' }).max(200),
    json: z.boolean().optional(),
  })
  .strict()
export type LoginInput = z.infer<typeof LoginInput>

export const RegisterInput = z.object({ name: Name, email: Email, password: Password, phone: Phone }).strict()
export type RegisterInput = z.infer<typeof RegisterInput>

export const ResetRequestInput = z.object({ email: Email }).strict()

export const ResetPasswordInput = z
  .object({
    token: z.string().min(20).max(200),
    password: Password,
    password_confirmation: z.string(),
    /** Linked providers to unlink with the reset (the reset page lists them). */
    desvincular: z.array(z.enum(SOCIAL_PROVIDERS)).max(SOCIAL_PROVIDERS.length).optional(),
  })
  .strict()
  .refine((input) => input.password === input.password_confirmation, {
    error: 'As senhas não conferem.',
    path: ['password_confirmation'],
  })

export const ProfileInput = z.object({ name: Name, email: Email, phone: Phone }).strict()
export type ProfileInput = z.infer<typeof ProfileInput>

/** The SPEC's password form: every failing rule's message, accumulated, in its order. */
export function passwordChangeErrors(
  input: { senha_atual?: string; senha_nova?: string; senha_repete?: string },
  isNewUser: boolean,
): string[] {
  const errors: string[] = []
  if (!isNewUser && !input.senha_atual) errors.push(AUTH_MESSAGES.currentRequired)
  if (!input.senha_nova) errors.push(AUTH_MESSAGES.newRequired)
  if (!input.senha_repete) errors.push(AUTH_MESSAGES.repeatRequired)
  if (input.senha_nova && input.senha_nova.length < PASSWORD_MIN_LENGTH)
    errors.push(AUTH_MESSAGES.newTooShort)
  if (input.senha_nova && input.senha_repete && input.senha_nova !== input.senha_repete) {
    errors.push(AUTH_MESSAGES.repeatMismatch)
  }
  return errors
}

export const PasswordChangeInput = z
  .object({
    senha_atual: z.string().max(200).optional(),
    senha_nova: z.string().max(200).optional(),
    senha_repete: z.string().max(200).optional(),
    /** The code e-mailed to an unproved account, to set its first password (decision 010). */
    codigo: z.string().max(20).optional(),
  })
  .strict()
export type PasswordChangeInput = z.infer<typeof PasswordChangeInput>

export const User = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  /** Photo URL, or null (the UI shows the default user image). */
  photo: z.string().nullable(),
  type: z.enum(USER_TYPES),
  /** True for an account that has no password yet (created by a guest checkout or a social login). */
  new_user: z.boolean(),
  /** The owner proved the e-mail (decision 010); until then the account reaches only its own doing. */
  email_verified: z.boolean(),
})
export type User = z.infer<typeof User>
