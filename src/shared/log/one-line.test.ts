import { describe, expect, test } from 'bun:test'
import { oneLineError } from './one-line'

describe('oneLineError', () => {
  test('an error becomes name, message and its first frame on one line', () => {
    const line = oneLineError(new TypeError('bad\nthing'))
    expect(line).toStartWith('TypeError: bad thing (at ')
    expect(line).toContain('one-line.test.ts')
    expect(line).not.toContain('\n')
  })
  test('anything else is its string form, capped', () => {
    expect(oneLineError({ toString: () => 'x'.repeat(1000) }, 10)).toBe('x'.repeat(10))
    expect(oneLineError('plain\tvalue')).toBe('plain value')
  })
})
