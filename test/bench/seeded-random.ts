/**
 * A seeded xorshift32 source for the benches, so every run draws the same numbers (the same skins,
 * the same shuffles) and two runs measure the same work.
 * @module
 */

/** Numbers in [0, 1) from `seed` (0 counts as 1). */
export function seededRandom(seed: number): () => number {
  let s = seed || 1
  return () => {
    s ^= s << 13
    s ^= s >>> 17
    s ^= s << 5
    return (s >>> 0) / 2 ** 32
  }
}
