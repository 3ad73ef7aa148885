import { z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { html, raw } from 'hono/html'
import type { AppBindings } from '../context.ts'
import { UNAVAILABLE_MESSAGE } from '../contract/unavailable.ts'
import { PROVIDER_LABELS, SOCIAL_PROVIDERS } from '../domain/social.ts'
import { AppError, dependencyFailure } from '../errors.ts'
import { currentUser, isPlainLocalhost, setSessionCookie } from '../middleware/auth.ts'
import { localOnly } from '../middleware/local-only.ts'
import { allowInlineScripts } from '../middleware/security-headers.ts'
import { newApp } from '../openapi.ts'
import {
  finishSocialLogin,
  grantSandboxConsent,
  OAUTH_COOKIE,
  OAUTH_TTL_SECONDS,
  SOCIAL_MESSAGES,
  startSocialLogin,
} from '../services/auth/social.ts'
import { htmlContent as htmlPage, operation, register, response } from './operation.ts'

type Result = {
  type: 'social-login'
  status: 'ok' | 'error'
  new_user: boolean
  message?: string
  /** The provider was linked to the signed-in account (Meu perfil), no login happened. */
  linked?: true
}

/**
 * The page the popup ends on: it tells the opener through BroadcastChannel and an
 * origin-checked postMessage (a Cross-Origin-Opener-Policy would cut window.opener), then closes.
 */
function resultPage(c: Context<AppBindings>, result: Result) {
  const data = JSON.stringify(result).replace(/</g, '\\u003c')
  const text =
    result.status === 'ok' ? 'Login concluído. Esta janela vai fechar.' : (result.message ?? 'Erro ao logar')
  const script = `(function(){var m=${data};
try{var ch=new BroadcastChannel('renalis-auth');ch.postMessage(m);ch.close()}catch(e){}
try{if(window.opener)window.opener.postMessage(m,location.origin)}catch(e){}
setTimeout(function(){window.close()},400)})()`
  // The Content-Security-Policy lets this script, and only it, run (by its hash).
  allowInlineScripts(c, [script])
  return c.html(
    html`<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Login social</title>
<style>body{font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:90vh;color:#12343b;margin:0}p{max-width:28rem;text-align:center;padding:1rem}</style></head>
<body><p role="status">${text}</p><script>${raw(script)}</script></body></html>`,
    200,
    { 'Cache-Control': 'no-store' },
  )
}

/** The signed state + PKCE cookie of one login or link flow, read back only by the callback. */
export function setOAuthCookie(c: Context<AppBindings>, cookie: string) {
  setCookie(c, OAUTH_COOKIE, cookie, {
    httpOnly: true,
    secure: !isPlainLocalhost(c.req.url),
    sameSite: 'Lax',
    path: '/oauth',
    maxAge: OAUTH_TTL_SECONDS,
  })
}

/** What the test provider's consent page receives, and sends back with the person's name and e-mail. */
const SandboxAuthorization = {
  provider: z.enum(SOCIAL_PROVIDERS),
  state: z.string().max(512),
  code_challenge: z.string().max(128),
}

const app = newApp()
// The test login provider exists only locally.
app.use('/oauth/sandbox/*', localOnly)

export const socialRoutes = register(
  app,
  operation({
    operationId: 'startSocialLogin',
    route: 'GET /redirect',
    role: 'none',
    tags: ['Conta'],
    summary: 'Início do login social na janela popup (Google, Facebook; Instagram indisponível)',
    description:
      'Redireciona ao provedor com state e PKCE num cookie HttpOnly assinado que vale 10 minutos. ' +
      'Vincular uma rede social à conta começa em `POST /api/usuario/conta/vincular` (pede a senha).',
    query: z
      .object({
        login: z.enum(['google', 'facebook', 'instagram'], { error: 'Provedor de login inválido.' }),
      })
      .strict(),
    answers: response({
      302: { description: 'Para o provedor.' },
      200: htmlPage('Página de erro que avisa a janela principal.'),
    }),
    run: async ({ c, ctx, query: { login } }) => {
      if (login === 'instagram') {
        return resultPage(c, {
          type: 'social-login',
          status: 'error',
          new_user: false,
          message: SOCIAL_MESSAGES.instagram,
        })
      }
      try {
        const { url, cookie } = await startSocialLogin({ ctx, provider: login })
        setOAuthCookie(c, cookie)
        return c.redirect(url, 302)
      } catch (error) {
        const message = error instanceof AppError ? error.message : SOCIAL_MESSAGES.failed
        return resultPage(c, { type: 'social-login', status: 'error', new_user: false, message })
      }
    },
  }),
  operation({
    operationId: 'finishSocialLogin',
    route: 'GET /oauth/{provider}/callback',
    role: 'none',
    tags: ['Conta'],
    summary: 'Retorno do provedor: confere o state, troca o código e abre a sessão',
    params: z.object({ provider: z.enum(['google', 'facebook']) }),
    query: z.object({
      code: z.string().max(2048).optional(),
      state: z.string().max(512).optional(),
      error: z.string().max(200).optional(),
      error_description: z.string().max(500).optional(),
    }),
    answers: response({ 200: htmlPage('Página de resultado que avisa a janela principal e fecha.') }),
    run: async ({ c, ctx, params: { provider }, query: { code, state } }) => {
      const cookie = getCookie(c, OAUTH_COOKIE)
      // The state cookie is used once, whatever happens next.
      deleteCookie(c, OAUTH_COOKIE, { path: '/oauth', secure: !isPlainLocalhost(c.req.url) })
      try {
        if (!code || !state) throw new AppError('BAD_REQUEST', SOCIAL_MESSAGES.failed)
        const result = await finishSocialLogin({
          ctx,
          provider,
          code,
          state,
          cookie,
          userAgent: c.req.header('user-agent'),
          currentUserId: (await currentUser(c))?.id ?? null,
        })
        if (result.sessionToken) setSessionCookie(c, result.sessionToken)
        return resultPage(c, {
          type: 'social-login',
          status: 'ok',
          new_user: result.newUser,
          ...('linked' in result ? { linked: true as const } : {}),
        })
      } catch (error) {
        // The popup says so when the provider or the database did not answer: try again shortly.
        const message =
          error instanceof AppError
            ? error.message
            : dependencyFailure(error)
              ? UNAVAILABLE_MESSAGE
              : SOCIAL_MESSAGES.failed
        return resultPage(c, { type: 'social-login', status: 'error', new_user: false, message })
      }
    },
  }),
  operation({
    operationId: 'showSandboxConsent',
    route: 'GET /oauth/sandbox/authorize',
    role: 'none',
    tags: ['Desenvolvimento'],
    summary: 'Provedor de login de teste (somente local): pede nome e e-mail',
    query: z.object({
      ...SandboxAuthorization,
      code_challenge_method: z.literal('S256').optional(),
    }),
    answers: response({ 200: htmlPage('Formulário do provedor de teste.') }),
    run: ({ c, query: { provider, state, code_challenge } }) => {
      const label = PROVIDER_LABELS[provider]
      return c.html(html`<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Provedor de teste — ${label}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;padding:1rem;color:#12343b}form{display:grid;gap:.5rem;max-width:24rem}label{font-weight:600}input{padding:.5rem;border:1px solid #6b7280;border-radius:6px}button{padding:.6rem;background:#0f766e;color:#fff;border:0;border-radius:6px;font-weight:600}small{color:#4b5563}</style></head>
<body><h1 style="font-size:1.1rem">Entrar com ${label} (provedor de teste, somente local)</h1>
<form method="post" action="/oauth/sandbox/authorize">
<input type="hidden" name="provider" value="${provider}"><input type="hidden" name="state" value="${state}"><input type="hidden" name="code_challenge" value="${code_challenge}">
<label for="name">Nome</label><input id="name" name="name" required minlength="3" autocomplete="name" value="Pessoa de Teste">
<label for="email">E-mail</label><input id="email" name="email" type="email" required autocomplete="email">
<button type="submit">Entrar</button><small>Nenhum serviço externo é chamado: este provedor existe só no ambiente local.</small>
</form></body></html>`)
    },
  }),
  operation({
    operationId: 'grantSandboxConsent',
    route: 'POST /oauth/sandbox/authorize',
    role: 'none',
    tags: ['Desenvolvimento'],
    summary: 'Consentimento no provedor de teste (somente local): volta ao callback com um código',
    form: z.object({
      ...SandboxAuthorization,
      name: z.string().trim().min(3, { error: 'Informe seu nome.' }).max(120),
      email: z.email({ error: 'Informe um e-mail válido.' }),
    }),
    formEncoding: 'urlencoded',
    answers: response({ 302: { description: 'Para /oauth/{provider}/callback.' } }),
    limit: 'sandboxConsent',
    run: ({ c, ctx, form }) => {
      const code = grantSandboxConsent({
        ctx,
        provider: form.provider,
        name: form.name,
        email: form.email,
        codeChallenge: form.code_challenge,
      })
      const callback = new URL(`/oauth/${form.provider}/callback`, c.req.url)
      callback.searchParams.set('code', code)
      callback.searchParams.set('state', form.state)
      return c.redirect(callback.pathname + callback.search, 302)
    },
  }),
)
