/**
 * Loads a module of worker/contract (its zod schemas) for `apiParsed`, on demand: zod and the
 * schemas stay out of the first load. (zod's set-up for the browser is in lib/zod.ts.)
 */
export function loadContract<T>(load: () => Promise<T>): Promise<T> {
  return load()
}
