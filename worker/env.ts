import type { ConferenceClock } from './durable/conference-clock.ts'
import type { LoginLimiter } from './durable/login-limiter.ts'
import type { RateLimiter } from './durable/rate-limiter.ts'
import type { ConferenceAttendanceStub, LinkClicksStub, LiveRoomStub } from './durable/stubs.ts'
import type CertificatePdfWorker from './pdf/index.ts'

/** Bindings and configuration declared in wrangler.toml (vars) and set as secrets. */
export type Env = {
  ASSETS: Fetcher
  CARTS: KVNamespace
  TRANSLATIONS: KVNamespace
  CATALOG: KVNamespace
  FILES: R2Bucket
  /** The PDF Worker (worker/pdf, wrangler.pdf.toml): certificates drawn outside this Worker (decision 025). */
  CERTIFICATE_PDF: Service<CertificatePdfWorker>
  CONFERENCE_CLOCK: DurableObjectNamespace<ConferenceClock>
  /** The conference's attendance, aggregated from the viewers' heartbeats (flushed by alarm). */
  CONFERENCE_ATTENDANCE: DurableObjectNamespace<ConferenceAttendanceStub>
  /** One live room per talk (questions, votes, reactions over hibernating WebSockets; issue 44). */
  LIVE_ROOMS: DurableObjectNamespace<LiveRoomStub>
  LOGIN_LIMITER: DurableObjectNamespace<LoginLimiter>
  /** Exact abuse limits per client IP or account (worker/domain/limits.ts). */
  RATE_LIMITER: DurableObjectNamespace<RateLimiter>
  /** One click counter per short link /l/{code} (flushed to the database by alarm). */
  LINK_CLICKS: DurableObjectNamespace<LinkClicksStub>
  /** Approximate per-location limit for search (numbers in wrangler.toml). */
  SEARCH_RATE_LIMIT: RateLimit
  /** Approximate per-location limit for POST /api/translate (numbers in wrangler.toml). */
  TRANSLATION_RATE_LIMIT: RateLimit
  /**
   * 'local' under `npm start`, 'test' in the test suites: the two values that turn on the local
   * tools (dev mailbox, login provider stand-in, payment simulator, demo files; `isLocalEnv` in
   * worker/config.ts). Any other value ('production' in wrangler.toml, 'staging', …) is a
   * deployment: production behaviour, and the configuration check before the first request.
   */
  APP_ENV: string
  /** The site's one public origin (links, sitemap, canonical URLs, the live payment key). */
  PUBLIC_ORIGIN: string
  /**
   * 'pagarme': Pagar.me at PAGARME_API_URL. 'sandbox' (local only): the same adapter, against the
   * local sandbox that `npm start` and the tests start, with its "Simular pagamento" shortcut.
   */
  PAYMENT_GATEWAY: 'sandbox' | 'pagarme'
  /** Pagar.me Core API v5's base; default https://api.pagar.me/core/v5. */
  PAGARME_API_URL?: string
  /**
   * The Pagar.me account's contract, which decides the debit card's 3-D Secure flow
   * (worker/domain/three-ds.ts): 'psp' (the default) authenticates in the browser with Pagar.me's
   * 3DS library before the order; 'gateway' lets the acquirer authenticate and challenge.
   */
  PAGARME_ACCOUNT_TYPE?: string
  /**
   * Where the browser loads Pagar.me's 3DS library (a PSP account's debit card): the address of
   * Pagar.me's integration manual. Locally, unset, the sandbox's stand-in at its own origin.
   */
  PAGARME_3DS_SCRIPT_URL?: string
  DATABASE_URL: string
  DATABASE_AUTH_TOKEN?: string
  /**
   * Shorter deadlines than worker/adapters/deadline.ts's, as JSON (`{"database":800}`): the
   * fault-injection tests use it; production leaves it unset.
   */
  DEADLINES_MS?: string
  /** Signs short-lived tokens (OAuth state). At least 32 characters; a secret in production. */
  APP_SECRET: string
  GOOGLE_CLIENT_ID?: string
  GOOGLE_CLIENT_SECRET?: string
  FACEBOOK_CLIENT_ID?: string
  FACEBOOK_CLIENT_SECRET?: string
  /** E-mail API key (Resend-compatible) and sender, e.g. 'Instituto Renalis <nao-responda@…>'. */
  EMAIL_API_KEY?: string
  EMAIL_FROM?: string
  /** The e-mail API's `POST /emails` address; Resend's when unset (tests point it at a stand-in). */
  EMAIL_API_URL?: string
  PAGARME_SECRET_KEY?: string
  /** Public keys for the browser's tokenisation: live on the production origins, test elsewhere. */
  PAGARME_PUBLIC_KEY_LIVE?: string
  PAGARME_PUBLIC_KEY_TEST?: string
  /** Basic-auth credentials configured on the Pagar.me webhook (user:password). */
  PAGARME_WEBHOOK_AUTH?: string
  /**
   * Pagar.me's webhook key set (JWKS), https://hubapi.pagar.me/.well-known/jwks.json in
   * production. When set, every webhook must also carry a valid X-Webhook-Asymmetric-Signature
   * over its raw body (worker/adapters/payments/webhook-keys.ts); unset, Basic auth alone, which
   * only `local`/`test` accept (the configuration check refuses it anywhere else).
   */
  PAGARME_WEBHOOK_JWKS_URL?: string
  /** A test environment's own key-set host (its stand-in of Pagar.me), named explicitly; else hubapi.pagar.me. */
  PAGARME_WEBHOOK_JWKS_HOST?: string
  /**
   * The institute's external `/api/sendMsg` (SPEC section 7's alternative contact mode). When set,
   * contact messages are forwarded there instead of e-mailed through the outbox.
   */
  CONTACT_FORWARD_URL?: string
  /** Google Cloud Translation v2 key (a secret). Without it a sandbox translator answers. */
  TRANSLATE_API_KEY?: string
  /** Overrides the translation endpoint (a proxy, a recorded server in tests). */
  TRANSLATE_API_URL?: string
  /**
   * The CEP service (worker/adapters/cep.ts): ViaCEP's address by default outside local
   * development; locally, unset, a stand-in that knows a few CEPs of Curitiba.
   */
  CEP_API_URL?: string
  /**
   * The keys that sign certificates' credentials (issue 24): a JSON array of private JWKs (ES256,
   * each with its `kid`). The first signs; all are published at /.well-known/jwks.json, so a
   * rotation prepends a new key and keeps the old ones. A secret in production; `npm start` and
   * the tests generate one.
   */
  CERTIFICATE_SIGNING_KEYS?: string
  /**
   * Which player the lessons use off production (issue 39): unset, the local stand-in over the
   * demo video; 'youtube' tries YouTube's player locally. A deployment always plays YouTube's.
   */
  VIDEO_PLAYER?: string
  /**
   * The NFS-e of every sale (issue 43, decision 026): 'off' (the default) issues nothing; 'on'
   * issues through Focus NFe (production with a setting missing fails the configuration check).
   */
  FISCAL_ISSUANCE?: string
  /** 'payment' (the default): at payment; 'after_withdrawal': online items once their 7 days passed. */
  FISCAL_ISSUE_AT?: string
  /** Focus NFe's API origin: https://api.focusnfe.com.br (default), homologação, or the local stand-in. */
  FOCUS_NFE_API_URL?: string
  /** The company's Focus NFe token (a secret): HTTP Basic user, empty password. */
  FOCUS_NFE_TOKEN?: string
  /** The `authorization` registered with Focus NFe's gatilho (a secret): its webhooks carry it. */
  FOCUS_NFE_WEBHOOK_SECRET?: string
  /** The institute: CNPJ, inscrição municipal, IBGE code of its city (4106902, Curitiba). */
  FISCAL_CNPJ?: string
  FISCAL_MUNICIPAL_REGISTRATION?: string
  FISCAL_MUNICIPALITY_IBGE?: string
  /** Simples Nacional option of the DPS (opSimpNac): 1 não optante, 2 MEI, 3 ME/EPP. */
  FISCAL_TAX_REGIME?: string
  /** Código de tributação nacional (080201: ensino regular… instrução, treinamento) and the city's own. */
  FISCAL_NATIONAL_SERVICE_CODE?: string
  FISCAL_MUNICIPAL_SERVICE_CODE?: string
  /** ISS rate in percent ("2" to "5", e.g. "2.00"), and whether the taker retains it ("true"/"false"). */
  FISCAL_ISS_RATE?: string
  FISCAL_ISS_RETAINED?: string
  /** The DPS series (e.g. "1"). */
  FISCAL_SERIES?: string
}
