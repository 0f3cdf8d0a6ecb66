/**
 * Server HTML of page chrome that depends only on the language, the instance's configuration and a
 * few values such as the year (parts whose HTML depends only on locale, flags and
 * props are rendered once and reused). The footer is the same on every page of a language; rendering
 * it through React on every request cost more than serving it from here.
 * @module
 */
import { LruCache } from '../../shared/lru-cache'

/** Few keys exist (languages × years × app instances); 64 entries of a few KB each. */
const cache = new LruCache<string>(64, 512 * 1024)

/** A stable number per configuration object, so two apps in one process never share fragments. */
const instanceIds = new WeakMap<object, number>()
let nextInstance = 0

/** The cache key part of configuration object `options`. */
export function instanceKey(options: object): number {
  let id = instanceIds.get(options)
  if (id === undefined) instanceIds.set(options, (id = nextInstance++))
  return id
}

/** The HTML cached under `key`, or `render()`'s result, kept for next time. */
export function cachedFragment(key: string, render: () => string): string {
  const hit = cache.get(key)
  if (hit !== undefined) return hit
  const html = render()
  cache.set(key, html)
  return html
}
