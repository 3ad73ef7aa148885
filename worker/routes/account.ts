import { z } from '@hono/zod-openapi'
import type { AppContext } from '../context.ts'
import { AccountSecurity, EmailTokenInput, ProviderLinkInput } from '../contract/account.ts'
import { User } from '../contract/auth.ts'
import { Msg } from '../contract/errors.ts'
import { SOCIAL_PROVIDERS } from '../domain/social.ts'
import { MULTIPART_OVERHEAD_BYTES, PHOTO_MAX_BYTES } from '../domain/uploads.ts'
import { clearSessionCookie } from '../middleware/auth.ts'
import { changePhoto } from '../services/auth/accounts.ts'
import {
  cancelEmailChange,
  confirmEmail,
  notMe,
  resendConfirmation,
  sendCode,
} from '../services/auth/proof.ts'
import {
  accountSecurity,
  authorizeLink,
  signOutEverywhere,
  unlinkProvider,
} from '../services/auth/providers.ts'
import type { SessionUser } from '../services/auth/sessions.ts'
import { startSocialLogin } from '../services/auth/social.ts'
import { json, operation, routesOf } from './operation.ts'
import { setOAuthCookie } from './social.ts'

const TAGS = ['Conta']

// Checked by the service (type, size, magic number), so a missing file gets its own message.
const PhotoForm = z.object({ photo: z.unknown().optional().openapi({ type: 'string', format: 'binary' }) })

/**
 * A code or a link sent to the account's e-mail, to prove it is the holder's (limited per hour;
 * refused once the e-mail is confirmed): the service answers the message shown.
 */
function sentToTheAccountEmail(
  send: (ctx: AppContext, user: SessionUser) => Promise<string>,
  words: { operationId: string; path: `/${string}`; summary: string; description?: string; answer: string },
) {
  return operation({
    operationId: words.operationId,
    route: `POST ${words.path}`,
    role: 'N',
    tags: TAGS,
    summary: words.summary,
    ...(words.description ? { description: words.description } : {}),
    answers: json(200, Msg, words.answer),
    limit: 'service',
    errors: ['validation'],
    run: async ({ ctx, user }) => ({ msg: await send(ctx, user) }),
  })
}

/** Who owns an account (decision 010): proving the e-mail, changing it, providers and sessions. */
export const accountRoutes = routesOf(
  operation({
    operationId: 'getAccountSecurity',
    route: 'GET /api/usuario/conta',
    role: 'N',
    tags: TAGS,
    summary: 'A segurança da conta: e-mail confirmado, troca pendente, redes sociais e sessões',
    answers: json(200, AccountSecurity, 'O estado da conta, para Meu perfil.'),
    run: ({ ctx, user }) => accountSecurity(ctx, user),
  }),
  sentToTheAccountEmail(sendCode, {
    operationId: 'sendEmailCode',
    path: '/api/usuario/conta/codigo',
    summary: 'Enviar ao e-mail da conta o código que permite criar a primeira senha',
    description: 'Vale 15 minutos; um novo código substitui o anterior. Até 5 por hora.',
    answer: 'Código enviado.',
  }),
  sentToTheAccountEmail(resendConfirmation, {
    operationId: 'resendEmailConfirmation',
    path: '/api/usuario/conta/confirmacao',
    summary: 'Enviar de novo o link de confirmação do e-mail',
    answer: 'Link enviado.',
  }),
  operation({
    operationId: 'confirmEmail',
    route: 'POST /api/conta/confirmar-email',
    role: 'N',
    tags: TAGS,
    summary: 'Confirmar o e-mail (cadastro ou troca) com o link recebido, com a conta aberta',
    description:
      'O link prova a caixa de e-mail; a sessão, quem pediu. Sem sessão: 401. Link de outra conta: 422 em `errors.token`. Uma troca de e-mail vale a partir daqui e encerra as outras sessões.',
    body: EmailTokenInput,
    answers: json(200, z.object({ msg: z.string(), data: User }), 'E-mail confirmado.'),
    limit: 'emailProof',
    run: async ({ ctx, user, input }) => {
      const { msg, user: data } = await confirmEmail(ctx, user, input.token)
      return { msg, data }
    },
  }),
  operation({
    operationId: 'reportEmailChange',
    route: 'POST /api/conta/nao-fui-eu',
    role: 'none',
    tags: TAGS,
    summary: '"Não fui eu": cancela a troca de e-mail e encerra todas as sessões da conta',
    description: 'O link vai ao endereço antigo quando alguém pede a troca do e-mail.',
    body: EmailTokenInput,
    answers: json(200, Msg, 'Troca cancelada e sessões encerradas.'),
    limit: 'emailProof',
    run: async ({ ctx, input }) => ({ msg: await notMe(ctx, input.token) }),
  }),
  operation({
    operationId: 'cancelEmailChange',
    route: 'DELETE /api/usuario/conta/email-pendente',
    role: 'N',
    tags: TAGS,
    summary: 'Cancelar a troca de e-mail pendente',
    answers: json(200, Msg, 'Troca cancelada.'),
    run: async ({ ctx, user }) => ({ msg: await cancelEmailChange(ctx, user) }),
  }),
  operation({
    operationId: 'signOutEverywhere',
    route: 'POST /api/usuario/conta/sair-de-todos',
    role: 'N',
    tags: TAGS,
    summary: 'Sair de todos os dispositivos (esta sessão também)',
    answers: json(200, Msg, 'Todas as sessões encerradas.'),
    run: async ({ c, ctx, user }) => {
      const msg = await signOutEverywhere(ctx, user)
      clearSessionCookie(c)
      return { msg }
    },
  }),
  operation({
    operationId: 'startProviderLink',
    route: 'POST /api/usuario/conta/vincular',
    role: 'N',
    tags: TAGS,
    summary: 'Começar a vincular uma rede social: pede a senha, salvo logo após um login',
    description:
      '`url` é o endereço a abrir na janela do login social; o cookie do fluxo (10 minutos) vai junto. O dono da conta recebe um e-mail quando a rede é vinculada.',
    body: ProviderLinkInput,
    answers: json(200, z.object({ url: z.string() }), 'Para a janela do provedor.'),
    limit: 'service',
    run: async ({ c, ctx, user, input }) => {
      await authorizeLink(ctx, user, input.senha)
      const { url, cookie } = await startSocialLogin({ ctx, provider: input.provider, linkUserId: user.id })
      setOAuthCookie(c, cookie)
      return { url }
    },
  }),
  operation({
    operationId: 'unlinkProvider',
    route: 'DELETE /api/usuario/conta/vinculos/{provider}',
    role: 'N',
    tags: TAGS,
    summary: 'Desvincular uma rede social (nunca a única forma de entrar)',
    params: z.object({ provider: z.enum(SOCIAL_PROVIDERS, { error: 'Rede social inválida.' }) }),
    answers: json(200, z.object({ msg: z.string(), data: AccountSecurity }), 'Desvinculada.'),
    run: ({ ctx, user, params }) => unlinkProvider(ctx, user, params.provider),
  }),
  operation({
    operationId: 'uploadProfilePhoto',
    route: 'POST /api/usuario/foto',
    role: 'N',
    tags: TAGS,
    summary: 'Enviar a foto do perfil (JPG, PNG ou WebP, até 2 MB)',
    form: PhotoForm,
    answers: json(200, z.object({ data: User }), 'O usuário com a nova foto.'),
    maxBodyBytes: PHOTO_MAX_BYTES + MULTIPART_OVERHEAD_BYTES,
    run: async ({ ctx, user, form }) => ({
      data: await changePhoto({ ctx, user, file: form.photo }),
    }),
  }),
)
