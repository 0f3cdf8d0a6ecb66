/**
 * The skin editor's figures (its contract: "a stroke shows on both views within one frame"; "the
 * editor's code and three.js load only on /editor"), against the production server and client build
 * in Debian's Chromium (headless, software WebGL):
 * - Input → paint latency of strokes on the 2D texture view and on the 3D model at 1280 px (both views
 *   on screen, so every painted frame draws both), and on the 2D view at 390 px (the texture tab, the
 *   3D view not loaded): real mouse strokes through CDP `Input.dispatchMouseEvent` (press, a move every 16 ms as
 *   a 60 Hz mouse sends them, release; a colour of its own for each stroke, so every move over a new
 *   texel paints), read back as the User Timing measures the island records per frame — `editor:paint-2d` /
 *   `editor:paint-3d`, from the earliest input's `event.timeStamp` to the end of drawing the texture
 *   canvas, the 2D view and the 3D view in one `requestAnimationFrame` (src/islands/editor/paint-frame.ts).
 *   p50 and p95 at 1× CPU (budget: one frame, 16 ms) and at 4× CPU (`Emulation.setCPUThrottlingRate`,
 *   reported). The 3D strokes cross the body's front, found by hovering until the editor's read-out
 *   under the views names it.
 * - The editor page's JS before interaction (gzip, cold load as pages.bench.ts takes it): at 390 px,
 *   where the 3D view (three.js) loads only when its tab is opened, and at 1280 px, where it loads at
 *   once (three.js apart).
 * - Other pages do not grow: `/`, `/skins`, a skin page and `/my-skins` load no script before
 *   interaction that only the editor island reaches (from the build's manifest and the chunks' own
 *   static and dynamic imports) and no three.js (budget: 0), with their JS before interaction (gzip).
 * Env: BENCH_EDITOR_STROKES (6 per view, width and CPU rate; a 2D stroke crosses 40 texels, a 3D one
 * 40 texels of the body's front).
 * Run: `bun test/bench/editor.bench.ts` (or `bun run bench editor`; needs a client build).
 * @module
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { CDPSession, Page } from 'playwright-core'
import { hydrated, launchChromium } from '../support/browser'
import { startBunServer } from '../support/bun-server'
import { coldLoad, type LoadResult } from './page-load'
import { percentile, record, type Figure } from './report'

const STROKES = Number(process.env.BENCH_EDITOR_STROKES ?? 6)
const CLIENT = join(import.meta.dir, '../../dist/client')
/** A 60 Hz mouse: one move per frame. */
const MOVE_EVERY_MS = 16
const FRAME_BUDGET_MS = 16

// --- which chunks only the editor reaches ----------------------------------------------------------

/** The `/assets/….js` files a chunk imports, statically or dynamically. */
function importsOf(url: string): string[] {
  const text = readFileSync(join(CLIENT, url), 'utf8')
  return [...text.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*["'](\/assets\/[\w.-]+\.js)["']/g)].map((m) => m[1]!)
}

/** Every chunk reachable from `roots`, never entering `stop`. */
function reachable(roots: string[], stop: ReadonlySet<string> = new Set()): Set<string> {
  const seen = new Set<string>()
  const queue = roots.filter((r) => !stop.has(r))
  while (queue.length) {
    const url = queue.pop()!
    if (seen.has(url)) continue
    seen.add(url)
    for (const next of importsOf(url)) if (!seen.has(next) && !stop.has(next)) queue.push(next)
  }
  return seen
}

/**
 * The chunks reachable from the editor island's entry and from nowhere else: every other entry of the
 * manifest (the client, the other islands, …) is walked without entering the editor's entry, which
 * the client's island loader names as one of its lazy imports.
 */
function editorOnlyChunks(): Set<string> {
  const manifest = JSON.parse(readFileSync(join(CLIENT, 'manifest.json'), 'utf8')) as { islands: Record<string, { file: string }> }
  const entry = manifest.islands['skin-editor']?.file
  if (!entry) throw new Error('the build has no skin-editor island')
  const { ['skin-editor']: _editor, ...others } = manifest.islands
  const otherRoots = [...new Set(JSON.stringify({ ...manifest, islands: others }).match(/\/assets\/[\w.-]+\.js/g) ?? [])]
  const elsewhere = reachable(otherRoots, new Set([entry]))
  return new Set([...reachable([entry])].filter((url) => !elsewhere.has(url)))
}

// --- strokes -----------------------------------------------------------------------------------------

type Point = { x: number; y: number }
/** Strokes so far: each gets a colour of its own, so every texel it crosses changes (a repaint in the same colour draws nothing). */
let strokes = 0
const nextColour = () => `#${((Math.imul(++strokes, 2654435761) >>> 8) & 0xffffff).toString(16).padStart(6, '0')}`

/** One mouse stroke through CDP: press at the first point, a move every 16 ms along the rest, release. */
async function stroke(cdp: CDPSession, points: Point[]) {
  const [first, ...rest] = points as [Point, ...Point[]]
  await cdp.send('Input.dispatchMouseEvent', { type: 'mouseMoved', x: first.x, y: first.y, button: 'none', buttons: 0 })
  await cdp.send('Input.dispatchMouseEvent', { type: 'mousePressed', x: first.x, y: first.y, button: 'left', buttons: 1, clickCount: 1 })
  const start = performance.now()
  for (const [i, p] of rest.entries()) {
    const wait = start + (i + 1) * MOVE_EVERY_MS - performance.now()
    if (wait > 0) await Bun.sleep(wait)
    await cdp.send('Input.dispatchMouseEvent', { type: 'mouseMoved', x: p.x, y: p.y, button: 'left', buttons: 1 })
  }
  const last = rest.at(-1) ?? first
  await cdp.send('Input.dispatchMouseEvent', { type: 'mouseReleased', x: last.x, y: last.y, button: 'left', buttons: 0, clickCount: 1 })
}

/** The client point at the centre of texel (x, y) of the 2D view. */
const texelPoint = (page: Page, x: number, y: number): Promise<Point> =>
  page.$eval(
    '.editor-texture__canvas',
    (canvas, [tx, ty]) => {
      const [scale, ox, oy] = (canvas.getAttribute('data-transform') ?? '').split(' ').map(Number) as [number, number, number]
      const rect = canvas.getBoundingClientRect()
      return { x: rect.left + ox + (tx + 0.5) * scale, y: rect.top + oy + (ty + 0.5) * scale }
    },
    [x, y] as const,
  )

/** A 2D stroke: along row `row` of the texture (right leg, body, right arm: x 4–43), a texel per move. */
async function path2d(page: Page, row: number): Promise<Point[]> {
  // Setting the colour may have scrolled the page (on a phone the colour field is below the view).
  await page.$eval('.editor-texture__canvas', (canvas) => canvas.scrollIntoView({ block: 'nearest', behavior: 'instant' }))
  return Promise.all(Array.from({ length: 40 }, (_, i) => texelPoint(page, 4 + i, row)))
}

/** The body's front on the 3D view, from the read-out under the views: its box in client pixels. */
async function bodyFront(page: Page): Promise<{ left: number; right: number; top: number; bottom: number }> {
  const box = (await page.locator('.editor-3d__canvas').boundingBox())!
  const onFront = async (x: number, y: number) => {
    await page.mouse.move(x, y)
    return page.$eval('.editor-hover', (el) => el.getAttribute('data-part') === 'body' && el.getAttribute('data-face') === 'front')
  }
  const cx = box.x + box.width / 2
  let y0 = NaN
  for (let y = box.y + box.height / 3; y < box.y + box.height; y += 4)
    if (await onFront(cx, y)) {
      y0 = y
      break
    }
  if (Number.isNaN(y0)) throw new Error('the read-out never named the body front on the 3D view')
  const walk = async (x: number, y: number, dx: number, dy: number) => {
    while (await onFront(x + dx, y + dy)) [x, y] = [x + dx, y + dy]
    return dx ? x : y
  }
  const [left, right] = [await walk(cx, y0, -2, 0), await walk(cx, y0, 2, 0)]
  const mid = (left + right) / 2
  return { left, right, top: await walk(mid, y0, 0, -2), bottom: await walk(mid, y0, 0, 2) }
}

/** A 3D stroke: to and fro across the body's front, every other row, a texel per move. */
function path3d(front: { left: number; right: number; top: number; bottom: number }, shift: number): Point[] {
  const texel = (front.right - front.left) / 8
  const odd = Math.abs(shift % 2)
  const points: Point[] = []
  for (let row = 0; row < 5; row++) {
    const y = front.top + texel * (row * 2 + 0.5 + odd)
    if (y > front.bottom - 1) break
    const xs = Array.from({ length: 8 }, (_, i) => front.left + texel * (i + 0.5))
    for (const x of row % 2 ? xs.reverse() : xs) points.push({ x, y })
  }
  return points
}

/** Runs strokes, a fresh colour each, and returns the measures `name` recorded during them. */
async function measure(page: Page, cdp: CDPSession, name: string, path: (i: number) => Promise<Point[]> | Point[]): Promise<number[]> {
  const durations: number[] = []
  // One stroke first that is not counted: code paths warm up.
  for (let i = -1; i < STROKES; i++) {
    await page.locator('.editor-colour__hex input').fill(nextColour())
    await page.evaluate(() => performance.clearMeasures())
    await stroke(cdp, await path(i))
    // The stroke's last frame, then the draft's save (~300 ms after a stroke) before the next one.
    await page.waitForTimeout(600)
    const taken = await page.evaluate((n) => performance.getEntriesByName(n, 'measure').map((e) => e.duration), name)
    if (i >= 0) durations.push(...taken)
  }
  return durations
}

// --- run ---------------------------------------------------------------------------------------------

const server = await startBunServer({ DEMO_SKINS: '4', LIMIT_ANONYMOUS_PER_MINUTE: '100000', LIMIT_ANONYMOUS_PER_HOUR: '1000000' })
const browser = await launchChromium()
const figures: Omit<Figure, 'bench'>[] = []
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
try {
  console.log(`Chromium ${browser.version()}; ${STROKES} strokes per view and CPU rate`)

  // Paint latency: at 1280 px with both views on screen (every frame draws the 2D view and renders
  // the 3D one), and at 390 px on the texture tab, where the 3D view is not loaded.
  const errors: string[] = []
  const latency = async (width: number, views: ('2d' | '3d')[]) => {
    const context = await browser.newContext({ viewport: { width, height: 900 }, deviceScaleFactor: 1, reducedMotion: 'reduce' })
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    page.on('pageerror', (e) => errors.push(e.message))
    await page.goto(`${server.origin}/editor`)
    await hydrated(page)
    await page.waitForSelector('.editor[data-ready] .editor-texture__canvas[data-transform]', { timeout: 30_000 })
    if (views.includes('3d')) await page.waitForSelector('.editor-model[data-state="ready"] .editor-3d__canvas', { timeout: 30_000 })
    await page.getByRole('button', { name: 'Pencil', exact: true }).click()
    await page.getByRole('button', { name: '1 px', exact: true }).click()
    const front = views.includes('3d') ? await bodyFront(page) : null
    const where = views.includes('3d') ? `${width} px, both views drawn each frame` : `${width} px, 2D view alone (3D not loaded)`
    for (const cpu of [1, 4]) {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu })
      for (const view of views) {
        const label = view === '2d' ? '2D texture view' : '3D view'
        const d = await measure(page, cdp, `editor:paint-${view}`, (i) => (view === '2d' ? path2d(page, 20 + (((i % 12) + 12) % 12)) : path3d(front!, i)))
        const [p50, p95, max] = [percentile(d, 0.5), percentile(d, 0.95), d.length ? Math.max(...d) : NaN]
        console.log(`  ${label} (${where}) ${cpu}×: p50 ${p50.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms, max ${max.toFixed(1)} ms (${d.length} frames)`)
        const note = `${where}; ${d.length} painted frames of ${STROKES} strokes, max ${max.toFixed(1)} ms`
        const budget = cpu === 1 ? { budget: { max: FRAME_BUDGET_MS } } : {}
        figures.push(
          { figure: `editor: ${label} stroke at ${width} px, input → paint p50, ${cpu}× CPU`, value: p50, unit: 'ms', ...budget, note },
          { figure: `editor: ${label} stroke at ${width} px, input → paint p95, ${cpu}× CPU`, value: p95, unit: 'ms', ...budget, note },
        )
      }
    }
    await context.close()
  }
  await latency(1280, ['2d', '3d'])
  await latency(390, ['2d'])
  figures.push({ figure: 'editor: page errors while painting', value: errors.length, unit: 'count', budget: { max: 0 }, note: errors.slice(0, 2).join('; ') || undefined })

  // JS sizes.
  const editorOnly = editorOnlyChunks()
  const sum = (r: LoadResult, pick: (s: LoadResult['scripts'][number]) => boolean) => r.scripts.filter(pick).reduce((n, s) => n + s.gzip, 0)
  const path = (url: string) => new URL(url).pathname
  const phone = await coldLoad(browser, `${server.origin}/editor`, { name: 'phone', cpu: 1, viewport: { width: 390, height: 844 } }, 1500)
  const desk = await coldLoad(browser, `${server.origin}/editor`, { name: 'desktop', cpu: 1, viewport: { width: 1280, height: 900 } }, 1500)
  const editorLoaded = desk.scripts.filter((s) => editorOnly.has(path(s.url)))
  if (editorLoaded.length === 0) throw new Error('the editor page loaded none of the chunks counted as editor-only: the manifest walk is wrong')
  figures.push(
    {
      figure: 'editor page at 390 px: JS before interaction (gzip)',
      value: sum(phone, () => true),
      unit: 'bytes',
      note: `${phone.scripts.length} scripts, editor's own ${kb(sum(phone, (s) => editorOnly.has(path(s.url))))}; no 3D view until its tab opens${sum(phone, (s) => s.viewer) ? ` — yet three.js loaded (${kb(sum(phone, (s) => s.viewer))})` : ''}`,
      failed: sum(phone, (s) => s.viewer) > 0,
    },
    {
      figure: 'editor page at 1280 px, 3D view loaded: JS (gzip)',
      value: sum(desk, () => true),
      unit: 'bytes',
      note: `${desk.scripts.length} scripts; three.js + skinview3d ${kb(sum(desk, (s) => s.viewer))}, the editor's own ${kb(sum(desk, (s) => editorOnly.has(path(s.url)) && !s.viewer))}`,
    },
    { figure: 'editor page: console errors + failed requests', value: phone.errors.length + desk.errors.length, unit: 'count', budget: { max: 0 }, note: [...phone.errors, ...desk.errors].slice(0, 2).join('; ') || undefined },
  )

  // Other pages.
  const list = (await (await fetch(`${server.origin}/api/v2/skins?size=1`)).json()) as { skins?: { uuid: string }[] }
  const skinId = list.skins?.[0]?.uuid
  if (!skinId) throw new Error('no seeded skin for the skin page')
  for (const [label, url] of [['/', '/'], ['/skins', '/skins'], ['skin page', `/skins/${skinId}`], ['/my-skins', '/my-skins']] as const) {
    const load = await coldLoad(browser, `${server.origin}${url}`, { name: 'unthrottled', cpu: 1 }, 1500)
    const strays = load.scripts.filter((s) => s.viewer || editorOnly.has(path(s.url)))
    figures.push(
      { figure: `${label}: editor or three.js scripts before interaction`, value: strays.length, unit: 'count', budget: { max: 0 }, note: strays.map((s) => path(s.url)).join(', ') || undefined },
      { figure: `${label}: JS before interaction (gzip), with the editor built`, value: sum(load, () => true), unit: 'bytes', note: `${load.scripts.length} scripts` },
    )
  }
  record('editor', figures)
} finally {
  await browser.close()
  await server.stop()
}
