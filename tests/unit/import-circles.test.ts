import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { root } from '../../scripts/lib/stack.ts'

const FOLDERS = ['worker', 'web/src', 'db', 'scripts', 'tests']
const IMPORT =
  /(?:import|export)\s+(?:type\s+)?[^'"]*?from\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) return []
    const path = join(folder, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : []
  })
}

/** Every module's relative imports (type-only ones too: a circle of types is still a circle to read). */
function importGraph(): Map<string, string[]> {
  const files = new Set(FOLDERS.flatMap((folder) => sourceFiles(resolve(root, folder))))
  const graph = new Map<string, string[]>()
  for (const file of files) {
    const imports: string[] = []
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = resolve(dirname(file), match[1] ?? match[2] ?? '')
      const found = [target, `${target}.ts`, `${target}.tsx`].find((candidate) => files.has(candidate))
      if (found) imports.push(found)
    }
    graph.set(file, imports)
  }
  return graph
}

/** Tarjan's strongly connected components larger than one module: each is an import circle. */
function circles(graph: Map<string, string[]>): string[][] {
  let next = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const found: string[][] = []
  const visit = (module: string) => {
    index.set(module, next)
    low.set(module, next)
    next++
    stack.push(module)
    onStack.add(module)
    for (const target of graph.get(module) ?? []) {
      if (!index.has(target)) {
        visit(target)
        low.set(module, Math.min(low.get(module) ?? 0, low.get(target) ?? 0))
      } else if (onStack.has(target)) {
        low.set(module, Math.min(low.get(module) ?? 0, index.get(target) ?? 0))
      }
    }
    if (low.get(module) !== index.get(module)) return
    const component: string[] = []
    let member: string | undefined
    do {
      member = stack.pop()
      if (member === undefined) break
      onStack.delete(member)
      component.push(relative(root, member))
    } while (member !== module)
    if (component.length > 1) found.push(component.sort())
  }
  for (const module of graph.keys()) if (!index.has(module)) visit(module)
  return found
}

describe('imports', () => {
  it('form no circle anywhere in the tree: a walk through the code never returns to a file it left', () => {
    expect(circles(importGraph())).toEqual([])
  })

  it('would name a circle if there were one', () => {
    const graph = new Map([
      ['/a.ts', ['/b.ts']],
      ['/b.ts', ['/a.ts']],
      ['/c.ts', ['/a.ts']],
    ])
    expect(circles(graph).map((circle) => circle.length)).toEqual([2])
  })
})
