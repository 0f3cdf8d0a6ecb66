import { expect, test } from 'bun:test'
import { createJustStored, LOOKUP_FRESH_MS } from './just-stored'

const png = (n: number) => new Uint8Array([n])

test('an input is taken once; a job alone with its texture may skip its lookup, two of one texture may not', () => {
  const kept = createJustStored(8, () => 0)
  kept.keep('a', 'k1', png(1))
  kept.keep('b', 'k2', png(2))
  kept.keep('c', 'k2', png(3))
  expect(kept.take('a')).toEqual({ png: png(1), alone: true })
  expect(kept.take('a')).toBeUndefined()
  // b was alone when kept, and is not once c of the same texture came.
  expect(kept.take('c')).toEqual({ png: png(3), alone: false })
  expect(kept.take('b')).toEqual({ png: png(2), alone: false })
  // Once both ran, a new job of that texture is alone again.
  kept.keep('d', 'k2', png(4))
  expect(kept.take('d')?.alone).toBe(true)
})

test('at most `max` are kept: the oldest go first, and a dropped one no longer counts against its texture', () => {
  const kept = createJustStored(2, () => 0)
  kept.keep('a', 'k1', png(1))
  kept.keep('b', 'k2', png(2))
  kept.keep('c', 'k3', png(3))
  expect(kept.take('a')).toBeUndefined()
  kept.keep('d', 'k1', png(4))
  expect(kept.take('d')?.alone).toBe(true)
  expect(kept.take('c')?.png).toEqual(png(3))
})

test('a job that runs later than an immediate run would (it waited for its message) looks for itself', () => {
  let t = 1000
  const kept = createJustStored(8, () => t)
  kept.keep('a', 'k1', png(1))
  kept.keep('b', 'k2', png(2))
  t += LOOKUP_FRESH_MS
  expect(kept.take('a')?.alone).toBe(true)
  t += 1
  expect(kept.take('b')).toEqual({ png: png(2), alone: false })
})
