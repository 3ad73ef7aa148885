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
import { clearSessionCookie, currentUser, setSessionCookie } from '../middleware/auth.ts'
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
import { json, operation, routesOf } from './operation.ts'

const TAGS = ['Conta']

export const authRoutes = routesOf(
  operation({
    operationId: 'logIn',
    route: 'POST /login',
    role: 'none',
    tags: TAGS,
    summary: 'Entrar com e-mail e senha',
    description:
      '422 `Usuário ou senha incorreta`; a 6ª falha em um minuto para o mesmo e-mail e IP responde 429 sem calcular hash.',
    body: LoginInput,
    answers: json(200, User, 'O usuário; a sessão vai no cookie HttpOnly.'),
    limit: 'service',
    run: async ({ c, ctx, input }) => {
      const { user, sessionToken } = await logIn({ ctx, input, userAgent: c.req.header('user-agent') })
      setSessionCookie(c, sessionToken)
      return user
    },
  }),
  operation({
    operationId: 'logOut',
    route: 'POST /logout',
    role: 'none',
    tags: TAGS,
    summary: 'Sair: encerra a sessão no servidor',
    body: z.object({}).strict(),
    optionalBody: true,
    answers: json(200, z.object({ success: z.literal(true) }), 'Sessão encerrada (ou já não havia).'),
    unlimited: 'Só encerra a sessão de quem chama: nunca é recusada por frequência.',
    run: async ({ c, ctx }) => {
      const user = await currentUser(c)
      if (user) await endSession(ctx, user.sessionId)
      clearSessionCookie(c)
      return { success: true as const }
    },
  }),
  operation({
    operationId: 'registerUser',
    route: 'POST /user/create_user',
    role: 'none',
    tags: TAGS,
    summary: 'Criar conta de aluno (já entra logado)',
    body: RegisterInput,
    answers: json(200, z.object({ msg: z.string(), data: User }), 'Conta criada.'),
    limit: 'signUp',
    run: async ({ c, ctx, input }) => {
      const { user, sessionToken } = await register({ ctx, input, userAgent: c.req.header('user-agent') })
      setSessionCookie(c, sessionToken)
      return { msg: AUTH_MESSAGES.registered, data: user }
    },
  }),
  operation({
    operationId: 'requestPasswordReset',
    route: 'POST /password/email',
    role: 'none',
    tags: TAGS,
    summary: 'Pedir o link de redefinição de senha por e-mail',
    description: 'E-mail desconhecido: 422 `Não encontramos seu e-mail em nossa base de dados!`.',
    body: ResetRequestInput,
    answers: json(200, Msg, 'Link enviado.'),
    limit: 'passwordResetPerIp',
    run: async ({ ctx, input }) => ({ msg: await requestPasswordReset({ ctx, email: input.email }) }),
  }),
  operation({
    operationId: 'resetPassword',
    route: 'POST /api/auth/reset-password',
    role: 'none',
    tags: TAGS,
    summary: 'Definir nova senha com o link recebido (uso único, expira em 1 hora)',
    description:
      'O link prova o e-mail: a conta passa a ver as compras feitas com ele. `desvincular` remove as redes sociais escolhidas.',
    body: ResetPasswordInput,
    answers: json(200, Msg, 'Senha redefinida; todas as sessões foram encerradas.'),
    limit: 'passwordSet',
    run: async ({ ctx, input: { token, password, desvincular } }) => ({
      msg: await resetPassword({ ctx, token, password, unlink: desvincular }),
    }),
  }),
  operation({
    operationId: 'resetPasswordAccount',
    route: 'POST /api/auth/reset-password/conta',
    role: 'none',
    tags: TAGS,
    summary: 'A conta de um link de redefinição: o e-mail e as redes sociais vinculadas',
    body: ResetAccountInput,
    answers: json(
      200,
      z.object({ email: z.string(), providers: z.array(LinkedProvider) }),
      'Para a página de redefinição oferecer desvincular as redes sociais.',
    ),
    limit: 'passwordSet',
    run: ({ ctx, input }) => resetAccount({ ctx, token: input.token }),
  }),
  operation({
    operationId: 'updateProfile',
    route: 'PUT /usuario/perfil/updateUser',
    role: 'N',
    tags: TAGS,
    summary: 'Atualizar nome e telefone; pedir a troca do e-mail',
    description:
      'Nome e telefone mudam na hora. Um e-mail novo só vale depois de aberto o link enviado a ele; o endereço antigo é avisado e `msg` diz isso.',
    body: ProfileInput,
    answers: json(
      200,
      z.object({ data: User, msg: z.string().optional() }),
      'Dados atualizados (o e-mail, só depois da confirmação).',
    ),
    limit: 'service',
    run: async ({ ctx, user, input }) => {
      const { user: data, msg } = await updateProfile({ ctx, user, input })
      return { data, ...(msg ? { msg } : {}) }
    },
  }),
  operation({
    operationId: 'changePassword',
    route: 'POST /usuario/perfil/updatePassword/',
    role: 'N',
    tags: TAGS,
    summary: 'Trocar a senha (todas as sessões são encerradas; este navegador recebe uma nova)',
    description:
      'Erros acumulados em `errors.senha`, com as mensagens do formulário de senha. A primeira senha de uma conta cujo e-mail não foi confirmado pede `codigo`, enviado por `POST /api/usuario/conta/codigo`.',
    body: PasswordChangeInput,
    answers: json(200, z.object({ data: z.string() }), 'A mensagem de sucesso em `data`.'),
    limit: 'service',
    run: async ({ c, ctx, user, input }) => {
      const { msg, sessionToken } = await changePassword({
        ctx,
        user,
        input,
        userAgent: c.req.header('user-agent'),
      })
      setSessionCookie(c, sessionToken)
      return { data: msg }
    },
  }),
)
