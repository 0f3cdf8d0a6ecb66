/**
 * Who may import whom (DESIGN.md §3): src/shared runs in the browser, so it imports no other area;
 * src/islands imports only src/shared; src/render runs on Workers alone, so it imports nothing of
 * the others but src/shared (which runs anywhere: the one PNG codec and the rate limiter) and no
 * `node:` module; src/server reaches the API only through the API client, except
 * the Bun entry that wires the embedded API in — so the Worker bundle never contains SQLite.
 */
import { describe, expect, test } from 'bun:test'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

const SRC = import.meta.dir

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return files(path)
    return /\.tsx?$/.test(entry.name) && !entry.name.includes('.test.') && !entry.name.endsWith('.d.ts') ? [path] : []
  })
}

/** Every import specifier of a file, resolved to an area (`shared`, `api`, …) when it is relative. */
function imports(file: string): { spec: string; area?: string }[] {
  const text = readFileSync(file, 'utf8')
  const specs = [...text.matchAll(/(?:^|\n)\s*(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => (m[1] ?? m[2])!)
  return specs.map((spec) => {
    if (!spec.startsWith('.')) return { spec }
    const target = relative(SRC, resolve(dirname(file), spec))
    return { spec, area: target.startsWith('..') ? 'outside' : target.split('/')[0] }
  })
}

const area = (name: string) => files(join(SRC, name)).map((file) => ({ file: relative(SRC, file), imports: imports(file) }))
const offending = (name: string, bad: (i: { spec: string; area?: string }, file: string) => boolean) =>
  area(name).flatMap(({ file, imports }) => imports.filter((i) => bad(i, file)).map((i) => `${file} → ${i.spec}`))

describe('import boundaries (DESIGN.md §3)', () => {
  test('src/shared imports no other area (it ships to the browser)', () => {
    expect(offending('shared', (i) => i.area !== undefined && i.area !== 'shared' && !i.spec.includes('locales/'))).toEqual([])
  })

  test('src/islands imports only src/shared and its own files', () => {
    expect(offending('islands', (i, file) => i.area !== undefined && i.area !== 'shared' && i.area !== 'islands' && !(file.endsWith('build.ts') && i.area === 'outside'))).toEqual([])
  })

  test('src/render imports only src/shared and no node: module (it runs on Workers alone)', () => {
    // The API, the renderer and the tests share one PNG codec and one rate limiter in src/shared.
    expect(offending('render', (i) => (i.area !== undefined && i.area !== 'render' && i.area !== 'shared') || i.spec.startsWith('node:') || i.spec.startsWith('bun'))).toEqual([])
  })

  test('src/server reaches src/api only from the Bun entry', () => {
    expect(offending('server', (i, file) => i.area === 'api' && file !== 'server/bun.ts')).toEqual([])
  })

  test('the Worker entry imports nothing Bun- or Node-specific', () => {
    const worker = imports(join(SRC, 'server/worker.ts'))
    expect(worker.filter((i) => i.spec.startsWith('node:') || i.spec.startsWith('bun') || i.spec === 'hono/bun')).toEqual([])
  })
})

describe('one home per domain', () => {
  /** The API's domains: each folder holds its routes and services and maps the rest in its README. */
  const DOMAINS = ['users', 'skins', 'jobs', 'signing', 'moderation', 'webhooks']

  test('each domain folder of src/api has a README naming its tables and web pages', () => {
    const missing = DOMAINS.filter((domain) => {
      const readme = join(SRC, 'api', domain, 'README.md')
      if (!existsSync(readme)) return true
      const text = readFileSync(readme, 'utf8')
      return !text.includes('**Schema**') || !text.includes('src/api/store/schema.ts')
    })
    expect(missing).toEqual([])
  })

  test('src/api/services keeps no domain of its own (only the bundle, stats and storage metering)', () => {
    const entries = readdirSync(join(SRC, 'api/services')).filter((name) => !name.endsWith('.test.ts')).sort()
    expect(entries).toEqual(['context.ts', 'index.ts', 'stats', 'storage'])
  })
})

