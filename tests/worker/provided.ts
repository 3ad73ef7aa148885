// What the worker project's global setup (Node) hands to the tests (workerd) through `provide`.
declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string
    contractCollectorUrl: string
    /** The e-mail API stand-in and the database's fault switch (tests/worker/outside-world.ts). */
    outsideWorldUrl: string
  }
}

export {}
