import { Scalar } from '@scalar/hono-api-reference'
import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { secureHeaders } from 'hono/secure-headers'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { configurationVerdict, publicOrigin } from './config.ts'
import { type AppBindings, type AppContext, contextMiddleware } from './context.ts'
import { RETRY_AFTER_SECONDS } from './contract/unavailable.ts'
import { INSTITUTE } from './domain/institute.ts'
import { ANY_BODY_MAX_BYTES } from './domain/uploads.ts'
import { AppError, dependencyFailure, statusOf, unavailable } from './errors.ts'
import { CURRENT_USER_PATH, guardAreas, sameOriginWrites } from './middleware/auth.ts'
import { localOnly } from './middleware/local-only.ts'
import { pageWish } from './middleware/navigation.ts'
import {
  allowEval,
  allowInlineScripts,
  contentSecurityPolicyHeader,
  inlineScriptsIn,
  privacyHeaders,
} from './middleware/security-headers.ts'
import { type App, limitBody, newApp, serveOpenApiDocument } from './openapi.ts'
import { addressRoutes } from './routes/address.ts'
import { cartRoutes } from './routes/cart.ts'
import { catalogRoutes } from './routes/catalog.ts'
import { contactRoutes } from './routes/contact.ts'
import { contentRoutes } from './routes/content.ts'
import { fileRoutes } from './routes/files.ts'
import { i18nRoutes } from './routes/i18n.ts'
import { menuRoutes } from './routes/menu.ts'
import { reminderRoutes } from './routes/reminders.ts'
import { searchRoutes } from './routes/search.ts'
import { seoRoutes } from './routes/seo.ts'
import { sessionRoutes } from './routes/session.ts'
import { showcaseRoutes } from './routes/showcase.ts'
import { systemRoutes } from './routes/system.ts'
import { respondWithPage } from './ssr/pages.ts'

const app = newApp()

/** The local stack's tools: the mailbox, the sandbox's 'Simular pagamento', the seed's helpers. */
const LOCAL_TOOLS = ['/dev/*', '/api/dev/*', '/api/sandbox/*'] as const

const MISCONFIGURED_MESSAGE = 'O site está temporariamente indisponível. Tente novamente mais tarde.'

app.use('*', secureHeaders({ crossOriginOpenerPolicy: false }))
app.use('*', contentSecurityPolicyHeader)
app.use('*', privacyHeaders)
app.use('*', contextMiddleware)
// A deployment (APP_ENV other than 'local' or 'test') serves nothing until its configuration
// passes the check (worker/config.ts, worked out and logged once per isolate): every answer is a
// 503 `{msg}`. Only the liveness ping, which touches nothing and tells nothing, still answers.
app.use('*', async (c, next) => {
  if (c.req.path !== '/api/ping' && configurationVerdict(c.env).length) {
    throw unavailable(MISCONFIGURED_MESSAGE)
  }
  await next()
})
// No request is larger than the largest upload; each operation then applies its own limit.
app.use('*', limitBody(ANY_BODY_MAX_BYTES))
app.use('*', sameOriginWrites)
app.use('*', guardAreas)
// The local stack's tools answer nothing elsewhere, before any of them is built (their area, and
// the conference's and live questions' /api/dev operations).
for (const path of LOCAL_TOOLS) app.use(path, localOnly)
// Who the visitor is, and the menu of their role: every page asks (pages themselves are shared,
// worker/ssr), and no cache between us and the browser may keep one visitor's answer.
for (const path of [CURRENT_USER_PATH, '/api/menu']) {
  app.use(path, async (c, next) => {
    await next()
    c.header('Cache-Control', 'private, no-store')
    c.header('Vary', 'Cookie')
  })
}

app
  .route('/', systemRoutes)
  .route('/', showcaseRoutes)
  .route('/', menuRoutes)
  .route('/', catalogRoutes)
  .route('/', searchRoutes)
  .route('/', contentRoutes)
  .route('/', seoRoutes)
  .route('/', sessionRoutes)
  .route('/', fileRoutes)
  .route('/', cartRoutes)
  .route('/', addressRoutes)
  .route('/', contactRoutes)
  .route('/', i18nRoutes)
  .route('/', reminderRoutes)

/**
 * Areas built on the first request an isolate receives under one of their paths, not when it
 * starts: a visitor's cold start never pays for the contracts and routes of the student's area,
 * signing in, the conference's live side, the short links, the payments', the admin's or the
 * local stack's tools (issue 42, decision 025). Each is an app of its own, answered like this
 * one (the request's context, errors, 404 and 405), and its routes join the OpenAPI document. A
 * path this app declares itself is answered here first; every other path an area's patterns match
 * (Hono's: `/x/*` is /x and below) is the area's (tests/worker/system.test.ts checks that each
 * area's routes lie under its own patterns and no other's).
 */
export const AREAS = [
  {
    name: 'admin',
    paths: ['/api/admin/*'],
    build: lazyArea(async () => (await import('./routes/admin/index.ts')).adminRoutes),
  },
  {
    name: 'student',
    paths: [
      '/api/usuario/*',
      '/api/conta/*',
      '/api/certificados/*',
      '/download/*',
      // The SPEC's call beside its pages (/usuario/editais/mensalidade/7 is a page, not the area's).
      '/usuario/editais/mensalidade',
      '/search/planos',
      '/.well-known/jwks.json',
    ],
    build: lazyArea(async () => (await import('./routes/student-area.ts')).studentAreaRoutes),
  },
  {
    // Signing in, up and out, the password, the profile, social sign-in (who the visitor is, which
    // every page asks, stays at startup: routes/session.ts).
    name: 'sign-in',
    paths: [
      '/login',
      '/logout',
      '/user/create_user',
      '/password/email',
      '/api/auth/*',
      '/usuario/perfil/updateUser',
      '/usuario/perfil/updatePassword/',
      '/redirect',
      '/oauth/*',
    ],
    build: lazyArea(async () => (await import('./routes/sign-in-area.ts')).signInAreaRoutes),
  },
  {
    // The Jornada's live side: the talk's video, the attendance heartbeat, the live questions.
    name: 'conference',
    paths: ['/4a-jornada-multiprofissional/get/video_init', '/api/jornada/*'],
    build: lazyArea(async () => (await import('./routes/conference-area.ts')).conferenceAreaRoutes),
  },
  {
    // The QR codes' short links (a scan lands here, then on a page), kept with the admin's
    // contract for links they share.
    name: 'short links',
    paths: ['/l/*'],
    build: lazyArea(async () => (await import('./routes/short-links.ts')).shortLinkRoutes),
  },
  {
    name: 'payments',
    paths: ['/checkout/pagar', '/api/pedidos/*', '/api/payments/*', '/webhooks/*'],
    build: lazyArea(async () => (await import('./routes/payment-area.ts')).paymentAreaRoutes),
  },
  {
    // The local stack's tools (the mailbox, the sandbox's 'Simular pagamento', the seed's
    // certificates): refused outside it (localOnly), and never part of a deployment's start.
    name: 'development',
    paths: LOCAL_TOOLS,
    build: lazyArea(async () => (await import('./routes/dev.ts')).devRoutes),
  },
] as const

/** Every route of the Worker, the lazily built areas' included (for the tests that walk them). */
export async function everyRoute() {
  const handOvers = new Set<string>(AREAS.flatMap((area) => area.paths))
  const areas = await Promise.all(AREAS.map((area) => area.build()))
  return [...app.routes, ...areas.flatMap((area) => area.routes)].filter(
    (route) => !(route.method === 'ALL' && handOvers.has(route.path)),
  )
}

// Built on its first request and kept (worker/openapi.ts): nothing of it at startup.
serveOpenApiDocument(
  app,
  AREAS.map((area) => area.build),
  '/api/openapi.json',
  (c) => {
    const origin = publicOrigin(c.env)
    return {
      openapi: '3.1.0',
      info: {
        title: 'Instituto Renalis — API da loja e do portal de ensino',
        version: '1.0.0',
        description:
          'Cada operação declara em `security` se precisa do cookie de sessão e em `x-required-role` o papel exigido: ' +
          '`none` (público), `N` (aluno ou administrador) ou `A` (administrador). Valores em dinheiro são inteiros em centavos. ' +
          'Um método que o endereço não aceita responde 405 com o cabeçalho `Allow`.',
        contact: { name: INSTITUTE.fullName, email: INSTITUTE.emails.contact, url: `${origin}/contato` },
        license: { name: 'Uso restrito ao Instituto Renalis', url: `${origin}/politicas-de-privacidade` },
      },
      servers: [{ url: new URL(c.req.url).origin }],
    }
  },
)
// The reference page's script is served from our own assets: nothing is fetched from a CDN.
const apiReference = Scalar<AppBindings>({
  url: '/api/openapi.json',
  cdn: '/vendor/scalar/standalone.js',
  pageTitle: 'API',
  favicon: '/img/favicon.svg',
  // Nothing from outside either: system fonts, and no agent (it queries Scalar's registry).
  withDefaultFonts: false,
  agent: { disabled: true },
})
app.get('/api/docs', async (c, next) => {
  const response = await apiReference(c, next)
  if (!response) return c.notFound()
  // The page starts Scalar from an inline script of the library's own, fixed by the options
  // above (nothing from the request): the policy lets exactly that script run. Scalar's own
  // copy of zod probes `new Function` (and compiles validators with it when allowed): this
  // page alone, which shows nothing but our OpenAPI document, may evaluate code.
  allowInlineScripts(c, inlineScriptsIn(await response.clone().text()))
  allowEval(c)
  return response
})

answerLikeTheSite(app)
// After this app's own routes and their 405s: a path an area's patterns match is the area's.
for (const area of AREAS) {
  for (const pattern of area.paths) {
    app.all(pattern, async (c) => {
      const built = await area.build()
      contexts.set(c.req.raw, c.var.ctx)
      return built.fetch(c.req.raw, c.env, executionContextOf(c))
    })
  }
}

/** What every app of the Worker does after its routes: 405 for a known path, 404, the error shapes. */
function answerLikeTheSite(target: App) {
  // A known path with the wrong method answers 405, not 404.
  const methodsByPath = new Map<string, Set<string>>()
  for (const route of target.routes) {
    if (route.method === 'ALL') continue
    const methods = methodsByPath.get(route.path) ?? new Set<string>()
    methods.add(route.method)
    methodsByPath.set(route.path, methods)
  }
  for (const [path, methods] of methodsByPath) {
    target.all(path, (c) =>
      pageOr(c, () => {
        c.header('Allow', [...methods, ...(methods.has('GET') ? ['HEAD'] : [])].join(', '))
        return c.json({ msg: 'Método não permitido para este endereço.' }, 405)
      }),
    )
  }
  target.notFound((c) => pageOr(c, () => c.json({ msg: 'Endereço não encontrado.' }, 404)))
  target.onError((error, c) => respondToError(error, c))
}

/** The request's context, handed from this app to the area that answers the request. */
const contexts = new WeakMap<Request, AppContext>()

/** An area's routes as an app of its own, built once, on the first call (again after a failure). */
function lazyArea(routes: () => Promise<App>) {
  let built: Promise<App> | undefined
  return () => {
    if (built) return built
    built = routes().then((loaded) => {
      const area = newApp()
      area.use('*', async (c, next) => {
        c.set('ctx', contexts.get(c.req.raw) as AppContext)
        await next()
      })
      area.route('/', loaded)
      answerLikeTheSite(area)
      return area
    })
    // A failed build is tried again by the next request.
    built.catch(() => {
      built = undefined
    })
    return built
  }
}

/**
 * A page for whoever asks for one, or accepts anything on a path that is a page (curl, uptime
 * monitors, link previews send `*\/*` or no Accept); the API's answer for everyone else.
 */
function pageOr(c: Context<AppBindings>, apiAnswer: () => Response | Promise<Response>) {
  const wish = pageWish(c)
  if (wish === 'none') return apiAnswer()
  // The page rendered with its data; its API calls are answered by this app, in-process.
  return respondWithPage(
    c,
    (request) => Promise.resolve(app.fetch(request, c.env, executionContextOf(c))),
    wish === 'any' ? apiAnswer : undefined,
  )
}

function executionContextOf(c: Context<AppBindings>): Parameters<typeof app.fetch>[2] {
  try {
    return c.executionCtx
  } catch {
    return undefined // app.request() in tests
  }
}

function respondToError(error: Error, c: Context<AppBindings>) {
  if (error instanceof AppError) {
    const status = statusOf(error.code)
    // A 503 is temporary by definition: the client may send the same request again after this.
    const retryAfter =
      error.retryAfterSeconds ?? (error.code === 'UNAVAILABLE' ? RETRY_AFTER_SECONDS : undefined)
    if (retryAfter) c.header('Retry-After', String(retryAfter))
    if (error.code === 'UNAUTHENTICATED') return c.json({ message: 'Unauthenticated.' }, status)
    if (error.fields) return c.json({ message: error.message, errors: error.fields, ...error.extra }, status)
    return c.json({ msg: error.message, ...error.extra }, status)
  }
  if (error instanceof HTTPException) {
    // Hono's own refusals (malformed JSON, unsupported content type, body limit) are bad input.
    const status = error.status as ContentfulStatusCode
    const msg =
      status === 400 && /json/i.test(error.message)
        ? 'O corpo da requisição não é um JSON válido.'
        : status === 413
          ? 'O corpo da requisição é grande demais.'
          : 'Requisição inválida.'
    return c.json({ msg }, status >= 500 ? 400 : status)
  }
  const requestId = c.var.ctx?.requestId ?? 'sem-id'
  const failure = dependencyFailure(error)
  if (failure) {
    console.error(
      JSON.stringify({
        level: 'error',
        requestId,
        kind: 'dependency_unavailable',
        dependency: failure.dependency,
        reason: failure.reason,
        error: failure.message,
      }),
    )
    return respondToError(unavailable(), c)
  }
  console.error(JSON.stringify({ level: 'error', requestId, error: error.message, stack: error.stack }))
  return c.json({ msg: `Erro interno. Código de referência: ${requestId}` }, 500)
}

export { app }
