/**
 * Layers point one way (docs/architecture.md "Layers"): no two modules of src/ import each other,
 * however long the way round (type-only imports count: a circle of types still makes one module of
 * two), and nothing of the account site imports the web app's server (what both need lives in
 * src/shared, or is handed in). Each rule is shown to fail on a planted case. The areas' other
 * boundaries (what ships to the browser, what runs on Workers) are src/architecture.test.ts.
 */
import { describe, expect, test } from 'bun:test'
import { importCircles, importGraph } from './import-graph'

const graph = importGraph()

describe('layers point one way', () => {
  test('no import circle in src/', () => {
    expect(importCircles(graph)).toEqual([])
  })

  test('a planted circle is found, the long way round too', () => {
    const planted = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
      ['e.ts', ['e.ts']],
    ])
    expect(importCircles(planted)).toEqual([['a.ts', 'b.ts', 'c.ts'], ['e.ts']])
  })

  test('nothing in src/accounts imports src/server', () => {
    const upward = [...graph].flatMap(([file, targets]) => (file.startsWith('accounts/') ? targets.filter((t) => t.startsWith('server/')).map((t) => `${file} → ${t}`) : []))
    expect(upward).toEqual([])
  })
})
