// The Worker sees the web app's page renderer through its contract only: its implementation
// (web/src/entry-server.tsx, bundled in by `#web/entry-server` in package.json "imports") is
// type-checked with the web project's settings.
import type { CreatePageRenderer } from '../contract/ssr.ts'

export declare const createPageRenderer: CreatePageRenderer
