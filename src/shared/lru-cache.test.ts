import { describe, expect, test } from 'bun:test'
import { LruCache } from './lru-cache'

const bytes = (n: number): Uint8Array => new Uint8Array(n)

describe('LruCache', () => {
  test('evicts the least recently used entry beyond maxEntries', () => {
    const cache = new LruCache(2)
    cache.set('a', bytes(1))
    cache.set('b', bytes(1))
    expect(cache.get('a')).toBeDefined() // a is now more recent than b
    cache.set('c', bytes(1))
    expect(cache.get('b')).toBeUndefined()
    expect(cache.get('a')).toBeDefined()
    expect(cache.get('c')).toBeDefined()
    expect(cache.size).toBe(2)
  })

  test('evicts by bytes too, and never keeps an entry larger than the byte budget', () => {
    const cache = new LruCache(100, 10)
    cache.set('a', bytes(6))
    cache.set('b', bytes(6))
    expect(cache.get('a')).toBeUndefined()
    expect(cache.get('b')).toBeDefined()
    cache.set('huge', bytes(11))
    expect(cache.get('huge')).toBeUndefined()
    expect(cache.get('b')).toBeDefined()
  })

  test('replacing a key does not count its old bytes twice', () => {
    const cache = new LruCache(100, 10)
    cache.set('a', bytes(6))
    cache.set('a', bytes(6))
    cache.set('b', bytes(4))
    expect(cache.get('a')).toBeDefined()
    expect(cache.get('b')).toBeDefined()
  })

  test('a cache of size 0 keeps nothing', () => {
    const cache = new LruCache(0)
    cache.set('a', bytes(1))
    expect(cache.get('a')).toBeUndefined()
  })

  test('holds strings too (island HTML): at most `maxEntries`, least recently used dropped first', () => {
    const lru = new LruCache<string>(2)
    lru.set('a', 'A')
    lru.set('b', 'B')
    expect(lru.get('a')).toBe('A')
    lru.set('c', 'C')
    expect(lru.size).toBe(2)
    expect(lru.get('b')).toBeUndefined()
    expect(lru.get('a')).toBe('A')
    expect(lru.get('c')).toBe('C')
  })
})
