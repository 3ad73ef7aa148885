// What the worker project's global setup (Node) hands to the tests (workerd) through `provide`.
declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string
    contractCollectorUrl: string
    /** The e-mail API stand-in and the database's fault switch (tests/support/worker/outside-world.ts). */
    outsideWorldUrl: string
    /** The Pagar.me sandbox (scripts/pagarme-sandbox): PAGARME_API_URL of the worker tests. */
    pagarmeApiUrl: string
    /** The sandbox's webhook key set: PAGARME_WEBHOOK_JWKS_URL of the worker tests. */
    pagarmeJwksUrl: string
    /** The Focus NFe stand-in (scripts/focus-nfe-sandbox): FOCUS_NFE_API_URL of the worker tests. */
    focusNfeApiUrl: string
    /** The PDF Worker's bundle (scripts/lib/pdf-worker.ts): an auxiliary Worker of the tests. */
    pdfWorkerDir: string
  }
}

export {}
