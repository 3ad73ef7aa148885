import { type RouteHandler, z } from '@hono/zod-openapi'
import type { AppBindings, AppContext } from '../context.ts'
import { AccountSecurity, EmailTokenInput, ProviderLinkInput } from '../contract/account.ts'
import { User } from '../contract/auth.ts'
import { Msg } from '../contract/errors.ts'
import { SOCIAL_PROVIDERS } from '../domain/social.ts'
import { clearSessionCookie, requireUser } from '../middleware/auth.ts'
import { defineRoute, jsonBody, jsonContent, newApp } from '../openapi.ts'
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
import { setOAuthCookie } from './social.ts'

const TAGS = ['Conta']

/**
 * A code or a link sent to the account's e-mail, to prove it is the holder's (limited per hour;
 * refused once the e-mail is confirmed): the service answers the message shown.
 */
function sentToTheAccountEmail(
  send: (ctx: AppContext, user: SessionUser) => Promise<string>,
  words: { operationId: string; path: string; summary: string; description?: string; answer: string },
) {
  const route = defineRoute(
    'N',
    {
      operationId: words.operationId,
      method: 'post',
      path: words.path,
      tags: TAGS,
      summary: words.summary,
      ...(words.description ? { description: words.description } : {}),
      responses: { 200: jsonContent(Msg, words.answer) },
    },
    { limit: 'service', errors: ['validation'] },
  )
  const handler: RouteHandler<typeof route, AppBindings> = async (c) =>
    c.json({ msg: await send(c.var.ctx, await requireUser(c)) }, 200)
  return [route, handler] as const
}

/** Who owns an account (decision 010): proving the e-mail, changing it, providers and sessions. */
export const accountRoutes = newApp()
  .openapi(
    defineRoute('N', {
      operationId: 'getAccountSecurity',
      method: 'get',
      path: '/api/usuario/conta',
      tags: TAGS,
      summary: 'A segurança da conta: e-mail confirmado, troca pendente, redes sociais e sessões',
      responses: { 200: jsonContent(AccountSecurity, 'O estado da conta, para Meu perfil.') },
    }),
    async (c) => c.json(await accountSecurity(c.var.ctx, await requireUser(c)), 200),
  )
  .openapi(
    ...sentToTheAccountEmail(sendCode, {
      operationId: 'sendEmailCode',
      path: '/api/usuario/conta/codigo',
      summary: 'Enviar ao e-mail da conta o código que permite criar a primeira senha',
      description: 'Vale 15 minutos; um novo código substitui o anterior. Até 5 por hora.',
      answer: 'Código enviado.',
    }),
  )
  .openapi(
    ...sentToTheAccountEmail(resendConfirmation, {
      operationId: 'resendEmailConfirmation',
      path: '/api/usuario/conta/confirmacao',
      summary: 'Enviar de novo o link de confirmação do e-mail',
      answer: 'Link enviado.',
    }),
  )
  .openapi(
    defineRoute(
      'N',
      {
        operationId: 'confirmEmail',
        method: 'post',
        path: '/api/conta/confirmar-email',
        tags: TAGS,
        summary: 'Confirmar o e-mail (cadastro ou troca) com o link recebido, com a conta aberta',
        description:
          'O link prova a caixa de e-mail; a sessão, quem pediu. Sem sessão: 401. Link de outra conta: 422 em `errors.token`. Uma troca de e-mail vale a partir daqui e encerra as outras sessões.',
        request: jsonBody(EmailTokenInput),
        responses: { 200: jsonContent(z.object({ msg: z.string(), data: User }), 'E-mail confirmado.') },
      },
      { limit: 'emailProof' },
    ),
    async (c) => {
      const { msg, user } = await confirmEmail(c.var.ctx, await requireUser(c), c.req.valid('json').token)
      return c.json({ msg, data: user }, 200)
    },
  )
  .openapi(
    defineRoute(
      'none',
      {
        operationId: 'reportEmailChange',
        method: 'post',
        path: '/api/conta/nao-fui-eu',
        tags: TAGS,
        summary: '"Não fui eu": cancela a troca de e-mail e encerra todas as sessões da conta',
        description: 'O link vai ao endereço antigo quando alguém pede a troca do e-mail.',
        request: jsonBody(EmailTokenInput),
        responses: { 200: jsonContent(Msg, 'Troca cancelada e sessões encerradas.') },
      },
      { limit: 'emailProof' },
    ),
    async (c) => c.json({ msg: await notMe(c.var.ctx, c.req.valid('json').token) }, 200),
  )
  .openapi(
    defineRoute('N', {
      operationId: 'cancelEmailChange',
      method: 'delete',
      path: '/api/usuario/conta/email-pendente',
      tags: TAGS,
      summary: 'Cancelar a troca de e-mail pendente',
      responses: { 200: jsonContent(Msg, 'Troca cancelada.') },
    }),
    async (c) => c.json({ msg: await cancelEmailChange(c.var.ctx, await requireUser(c)) }, 200),
  )
  .openapi(
    defineRoute('N', {
      operationId: 'signOutEverywhere',
      method: 'post',
      path: '/api/usuario/conta/sair-de-todos',
      tags: TAGS,
      summary: 'Sair de todos os dispositivos (esta sessão também)',
      responses: { 200: jsonContent(Msg, 'Todas as sessões encerradas.') },
    }),
    async (c) => {
      const msg = await signOutEverywhere(c.var.ctx, await requireUser(c))
      clearSessionCookie(c)
      return c.json({ msg }, 200)
    },
  )
  .openapi(
    defineRoute(
      'N',
      {
        operationId: 'startProviderLink',
        method: 'post',
        path: '/api/usuario/conta/vincular',
        tags: TAGS,
        summary: 'Começar a vincular uma rede social: pede a senha, salvo logo após um login',
        description:
          '`url` é o endereço a abrir na janela do login social; o cookie do fluxo (10 minutos) vai junto. O dono da conta recebe um e-mail quando a rede é vinculada.',
        request: jsonBody(ProviderLinkInput),
        responses: { 200: jsonContent(z.object({ url: z.string() }), 'Para a janela do provedor.') },
      },
      { limit: 'service' },
    ),
    async (c) => {
      const user = await requireUser(c)
      const { provider, senha } = c.req.valid('json')
      await authorizeLink(c.var.ctx, user, senha)
      const { url, cookie } = await startSocialLogin({ ctx: c.var.ctx, provider, linkUserId: user.id })
      setOAuthCookie(c, cookie)
      return c.json({ url }, 200)
    },
  )
  .openapi(
    defineRoute('N', {
      operationId: 'unlinkProvider',
      method: 'delete',
      path: '/api/usuario/conta/vinculos/{provider}',
      tags: TAGS,
      summary: 'Desvincular uma rede social (nunca a única forma de entrar)',
      request: {
        params: z.object({ provider: z.enum(SOCIAL_PROVIDERS, { error: 'Rede social inválida.' }) }),
      },
      responses: {
        200: jsonContent(z.object({ msg: z.string(), data: AccountSecurity }), 'Desvinculada.'),
      },
    }),
    async (c) =>
      c.json(await unlinkProvider(c.var.ctx, await requireUser(c), c.req.valid('param').provider), 200),
  )
