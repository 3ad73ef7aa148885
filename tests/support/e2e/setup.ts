import { afterAll, expect } from 'vitest'
import { takeHydrationErrors } from './browser.ts'
import { baseURL } from './stack.ts'

// The contract test's verdict on this file's traffic: every API exchange the browser made went
// through the validating proxy of the global setup; a response the document does not describe,
// or a 2xx to a request it calls invalid, fails the file.
afterAll(async () => {
  const { problems } = (await (await fetch(`${baseURL}/__contract`)).json()) as {
    problems: string[]
  }
  expect(problems, 'trocas fora do contrato OpenAPI').toEqual([])
})

// React reports a page it could not hydrate as the Worker rendered it: any such report fails the file.
afterAll(() => {
  expect(takeHydrationErrors(), 'páginas que o React não conseguiu hidratar').toEqual([])
})
