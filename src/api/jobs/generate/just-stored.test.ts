import { expect, test } from 'bun:test'
import { createJustStored } from './just-stored'

const input = (n: number) => ({ png: new Uint8Array([n]), lookedUpAt: n })

test('an input is taken once', () => {
  const kept = createJustStored(8)
  kept.keep('a', input(1))
  expect(kept.take('a')).toEqual(input(1))
  expect(kept.take('a')).toBeUndefined()
})

test('at most `max` are kept: the oldest go first', () => {
  const kept = createJustStored(2)
  kept.keep('a', input(1))
  kept.keep('b', input(2))
  kept.keep('c', input(3))
  expect(kept.take('a')).toBeUndefined()
  expect(kept.take('b')).toEqual(input(2))
  expect(kept.take('c')).toEqual(input(3))
})
