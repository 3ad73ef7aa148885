import { z } from 'zod'
import { SOCIAL_PROVIDERS } from '../domain/social.ts'

/**
 * Who owns an account (decision 010): proving the e-mail, changing it, the linked providers and
 * the sessions. The calls and messages the web shares with the Worker.
 */

export { SOCIAL_PROVIDERS }

export const ACCOUNT_MESSAGES = {
  codeSent: (email: string) => `Enviamos um código de 6 dígitos para ${email}. Ele vale por 15 minutos.`,
  codeRequired: 'Informe o código que enviamos para o seu e-mail.',
  codeInvalid: 'Código inválido ou expirado. Peça um novo código.',
  confirmSent: (email: string) =>
    `Enviamos um link de confirmação para ${email}. Abra-o neste navegador, com a sua conta aberta.`,
  confirmed: 'E-mail confirmado! Todas as suas compras com este e-mail já aparecem na sua conta.',
  alreadyConfirmed: 'Este e-mail já está confirmado.',
  linkInvalid: 'Este link é inválido ou expirou. Peça um novo em Meu perfil.',
  linkOtherAccount: 'Este link é de outra conta. Saia e entre com a conta que recebeu o e-mail.',
  linkNeedsLogin: 'Entre na sua conta para confirmar o e-mail.',
  changePending: (email: string) =>
    `Enviamos um link de confirmação para ${email}. O e-mail da conta só muda quando você abrir esse link.`,
  changeCancelled: 'Troca de e-mail cancelada.',
  changed: (email: string) => `E-mail alterado para ${email}. As outras sessões da conta foram encerradas.`,
  notMeDone:
    'Pronto: encerramos todas as sessões da conta e cancelamos a troca de e-mail. Se você não reconhece a alteração, redefina sua senha.',
  signedOutEverywhere: 'Você saiu de todos os dispositivos.',
  providerPasswordRequired: 'Informe sua senha para vincular uma rede social.',
  providerPasswordWrong: 'A senha está incorreta.',
  providerUnlinked: 'Rede social desvinculada.',
  providerLastWayIn: 'Crie uma senha antes de desvincular a única forma de entrar na sua conta.',
  providerNotLinked: 'Esta rede social não está vinculada à sua conta.',
  unprovedNotice:
    'Confirme seu e-mail para ver na sua conta as compras feitas com ele em outros navegadores.',
} as const

/** A 6-digit code, typed with or without spaces. */
export const EmailCode = z
  .string({ error: ACCOUNT_MESSAGES.codeRequired })
  .trim()
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, { error: ACCOUNT_MESSAGES.codeInvalid }))

export const EmailTokenInput = z
  .object({ token: z.string({ error: ACCOUNT_MESSAGES.linkInvalid }).min(20).max(200) })
  .strict()

export const ProviderLinkInput = z
  .object({
    provider: z.enum(['google', 'facebook'], { error: 'Rede social inválida.' }),
    /** The account's password; not needed within a few minutes of a login, or without a password. */
    senha: z.string().max(200).optional(),
  })
  .strict()

export const LinkedProvider = z.object({
  provider: z.enum(SOCIAL_PROVIDERS),
  /** The e-mail the provider gave when linked, if any. */
  email: z.string().nullable(),
  linked_at: z.string(),
})
export type LinkedProvider = z.infer<typeof LinkedProvider>

/** The account's security state, shown in Meu perfil. */
export const AccountSecurity = z.object({
  email_verified: z.boolean(),
  /** An e-mail change waiting for its confirmation link to be opened. */
  pending_email: z.string().nullable(),
  has_password: z.boolean(),
  /** Linking a provider now needs no password (a login in the last few minutes, or none set). */
  recent_login: z.boolean(),
  providers: z.array(LinkedProvider),
  /** Sessions open on other devices or browsers. */
  other_sessions: z.number().int(),
})
export type AccountSecurity = z.infer<typeof AccountSecurity>

export const ResetAccountInput = z.object({ token: z.string().min(20).max(200) }).strict()
