import { z } from '@hono/zod-openapi'
import { LinkedProvider, ResetAccountInput } from '../contract/account.ts'
import {
  AUTH_MESSAGES,
  LoginInput,
  PasswordChangeInput,
  ProfileInput,
  RegisterInput,
  ResetPasswordInput,
  ResetRequestInput,
  User,
} from '../contract/auth.ts'
import { Msg } from '../contract/errors.ts'
import { clearSessionCookie, currentUser, requireUser, setSessionCookie } from '../middleware/auth.ts'
import { defineRoute, jsonBody, jsonContent, newApp } from '../openapi.ts'
import {
  changePassword,
  logIn,
  register,
  requestPasswordReset,
  resetAccount,
  resetPassword,
  updateProfile,
} from '../services/auth/accounts.ts'
import { endSession } from '../services/auth/sessions.ts'

const publicUser = (user: User): User => User.parse(user)

export const authRoutes = newApp()
  .openapi(
    defineRoute('none', {
      operationId: 'getCurrentUser',
      method: 'get',
      path: '/admin/user/get',
      tags: ['Conta'],
      summary: 'O usuário logado, ou null para um visitante',
      description:
        'O cabeçalho pergunta em toda página; um visitante recebe `null` (200), sem erro no console do navegador.',
      responses: { 200: jsonContent(User.nullable(), 'O usuário, ou null.') },
    }),
    async (c) => {
      const user = await currentUser(c)
      return c.json(user ? publicUser(user) : null, 200)
    },
  )
  .openapi(
    defineRoute(
      'none',
      {
        operationId: 'logIn',
        method: 'post',
        path: '/login',
        tags: ['Conta'],
        summary: 'Entrar com e-mail e senha',
        description:
          '422 `Usuário ou senha incorreta`; a 6ª falha em um minuto para o mesmo e-mail e IP responde 429 sem calcular hash.',
        request: jsonBody(LoginInput),
        responses: { 200: jsonContent(User, 'O usuário; a sessão vai no cookie HttpOnly.') },
      },
      { limit: 'service' },
    ),
    async (c) => {
      const { user, sessionToken } = await logIn({
        ctx: c.var.ctx,
        input: c.req.valid('json'),
        userAgent: c.req.header('user-agent'),
      })
      setSessionCookie(c, sessionToken)
      return c.json(user, 200)
    },
  )
  .openapi(
    defineRoute(
      'none',
      {
        operationId: 'logOut',
        method: 'post',
        path: '/logout',
        tags: ['Conta'],
        summary: 'Sair: encerra a sessão no servidor',
        request: {
          body: { content: { 'application/json': { schema: z.object({}).strict() } }, required: false },
        },
        responses: {
          200: jsonContent(z.object({ success: z.literal(true) }), 'Sessão encerrada (ou já não havia).'),
        },
      },
      { unlimited: 'Só encerra a sessão de quem chama: nunca é recusada por frequência.' },
    ),
    async (c) => {
      const user = await currentUser(c)
      if (user) await endSession(c.var.ctx, user.sessionId)
      clearSessionCookie(c)
      return c.json({ success: true as const }, 200)
    },
  )
  .openapi(
    defineRoute(
      'none',
      {
        operationId: 'registerUser',
        method: 'post',
        path: '/user/create_user',
        tags: ['Conta'],
        summary: 'Criar conta de aluno (já entra logado)',
        request: jsonBody(RegisterInput),
        responses: {
          200: jsonContent(z.object({ msg: z.string(), data: User }), 'Conta criada.'),
        },
      },
      { limit: 'signUp' },
    ),
    async (c) => {
      const { user, sessionToken } = await register({
        ctx: c.var.ctx,
        input: c.req.valid('json'),
        userAgent: c.req.header('user-agent'),
      })
      setSessionCookie(c, sessionToken)
      return c.json({ msg: AUTH_MESSAGES.registered, data: user }, 200)
    },
  )
  .openapi(
    defineRoute(
      'none',
      {
        operationId: 'requestPasswordReset',
        method: 'post',
        path: '/password/email',
        tags: ['Conta'],
        summary: 'Pedir o link de redefinição de senha por e-mail',
        description: 'E-mail desconhecido: 422 `Não encontramos seu e-mail em nossa base de dados!`.',
        request: jsonBody(ResetRequestInput),
        responses: { 200: jsonContent(Msg, 'Link enviado.') },
      },
      { limit: 'passwordResetPerIp' },
    ),
    async (c) =>
      c.json({ msg: await requestPasswordReset({ ctx: c.var.ctx, email: c.req.valid('json').email }) }, 200),
  )
  .openapi(
    defineRoute(
      'none',
      {
        operationId: 'resetPassword',
        method: 'post',
        path: '/api/auth/reset-password',
        tags: ['Conta'],
        summary: 'Definir nova senha com o link recebido (uso único, expira em 1 hora)',
        request: jsonBody(ResetPasswordInput),
        description:
          'O link prova o e-mail: a conta passa a ver as compras feitas com ele. `desvincular` remove as redes sociais escolhidas.',
        responses: {
          200: jsonContent(Msg, 'Senha redefinida; todas as sessões foram encerradas.'),
        },
      },
      { limit: 'passwordSet' },
    ),
    async (c) => {
      const { token, password, desvincular } = c.req.valid('json')
      return c.json(
        { msg: await resetPassword({ ctx: c.var.ctx, token, password, unlink: desvincular }) },
        200,
      )
    },
  )
  .openapi(
    defineRoute(
      'none',
      {
        operationId: 'resetPasswordAccount',
        method: 'post',
        path: '/api/auth/reset-password/conta',
        tags: ['Conta'],
        summary: 'A conta de um link de redefinição: o e-mail e as redes sociais vinculadas',
        request: jsonBody(ResetAccountInput),
        responses: {
          200: jsonContent(
            z.object({ email: z.string(), providers: z.array(LinkedProvider) }),
            'Para a página de redefinição oferecer desvincular as redes sociais.',
          ),
        },
      },
      { limit: 'passwordSet' },
    ),
    async (c) => c.json(await resetAccount({ ctx: c.var.ctx, token: c.req.valid('json').token }), 200),
  )
  .openapi(
    defineRoute(
      'N',
      {
        operationId: 'updateProfile',
        method: 'put',
        path: '/usuario/perfil/updateUser',
        tags: ['Conta'],
        summary: 'Atualizar nome e telefone; pedir a troca do e-mail',
        description:
          'Nome e telefone mudam na hora. Um e-mail novo só vale depois de aberto o link enviado a ele; o endereço antigo é avisado e `msg` diz isso.',
        request: jsonBody(ProfileInput),
        responses: {
          200: jsonContent(
            z.object({ data: User, msg: z.string().optional() }),
            'Dados atualizados (o e-mail, só depois da confirmação).',
          ),
        },
      },
      { limit: 'service' },
    ),
    async (c) => {
      const user = await requireUser(c)
      const { user: data, msg } = await updateProfile({ ctx: c.var.ctx, user, input: c.req.valid('json') })
      return c.json({ data, ...(msg ? { msg } : {}) }, 200)
    },
  )
  .openapi(
    defineRoute(
      'N',
      {
        operationId: 'changePassword',
        method: 'post',
        path: '/usuario/perfil/updatePassword/',
        tags: ['Conta'],
        summary: 'Trocar a senha (todas as sessões são encerradas; este navegador recebe uma nova)',
        description:
          'Erros acumulados em `errors.senha`, com as mensagens do formulário de senha. A primeira senha de uma conta cujo e-mail não foi confirmado pede `codigo`, enviado por `POST /api/usuario/conta/codigo`.',
        request: jsonBody(PasswordChangeInput),
        responses: {
          200: jsonContent(z.object({ data: z.string() }), 'A mensagem de sucesso em `data`.'),
        },
      },
      { limit: 'service' },
    ),
    async (c) => {
      const user = await requireUser(c)
      const { msg, sessionToken } = await changePassword({
        ctx: c.var.ctx,
        user,
        input: c.req.valid('json'),
        userAgent: c.req.header('user-agent'),
      })
      setSessionCookie(c, sessionToken)
      return c.json({ data: msg }, 200)
    },
  )
