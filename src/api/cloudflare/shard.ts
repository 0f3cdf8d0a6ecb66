/**
 * Which Durable Object holds a key: keys are spread over a fixed number of named
 * objects by a stable hash, so each key always meets the same single-threaded object (exact under
 * concurrency) while the load spreads over many. FNV-1a: cheap, stable across isolates and deploys.
 * @module
 */

/** Name of the object that holds `key` among `shards` objects of one `prefix`. */
export function shardName(prefix: string, key: string, shards: number): string {
  let h = 0x811c9dc5
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return `${prefix}:${(h >>> 0) % Math.max(1, Math.floor(shards))}`
}
