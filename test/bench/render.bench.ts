/**
 * Render benchmark (DESIGN.md §4 "Render: head render ≤ 3 ms p50 uncached"): p50/p99 ms of an
 * uncached render — decode the skin PNG, draw the view, encode the PNG — for face, head and body
 * at scale 10, over a few hundred different skins. Run: `bun test/bench/render.bench.ts [iterations]`.
 * @module
 */
import { encode } from 'fast-png'
import { decodeSkin, encodePng, renderHead, renderSkinPng, type SkinView } from '../../src/render'
import { record, type Figure } from './report'
import { seededRandom } from './seeded-random'

const ITERATIONS = Number(process.argv[2] ?? 400)
const HEAD_BUDGET_MS = 3
const FIXTURES = new URL('../../src/render/testing/fixtures/', import.meta.url)

/**
 * A skin drawn from a palette of `colours` colours in small runs, like hand-painted skins, with a
 * partly transparent overlay; `colours` 0 means pure per-pixel noise (the worst case for the encoder).
 */
function generatedSkin(seed: number, colours: number, height: 64 | 32): Uint8Array {
  const next = seededRandom(seed)
  const palette = Array.from({ length: Math.max(colours, 1) }, () => [next() * 256, next() * 256, next() * 256].map(Math.floor))
  const rgba = new Uint8Array(64 * height * 4)
  let current = palette[0] ?? [0, 0, 0]
  for (let i = 0; i < 64 * height; i++) {
    if (colours === 0) current = [next() * 256, next() * 256, next() * 256].map(Math.floor)
    else if (next() < 0.35) current = palette[Math.floor(next() * palette.length)] ?? current
    const y = Math.floor(i / 64)
    const x = i % 64
    const overlay = (y < 16 && x >= 32) || (y >= 32 && y < 48) || (y >= 48 && (x < 16 || x >= 48))
    const alpha = overlay && next() < 0.6 ? 0 : 255
    rgba.set([current[0] ?? 0, current[1] ?? 0, current[2] ?? 0, alpha], i * 4)
  }
  return encode({ width: 64, height, data: rgba, channels: 4, depth: 8 })
}

async function corpus(): Promise<Uint8Array[]> {
  const files = ['randomImage1.png', 'randomImage2.png', 'randomImage3.png', 'randomImage4.png', 'randomImage321.png', 'randomImage322.png', 'trimmed0.png']
  const skins: Uint8Array[] = await Promise.all(files.map((f) => Bun.file(new URL(f, FIXTURES)).bytes()))
  const kinds = [12, 40, 120, 250, 0] as const
  for (let i = 0; skins.length < 300; i++) {
    skins.push(generatedSkin(1000 + i, kinds[i % kinds.length] ?? 40, i % 7 === 0 ? 32 : 64))
  }
  return skins
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN
}

const skins = await corpus()
const views: SkinView[] = ['face', 'head', 'body']
console.log(`render bench: ${ITERATIONS} uncached renders per view at scale 10 over ${skins.length} skins (Bun ${Bun.version})`)
let headP50 = Infinity
const figures: Omit<Figure, 'bench'>[] = []
for (const view of views) {
  for (let i = 0; i < 50; i++) renderSkinPng(skins[i % skins.length] as Uint8Array, view, { scale: 10, slim: i % 2 === 1 })
  const times: number[] = []
  let bytes = 0
  for (let i = 0; i < ITERATIONS; i++) {
    const skin = skins[i % skins.length] as Uint8Array
    const t0 = performance.now()
    const png = renderSkinPng(skin, view, { scale: 10, overlay: true, slim: i % 2 === 1 })
    times.push(performance.now() - t0)
    bytes += png.length
  }
  times.sort((a, b) => a - b)
  const p50 = percentile(times, 50)
  if (view === 'head') headP50 = p50
  figures.push({ figure: `render ${view} p50 (scale 10, uncached)`, value: p50, unit: 'ms', ...(view === 'head' ? { budget: { max: HEAD_BUDGET_MS } } : {}), note: `p99 ${percentile(times, 99).toFixed(2)} ms` })
  console.log(
    `${view.padEnd(5)} p50 ${p50.toFixed(2)} ms  p99 ${percentile(times, 99).toFixed(2)} ms  max ${(times.at(-1) ?? 0).toFixed(2)} ms  mean output ${(bytes / ITERATIONS / 1024).toFixed(1)} KB`,
  )
}
// Where a head's time goes, phase by phase, over the same skins.
const phases = { decode: [] as number[], draw: [] as number[], encode: [] as number[] }
for (let i = 0; i < ITERATIONS; i++) {
  let t0 = performance.now()
  const skin = decodeSkin(skins[i % skins.length] as Uint8Array)
  phases.decode.push(performance.now() - t0)
  t0 = performance.now()
  const head = renderHead(skin, { scale: 10 })
  phases.draw.push(performance.now() - t0)
  t0 = performance.now()
  encodePng(head)
  phases.encode.push(performance.now() - t0)
}
console.log(
  `head phases p50: ${Object.entries(phases)
    .map(([name, times]) => `${name} ${percentile(times.sort((a, b) => a - b), 50).toFixed(2)} ms`)
    .join(', ')}`,
)
console.log(`head p50 budget ${HEAD_BUDGET_MS} ms: ${headP50 <= HEAD_BUDGET_MS ? 'met' : 'MISSED'}`)
record('render', figures)
