// What the worker project's global setup (Node) hands to the tests (workerd) through `provide`.
declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string
    contractCollectorUrl: string
  }
}

export {}
