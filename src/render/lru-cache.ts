/**
 * A small LRU of encoded renders, bounded by entry count and by bytes (a noisy skin can encode
 * to ~100 KB at scale 10, so a count alone would not bound memory). A `Map` keeps insertion
 * order, so re-inserting on every hit makes its first key the least recently used.
 * @module
 */

/** Least-recently-used cache of byte arrays. */
export class LruCache {
  readonly #entries = new Map<string, Uint8Array>()
  #bytes = 0

  constructor(
    /** Most entries kept. */
    readonly maxEntries: number,
    /** Most bytes kept over all entries. */
    readonly maxBytes: number = 32 * 1024 * 1024,
  ) {}

  /** The value for `key` (marking it most recently used), or undefined. */
  get(key: string): Uint8Array | undefined {
    const value = this.#entries.get(key)
    if (value === undefined) return undefined
    this.#entries.delete(key)
    this.#entries.set(key, value)
    return value
  }

  /** Stores `value`, evicting least recently used entries beyond the bounds. */
  set(key: string, value: Uint8Array): void {
    this.delete(key)
    if (this.maxEntries < 1 || value.byteLength > this.maxBytes) return
    this.#entries.set(key, value)
    this.#bytes += value.byteLength
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
    this.#bytes -= value.byteLength
  }

  /** Number of entries held. */
  get size(): number {
    return this.#entries.size
  }
}
