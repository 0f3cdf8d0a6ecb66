/**
 * The bench's own arithmetic: wrk's report parsed as wrk prints it, budgets
 * judged at their edges, the table in Markdown. The measurements themselves run in `bun run bench`.
 * @module
 */
import { describe, expect, test } from 'bun:test'
import { formatBudget, formatValue, percentile, separability, verdict, type Figure } from './report'
import { markdownTable, pairsMarkdownTable, pairsTextTable, runtimePairs } from './table'
import { parseWrk, wrkDurationMs } from './wrk'

/** Captured from `wrk -t2 -c32 -d3s --latency` (4.1.0, Debian) against a Bun hello, plus an error line. */
const WRK_OUT = `Running 3s test @ http://127.0.0.1:36605/
  2 threads and 32 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency    11.26ms   32.44ms 255.16ms   91.35%
    Req/Sec    13.67k     9.56k   31.99k    61.11%
  Latency Distribution
     50%  758.00us
     75%    2.66ms
     90%   31.25ms
     99%     1.02s
  76614 requests in 3.03s, 8.77MB read
  Socket errors: connect 0, read 2, write 0, timeout 3
  Non-2xx or 3xx responses: 17
Requests/sec:  25296.85
Transfer/sec:      2.89MB
`

describe('wrk report', () => {
  test('parses rate, latency percentiles in their units, non-2xx and socket errors', () => {
    expect(parseWrk('u', WRK_OUT)).toEqual({ url: 'u', requests: 76614, rps: 25296.85, p50: 0.758, p75: 2.66, p90: 31.25, p99: 1020, non2xx: 17, socketErrors: 5 })
  })
  test('a clean run has no non-2xx and no socket errors', () => {
    const clean = WRK_OUT.replace(/\s*Socket errors:.*\n/, '\n').replace(/\s*Non-2xx.*\n/, '\n')
    expect(parseWrk('u', clean)).toMatchObject({ non2xx: 0, socketErrors: 0 })
  })
  test('durations', () => {
    expect([wrkDurationMs('12.5us'), wrkDurationMs('3ms'), wrkDurationMs('2.00s'), wrkDurationMs('1.5m')]).toEqual([0.0125, 3, 2000, 90_000])
    expect(wrkDurationMs('fast')).toBeNaN()
  })
})

describe('budgets', () => {
  const f = (value: number | null, budget: Figure['budget'], extra: Partial<Figure> = {}): Figure => ({ bench: 'b', figure: 'x', value, unit: 'ms', budget, ...extra })
  test('at most and at least, inclusive at the edge', () => {
    expect(verdict(f(150, { max: 150 }))).toBe('ok')
    expect(verdict(f(150.1, { max: 150 }))).toBe('MISSED')
    expect(verdict(f(1 / 30, { min: 1 / 30 }, { unit: 'ratio' }))).toBe('ok')
    expect(verdict(f(1 / 31, { min: 1 / 30 }, { unit: 'ratio' }))).toBe('MISSED')
  })
  test('an unmeasured or failed figure misses its budget; without a budget it is only a figure', () => {
    expect(verdict(f(null, { max: 1 }))).toBe('MISSED')
    expect(verdict(f(Number.NaN, { max: 1 }))).toBe('MISSED')
    expect(verdict(f(0, { max: 1 }, { failed: true }))).toBe('MISSED')
    expect(verdict(f(9999, undefined))).toBe('')
  })
  test('formats', () => {
    expect(formatValue(1 / 114, 'ratio')).toBe('1/114.0')
    expect(formatValue(92_160, 'bytes')).toBe('90.0 KB')
    expect(formatValue(0.384, 'ms')).toBe('0.38 ms')
    expect(formatBudget({ unit: 'ratio', budget: { min: 1 / 40 } })).toBe('≥ 1/40.0')
  })
  test('separability: 0.5 for samples that cannot be told apart, 1 for ones that always can, either way round', () => {
    expect(separability([1, 2, 3, 4], [1, 2, 3, 4])).toBe(0.5)
    expect(separability([5, 6, 7], [1, 2, 3])).toBe(1)
    expect(separability([1, 2, 3], [5, 6, 7])).toBe(1)
    expect(separability([1, 3, 5, 7], [2, 4, 6, 8])).toBe(0.625)
    expect(formatValue(0.534, 'score')).toBe('0.53')
  })
  test('nearest-rank percentiles', () => {
    expect(percentile([5, 1, 4, 2, 3], 0.5)).toBe(3)
    expect(percentile([1, 2, 3, 4], 0.5)).toBe(2)
    expect(percentile(Array.from({ length: 20 }, (_, i) => i + 1), 0.95)).toBe(19)
  })
})

test('the Markdown table has a row per figure with its verdict, pipes escaped', () => {
  const md = markdownTable([
    { bench: 'ssr', figure: 'wrk /skins vs hello', value: 1 / 20, unit: 'ratio', budget: { min: 1 / 30 }, note: 'a|b' },
    { bench: 'pages', figure: 'LCP', value: 200, unit: 'ms', budget: { max: 150 } },
  ]).split('\n')
  expect(md).toHaveLength(4)
  expect(md[2]).toBe('| wrk /skins vs hello | 1/20.0 (a\\|b) | ≥ 1/30.0 | ok |')
  expect(md[3]).toBe('| LCP | 200 ms | ≤ 150 ms | MISSED |')
})

test('each Workers row is paired with the Bun row of its name (without the prefix); rows without a counterpart stay out', () => {
  const rows: Figure[] = [
    { bench: 'generate', figure: 'generate, 100 distinct skins at concurrency 8: jobs/s', value: 137, unit: 'per-s' },
    { bench: 'ssr', figure: 'SSR /skins req/s (wrk -t2 -c32 -d10s)', value: 1387, unit: 'per-s' },
    { bench: 'generate', figure: 'generate, only on Bun', value: 1, unit: 'ms' },
    { bench: 'workers', figure: 'Workers: SSR /skins req/s (wrk -t2 -c32 -d10s)', value: 68, unit: 'per-s' },
    { bench: 'workers', figure: 'Workers: generate, 100 distinct skins at concurrency 8: jobs/s', value: 20, unit: 'per-s' },
    { bench: 'workers', figure: 'Workers: wrangler dev session start', value: 4.3, unit: 's' },
  ]
  const pairs = runtimePairs(rows)
  expect(pairs.map((p) => [p.figure, p.bun.value, p.workers.value])).toEqual([
    ['SSR /skins req/s (wrk -t2 -c32 -d10s)', 1387, 68],
    ['generate, 100 distinct skins at concurrency 8: jobs/s', 137, 20],
  ])
  expect(pairsMarkdownTable(pairs).split('\n')[2]).toBe('| SSR /skins req/s (wrk -t2 -c32 -d10s) | 1387/s | 68/s |')
  const budgeted = runtimePairs([
    { bench: 'generate', figure: 'p50', value: 56, unit: 'ms', budget: { max: 150 } },
    { bench: 'workers', figure: 'Workers: p50', value: 396, unit: 'ms', budget: { max: 150 } },
  ])
  expect(pairsTextTable(budgeted).split('\n')[1]).toMatch(/^p50\s+\| 56 ms ok\s+\| 396 ms MISSED$/)
})
