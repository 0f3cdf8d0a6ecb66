import { expect, test } from 'bun:test'
import { createJustStored } from './just-stored'

const png = (n: number) => new Uint8Array([n])

test('a PNG is taken once', () => {
  const kept = createJustStored(8)
  kept.keep('a', png(1))
  expect(kept.take('a')).toEqual(png(1))
  expect(kept.take('a')).toBeUndefined()
})

test('at most `max` are kept: the oldest go first', () => {
  const kept = createJustStored(2)
  kept.keep('a', png(1))
  kept.keep('b', png(2))
  kept.keep('c', png(3))
  expect(kept.take('a')).toBeUndefined()
  expect(kept.take('b')).toEqual(png(2))
  expect(kept.take('c')).toEqual(png(3))
})
