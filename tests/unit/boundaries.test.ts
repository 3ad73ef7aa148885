import { execFile } from 'node:child_process'
import { rm, writeFile } from 'node:fs/promises'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { root } from '../../scripts/lib/stack.ts'

const run = promisify(execFile)

/** Lints a throw-away file placed in `folder` and answers the import rules it breaks. */
async function brokenImportRules(
  folder: string,
  source: string,
  extension: 'ts' | 'tsx' = 'ts',
): Promise<string[]> {
  const path = `${folder}/lint-probe-${process.pid}-${Date.now()}.${extension}`
  await writeFile(`${root}${path}`, source)
  try {
    const { stdout } = await run(`${root}node_modules/.bin/biome`, ['lint', '--reporter=json', path], {
      cwd: root,
    }).catch((error: { stdout: string }) => ({ stdout: error.stdout }))
    const report = JSON.parse(stdout) as { diagnostics: Array<{ category: string; message: string }> }
    return report.diagnostics
      .filter((d) => d.category === 'lint/style/noRestrictedImports')
      .map((d) => d.message)
  } finally {
    await rm(`${root}${path}`, { force: true })
  }
}

/**
 * A file that imports one thing from each of `modules` and exports them (`import { a } from '…'`
 * line by line, then `export const b = a`, or `export const c = [a, b]`…).
 */
function importing(...modules: string[]): string {
  const names = modules.map((_, index) => String.fromCharCode(97 + index))
  const imports = modules.map((module, index) => `import { ${names[index]} } from '${module}'\n`).join('')
  const exported = names.length === 1 ? names[0] : `[${names.join(', ')}]`
  return `${imports}export const ${String.fromCharCode(97 + names.length)} = ${exported}\n`
}

// STYLE: routes → services → domain + db; adapters are called by services; web shares the contract.
describe('dependency rule, enforced by the linter', () => {
  it('fails a service that imports from routes, middleware or the OpenAPI layer', async () => {
    const rules = await brokenImportRules(
      'worker/services',
      importing('../routes/auth.ts', '../middleware/auth.ts', '../openapi.ts'),
    )
    expect(rules).toHaveLength(3)
  })

  it('lets a service use the domain, the contract and its adapters', async () => {
    const rules = await brokenImportRules(
      'worker/services',
      importing('../domain/roles.ts', '../contract/auth.ts', '../adapters/email.ts'),
    )
    expect(rules).toEqual([])
  })

  it('fails an adapter that reaches services or the database, and a domain rule that reaches anything (the contract included)', async () => {
    expect(await brokenImportRules('worker/adapters', importing('../services/menu/menu.ts'))).toHaveLength(1)
    expect(await brokenImportRules('worker/domain', importing('../services/menu/menu.ts'))).toHaveLength(1)
    expect(await brokenImportRules('worker/domain', importing('../contract/cart.ts'))).toHaveLength(1)
  })

  it('lets web/ import the contract and the domain, never services or the database', async () => {
    expect(
      await brokenImportRules(
        'web/src',
        importing('../../worker/contract/cart.ts', '../../worker/domain/catalog.ts'),
      ),
    ).toEqual([])
    expect(
      await brokenImportRules(
        'web/src',
        importing('../../worker/services/menu/menu.ts', '../../db/schema.ts'),
      ),
    ).toHaveLength(2)
  })

  // Issue 23, item 6: every folder has its rule.
  it('fails db/ that reaches a service or the web, and lets it use the domain and the contract', async () => {
    expect(
      await brokenImportRules('db', importing('../worker/services/menu/menu.ts', '../web/src/lib/money.ts')),
    ).toHaveLength(2)
    expect(
      await brokenImportRules(
        'db',
        importing('../worker/domain/password.ts', '../worker/domain/institute.ts'),
      ),
    ).toEqual([])
  })

  it('fails a Durable Object, a middleware or a page render that reaches the HTTP layer or the database', async () => {
    expect(await brokenImportRules('worker/durable', importing('../routes/auth.ts'))).toHaveLength(1)
    expect(
      await brokenImportRules(
        'worker/middleware',
        "import { a } from '../routes/auth.ts'\nimport { sql } from 'drizzle-orm'\nexport const b = [a, sql]\n",
      ),
    ).toHaveLength(2)
    expect(
      await brokenImportRules('worker/ssr', importing('../adapters/email.ts', '../../db/schema.ts')),
    ).toHaveLength(2)
    expect(await brokenImportRules('worker/middleware', importing('../services/auth/sessions.ts'))).toEqual(
      [],
    )
  })

  it('fails a shared component that imports a feature or the site frame', async () => {
    expect(
      await brokenImportRules(
        'web/src/components',
        importing('../features/cart/cart-button.tsx', '../layout/site-header.tsx'),
      ),
    ).toHaveLength(2)
    expect(
      await brokenImportRules(
        'web/src/components',
        importing('../lib/money.ts', '../../../worker/domain/catalog.ts'),
      ),
    ).toEqual([])
  })

  // Issue 23, item 7: one way to fetch in the web.
  it("fails a component that calls lib/api itself, and lets it use its feature's queries and ApiError", async () => {
    const fetches = "import { ApiError, api } from '../../lib/api.ts'\nexport const c = [ApiError, api]\n"
    for (const folder of ['web/src/features/cart', 'web/src/features/admin']) {
      const rules = await brokenImportRules(folder, fetches, 'tsx')
      expect(rules).toHaveLength(1)
      expect(rules[0]).toContain('*.queries.ts / *.mutations.ts')
    }
    expect(
      await brokenImportRules(
        'web/src/components',
        "import { apiParsed } from '../lib/api.ts'\nexport const c = apiParsed\n",
        'tsx',
      ),
    ).toHaveLength(1)
    expect(
      await brokenImportRules(
        'web/src/features/cart',
        "import { ApiError } from '../../lib/api.ts'\nimport { cartQuery } from './cart.queries.ts'\nexport const c = [ApiError, cartQuery]\n",
        'tsx',
      ),
    ).toEqual([])
    // The feature's query and mutation modules are where the calls live.
    expect(await brokenImportRules('web/src/features/cart', fetches)).toEqual([])
  })
})
