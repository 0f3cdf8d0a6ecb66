/**
 * Colour features of a texture for `/v2/skins/{id}/similar` and `/meta`. MineSkin ranks similar
 * skins by image embeddings (reference/mineskin-api.md §1.7); offline we use a real, cheap
 * measure instead: a 64-bin RGB histogram (4 levels per channel) over the opaque pixels,
 * normalised to sum 255 and kept as 64 bytes per texture. Distance is L1 (0 = same colours,
 * 510 = disjoint). The dominant bin is the "colour key": `/similar` ranks only skins that share
 * it, so the query touches one narrow index range however large the catalogue grows.
 * @module
 */

/** Number of histogram bins. */
export const BINS = 64

/** Histogram of the opaque pixels of an RGBA8 image, normalised to sum 255. */
export function colourHistogram(rgba: Uint8Array): Uint8Array {
  const counts = new Uint32Array(BINS)
  let total = 0
  for (let i = 0; i + 3 < rgba.length; i += 4) {
    if (rgba[i + 3]! < 128) continue
    counts[((rgba[i]! >> 6) << 4) | ((rgba[i + 1]! >> 6) << 2) | (rgba[i + 2]! >> 6)]!++
    total++
  }
  const out = new Uint8Array(BINS)
  if (total === 0) return out
  for (let b = 0; b < BINS; b++) out[b] = Math.round((counts[b]! * 255) / total)
  return out
}

/** Index of the largest bin (lowest index on ties). */
export function colourKey(hist: Uint8Array): number {
  let best = 0
  for (let b = 1; b < hist.length; b++) if (hist[b]! > hist[best]!) best = b
  return best
}

/** L1 distance between two histograms. */
export function histogramDistance(a: Uint8Array, b: Uint8Array): number {
  let d = 0
  for (let i = 0; i < BINS; i++) d += Math.abs((a[i] ?? 0) - (b[i] ?? 0))
  return d
}

const NAMED: [string, number, number, number][] = [
  ['black', 20, 20, 20],
  ['grey', 128, 128, 128],
  ['white', 235, 235, 235],
  ['red', 200, 30, 30],
  ['orange', 230, 130, 30],
  ['yellow', 230, 220, 40],
  ['green', 40, 170, 60],
  ['cyan', 40, 200, 210],
  ['blue', 40, 70, 200],
  ['purple', 130, 50, 180],
  ['pink', 240, 140, 190],
  ['brown', 120, 75, 40],
]

/** Human colour name of a histogram bin (nearest named colour to the bin centre). */
export function binColourName(bin: number): string {
  const c = (v: number) => v * 64 + 32
  const r = c(bin >> 4)
  const g = c((bin >> 2) & 3)
  const b = c(bin & 3)
  let best = NAMED[0]!
  let bestD = Infinity
  for (const n of NAMED) {
    const d = (n[1] - r) ** 2 + (n[2] - g) ** 2 + (n[3] - b) ** 2
    if (d < bestD) {
      bestD = d
      best = n
    }
  }
  return best[0]
}

/** Up to `n` distinct colour names covering most of the histogram, strongest first. */
export function dominantColourNames(hist: Uint8Array, n = 3): string[] {
  const byName = new Map<string, number>()
  for (let b = 0; b < BINS; b++) {
    if (!hist[b]) continue
    const name = binColourName(b)
    byName.set(name, (byName.get(name) ?? 0) + hist[b]!)
  }
  return [...byName.entries()]
    .filter(([, w]) => w >= 20)
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([name]) => name)
}
