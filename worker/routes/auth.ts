import { z } from '@hono/zod-openapi'
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
import { clearSessionCookie, currentUser, requireUser, setSessionCookie } from '../middleware/auth.ts'
import { defineRoute, jsonBody, jsonContent, newApp } from '../openapi.ts'
import {
  changePassword,
  logIn,
  register,
  requestPasswordReset,
  resetPassword,
  updateProfile,
} from '../services/auth/accounts.ts'
import { endSession } from '../services/auth/sessions.ts'

const Msg = z.object({ msg: z.string() })
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
      { limit: 'logout' },
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
        responses: {
          200: jsonContent(Msg, 'Senha redefinida; todas as sessões foram encerradas.'),
        },
      },
      { limit: 'passwordSet' },
    ),
    async (c) => {
      const { token, password } = c.req.valid('json')
      return c.json({ msg: await resetPassword({ ctx: c.var.ctx, token, password }) }, 200)
    },
  )
  .openapi(
    defineRoute('N', {
      operationId: 'updateProfile',
      method: 'put',
      path: '/usuario/perfil/updateUser',
      tags: ['Conta'],
      summary: 'Atualizar nome, e-mail e telefone',
      request: jsonBody(ProfileInput),
      responses: { 200: jsonContent(z.object({ data: User }), 'Dados atualizados.') },
    }),
    async (c) => {
      const user = await requireUser(c)
      return c.json({ data: await updateProfile({ ctx: c.var.ctx, user, input: c.req.valid('json') }) }, 200)
    },
  )
  .openapi(
    defineRoute('N', {
      operationId: 'changePassword',
      method: 'post',
      path: '/usuario/perfil/updatePassword/',
      tags: ['Conta'],
      summary: 'Trocar a senha (as outras sessões são encerradas)',
      description: 'Erros acumulados em `errors.senha`, com as mensagens do formulário de senha.',
      request: jsonBody(PasswordChangeInput),
      responses: {
        200: jsonContent(z.object({ data: z.string() }), 'A mensagem de sucesso em `data`.'),
      },
    }),
    async (c) => {
      const user = await requireUser(c)
      return c.json({ data: await changePassword({ ctx: c.var.ctx, user, input: c.req.valid('json') }) }, 200)
    },
  )
