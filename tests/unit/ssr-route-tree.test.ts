import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { BROWSER_TREE_FILE, SERVER_TREE_FILE, serverRouteTree } from '../../scripts/ssr-route-tree.ts'

describe("the Worker's route tree", () => {
  it('is made from the browser tree as it is now (regenerate with scripts/ssr-route-tree.ts, or npm run build)', async () => {
    expect(await readFile(SERVER_TREE_FILE, 'utf8')).toBe(
      serverRouteTree(await readFile(BROWSER_TREE_FILE, 'utf8')),
    )
  })

  it('holds every route of the browser tree, and the screens of the public pages only', async () => {
    const tree = await readFile(SERVER_TREE_FILE, 'utf8')
    const browser = await readFile(BROWSER_TREE_FILE, 'utf8')
    const routeNames = (text: string) => [...text.matchAll(/^const (\w+Route) = /gm)].map((match) => match[1])
    expect(routeNames(tree)).toEqual(routeNames(browser))
    expect(tree).toContain("import { Route as CursosUrlRouteImport } from './routes/cursos/$url'")
    expect(tree).toContain("const AdminSectionRouteImport = createFileRoute('/admin/$section')({})")
    expect(tree).toContain("const UsuarioCursosRouteImport = createFileRoute('/usuario/cursos')({})")
    expect(tree).not.toMatch(/from '\.\/routes\/(usuario|admin|checkout)\//)
  })
})
