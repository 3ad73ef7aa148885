import { createConfig, lintFromString } from '@redocly/openapi-core'
import { describe, expect, it } from 'vitest'
import { baseURL } from '../support/e2e/stack.ts'

/** The one path the SPEC gives with a trailing slash (section 7); kept exactly as written. */
const SPEC_TRAILING_SLASH = '/usuario/perfil/updatePassword/'

describe('the served OpenAPI document', () => {
  it("passes Redocly's recommended rules", async () => {
    const source = await (await fetch(`${baseURL}/api/openapi.json`)).text()
    const config = await createConfig({ extends: ['recommended'] })
    const problems = await lintFromString({ source, absoluteRef: 'openapi.json', config })
    const errors = problems.filter(
      (problem) =>
        problem.severity === 'error' &&
        !(
          problem.ruleId === 'no-path-trailing-slash' &&
          problem.location.some((l) => l.pointer === `#/paths/${SPEC_TRAILING_SLASH.replace(/\//g, '~1')}`)
        ),
    )
    const warnings = problems.filter((problem) => problem.severity === 'warn')
    console.log(`Redocly (recommended): ${errors.length} erros, ${warnings.length} avisos`)
    for (const w of warnings)
      console.log(`  aviso ${w.ruleId} ${w.location.map((l) => l.pointer).join(' ')}: ${w.message}`)
    expect(
      errors.map((e) => `${e.ruleId} ${e.location.map((l) => l.pointer).join(' ')}: ${e.message}`),
    ).toEqual([])
  })
})
