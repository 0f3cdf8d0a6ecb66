/**
 * The import graph of src/ (docs/architecture.md "Layers"): every relative import of every source
 * file, resolved to the file it names, type-only imports included — a circle of types still ties two
 * modules into one. Read as text, like src/architecture.test.ts reads imports; the circles are the
 * graph's strongly connected components of more than one file (Tarjan's algorithm).
 * @module
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

export const SRC = join(import.meta.dir, '../../src')

/** Source files below `dir` (no tests, no declaration files), relative to src/. */
export function sourceFiles(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(entry.name) && !/\.(test|fixture)\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [relative(SRC, path)] : []
  })
}

/** The file a relative specifier names from `from`, relative to src/, or null outside src/ or missing. */
function resolveSpec(from: string, spec: string): string | null {
  const base = resolve(dirname(join(SRC, from)), spec)
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) {
      const rel = relative(SRC, candidate)
      return rel.startsWith('..') ? null : rel
    }
  }
  return null
}

/** The files `file` imports (relative imports only), relative to src/. */
export function importsOf(file: string, read: (file: string) => string = (f) => readFileSync(join(SRC, f), 'utf8')): string[] {
  const text = read(file)
  const specs = [...text.matchAll(/(?:^|\n)\s*(?:import|export)[^'"]*?from\s+['"](\.[^'"]*)['"]|import\(\s*['"](\.[^'"]*)['"]\s*\)/g)].map((m) => (m[1] ?? m[2])!)
  return [...new Set(specs.map((s) => resolveSpec(file, s)).filter((f): f is string => f !== null))]
}

/** The graph: file → the files it imports. */
export function importGraph(files = sourceFiles()): Map<string, string[]> {
  return new Map(files.map((f) => [f, importsOf(f)]))
}

/** The circles of `graph`: each a sorted list of the files that import each other round. */
export function importCircles(graph: Map<string, string[]>): string[][] {
  let index = 0
  const indices = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const circles: string[][] = []
  const visit = (v: string) => {
    indices.set(v, index)
    low.set(v, index++)
    stack.push(v)
    onStack.add(v)
    for (const w of graph.get(v) ?? []) {
      if (!indices.has(w)) {
        visit(w)
        low.set(v, Math.min(low.get(v)!, low.get(w)!))
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, indices.get(w)!))
    }
    if (low.get(v) === indices.get(v)) {
      const component: string[] = []
      let w: string
      do {
        w = stack.pop()!
        onStack.delete(w)
        component.push(w)
      } while (w !== v)
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) circles.push(component.sort())
    }
  }
  for (const v of graph.keys()) if (!indices.has(v)) visit(v)
  return circles.sort((a, b) => a[0]!.localeCompare(b[0]!))
}
