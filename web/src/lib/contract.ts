let configured: Promise<void> | undefined

/**
 * Loads a module of worker/contract (its zod schemas) for `apiParsed`. The browser parses each
 * answer once, so zod's JIT — it compiles a parser per object schema on the first parse, about
 * 25 ms for a course and four times that on a phone — costs more than it saves: it is turned
 * off here, once, before the first parse. Results are the same either way.
 */
export function loadContract<T>(load: () => Promise<T>): Promise<T> {
  configured ??= import('zod').then((z) => {
    z.config({ jitless: true })
  })
  return Promise.all([configured, load()]).then(([, module]) => module)
}
