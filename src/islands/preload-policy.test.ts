/**
 * Preload policy (SPEC §9): skipped on Save-Data, 2g and slow-2g; at most five in
 * flight, the next starting as one finishes. The browser side is in test/e2e/edge-client.test.ts.
 */
import { describe, expect, test } from 'bun:test'
import { inBatches, isSlowConnection, MAX_PRELOADS_AT_ONCE } from './preload-policy'

describe('preload policy (SPEC §9)', () => {
  test('slow connections', () => {
    expect(isSlowConnection(undefined)).toBe(false)
    expect(isSlowConnection({ effectiveType: '4g' })).toBe(false)
    expect(isSlowConnection({ effectiveType: '3g', saveData: false })).toBe(false)
    expect(isSlowConnection({ effectiveType: '2g' })).toBe(true)
    expect(isSlowConnection({ effectiveType: 'slow-2g' })).toBe(true)
    expect(isSlowConnection({ effectiveType: '4g', saveData: true })).toBe(true)
  })

  test('at most five at once, in order; each finish starts the next once', () => {
    expect(MAX_PRELOADS_AT_ONCE).toBe(5)
    const items = Array.from({ length: 12 }, (_, i) => i)
    const started: number[] = []
    const pending: (() => void)[] = []
    let inFlight = 0
    let most = 0
    inBatches(items, (item, done) => {
      started.push(item)
      inFlight++
      most = Math.max(most, inFlight)
      pending.push(() => {
        inFlight--
        done()
        done() // load then error: counted once
      })
    })
    expect(started).toEqual([0, 1, 2, 3, 4])
    while (pending.length) pending.shift()!()
    expect(started).toEqual(items)
    expect(most).toBe(5)
    const few: number[] = []
    inBatches([1, 2], (item) => few.push(item))
    expect(few).toEqual([1, 2])
    inBatches([], () => expect.unreachable())
  })
})
