// The app is written against React's API and runs on Preact through its compatibility layer
// (README, Design decisions: a third of the first load's weight). Every build and test that
// compiles the web app resolves React's modules here; wrangler.toml's [alias] says the same for
// the Worker's bundle, which renders the pages.
import type { Alias } from 'vite'

export const REACT_ON_PREACT: Alias[] = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react$/, replacement: 'preact/compat' },
]
