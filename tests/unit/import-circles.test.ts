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

/** Tarjan's strongly connected components larger than one node (a module, a room): each is an import circle. */
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
      component.push(member)
    } while (member !== module)
    if (component.length > 1) found.push(component.sort())
  }
  for (const module of graph.keys()) if (!index.has(module)) visit(module)
  return found
}

const ROOMS = resolve(root, 'worker/services')

/** The rooms of worker/services (its folders) and which others each imports, from the file graph. */
function roomGraph(files: Map<string, string[]>): Map<string, string[]> {
  const roomOf = (file: string) => {
    const [room, ...rest] = relative(ROOMS, file).split('/')
    return room && room !== '..' && rest.length > 0 ? room : undefined
  }
  const rooms = new Map<string, Set<string>>()
  for (const [file, imports] of files) {
    const from = roomOf(file)
    if (!from) continue
    const targets = rooms.get(from) ?? new Set<string>()
    for (const target of imports.map(roomOf)) if (target && target !== from) targets.add(target)
    rooms.set(from, targets)
  }
  return new Map([...rooms].map(([room, targets]) => [room, [...targets].sort()]))
}

/** Rooms that import each other, as 'a <-> b'. */
function pairs(rooms: Map<string, string[]>): string[] {
  return [...rooms].flatMap(([room, targets]) =>
    targets
      .filter((target) => target > room && rooms.get(target)?.includes(room))
      .map((t) => `${room} <-> ${t}`),
  )
}

describe('imports', () => {
  it('form no circle anywhere in the tree: a walk through the code never returns to a file it left', () => {
    expect(circles(importGraph()).map((circle) => circle.map((file) => relative(root, file)))).toEqual([])
  })

  it('would name a circle if there were one', () => {
    const graph = new Map([
      ['/a.ts', ['/b.ts']],
      ['/b.ts', ['/a.ts']],
      ['/c.ts', ['/a.ts']],
    ])
    expect(circles(graph).map((circle) => circle.length)).toEqual([2])
  })

  it('run one way between the rooms of worker/services: no two folders import each other, nor walk back in a circle', () => {
    const rooms = roomGraph(importGraph())
    expect(rooms.size).toBeGreaterThan(10)
    expect(pairs(rooms)).toEqual([])
    expect(circles(rooms)).toEqual([])
  })

  it('would name rooms that import each other, and a circle of three', () => {
    const files = new Map([
      [`${ROOMS}/cart/cart.ts`, [`${ROOMS}/catalog/courses.ts`]],
      [`${ROOMS}/catalog/courses.ts`, [`${ROOMS}/cart/pricing.ts`, `${ROOMS}/hash.ts`]],
      [`${ROOMS}/a/x.ts`, [`${ROOMS}/b/x.ts`]],
      [`${ROOMS}/b/x.ts`, [`${ROOMS}/c/x.ts`]],
      [`${ROOMS}/c/x.ts`, [`${ROOMS}/a/x.ts`]],
    ])
    const rooms = roomGraph(files)
    expect(pairs(rooms)).toEqual(['cart <-> catalog'])
    expect(
      circles(rooms)
        .map((circle) => circle.length)
        .sort(),
    ).toEqual([2, 3])
  })
})
