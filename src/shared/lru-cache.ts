/**
 * A small LRU bounded by entry count and by size, shared by the renderer's encoded PNGs (a noisy
 * skin can encode to ~100 KB at scale 10, so a count alone would not bound memory) and the server's
 * island HTML. A `Map` keeps insertion order, so re-inserting on every hit makes
 * its first key the least recently used.
 * @module
 */

/** Size of a value: bytes of an array, UTF-16 units of a string. */
const sizeOf = (value: Uint8Array | string): number => (typeof value === 'string' ? value.length : value.byteLength)

/** Least-recently-used cache of byte arrays or strings. */
export class LruCache<V extends Uint8Array | string = Uint8Array> {
  readonly #entries = new Map<string, V>()
  #bytes = 0

  constructor(
    /** Most entries kept. */
    readonly maxEntries: number,
    /** Most bytes (string units for strings) kept over all entries. */
    readonly maxBytes: number = 32 * 1024 * 1024,
  ) {}

  /** The value for `key` (marking it most recently used), or undefined. */
  get(key: string): V | undefined {
    const value = this.#entries.get(key)
    if (value === undefined) return undefined
    this.#entries.delete(key)
    this.#entries.set(key, value)
    return value
  }

  /** Stores `value`, evicting least recently used entries beyond the bounds. */
  set(key: string, value: V): void {
    this.delete(key)
    if (this.maxEntries < 1 || sizeOf(value) > this.maxBytes) return
    this.#entries.set(key, value)
    this.#bytes += sizeOf(value)
    while (this.#entries.size > this.maxEntries || this.#bytes > this.maxBytes) {
      const oldest = this.#entries.keys().next()
      if (oldest.done) break
      this.delete(oldest.value)
    }
  }

  /** Removes `key` if present. */
  delete(key: string): void {
    const value = this.#entries.get(key)
    if (value === undefined) return
    this.#entries.delete(key)
    this.#bytes -= sizeOf(value)
  }

  /** Number of entries held. */
  get size(): number {
    return this.#entries.size
  }
}
