/**
 * The editor's 3D view (editor contract part D) in real Chromium with software WebGL, on a page of its
 * own that loads only src/islands/editor/editor-3d.ts (bundled here with Bun.build): a pointer on a
 * face of any part paints a texel of that face's rect of the texture, on the active layer only, never
 * on a hidden part; a texel painted into the texture canvas shows on the model in the same call;
 * a left drag on the model paints while one off it, a right drag, the wheel and the arrow keys turn
 * or zoom the view; one finger paints and two fingers turn and pinch without painting; frames are
 * drawn only when something changes or a moving pose plays; no WebGL gives null.
 * @module
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { Browser, BrowserContextOptions, Page } from 'playwright-core'
import type { Editor3d, Editor3dOptions } from '../../src/islands/editor/editor-3d'
import { BOX_FACES, type BoxFace, type PartName } from '../../src/shared/skin/skin-model'
import { PART_NAMES, rectOf } from '../../src/shared/skin-editor/layout'
import type { Layer, Model } from '../../src/shared/skin-editor/texture'
import { launchChromium } from '../support/browser'

/** What the harness page keeps on `window`. */
interface Harness {
  mountEditor3d(host: HTMLElement, options: Editor3dOptions): Promise<Editor3d | null>
  editor: Editor3d | null
  texture: HTMLCanvasElement
  events: { phase: string; texel: { x: number; y: number } | null }[]
  mount(model: Model): Promise<boolean>
  /** The RGBA of the 3D canvas at a client point. */
  pixelAt(x: number, y: number): number[]
}
type Win = Window & Harness

const SIZE = 400
let browser: Browser
let bundle = ''

beforeAll(async () => {
  // A page with the 3D module alone: an entry that puts mountEditor3d on window, bundled for the browser.
  const dir = mkdtempSync(join(tmpdir(), 'editor-3d-'))
  const entry = join(dir, 'entry.ts')
  const module = resolve(import.meta.dir, '../../src/islands/editor/editor-3d.ts')
  writeFileSync(entry, `import { mountEditor3d } from ${JSON.stringify(module)}\n;(window as any).mountEditor3d = mountEditor3d\n`)
  const built = await Bun.build({ entrypoints: [entry], target: 'browser', format: 'iife', minify: true })
  rmSync(dir, { recursive: true, force: true })
  if (!built.success) throw new AggregateError(built.logs, 'harness build failed')
  bundle = await built.outputs[0]!.text()
  browser = await launchChromium()
}, 60_000)

afterAll(async () => {
  await browser?.close()
})

/** A fresh page with the harness: a 400×400 host and a template texture (base grey, overlays transparent). */
async function open(options: BrowserContextOptions = {}) {
  const context = await browser.newContext({ viewport: { width: 640, height: 480 }, deviceScaleFactor: 1, ...options })
  const page = await context.newPage()
  const problems: string[] = []
  page.on('pageerror', (error) => problems.push(String(error)))
  await page.setContent(`<!doctype html><html><body style="margin:0"><div id="host" style="width:${SIZE}px;height:${SIZE}px"></div></body></html>`)
  await page.addScriptTag({ content: bundle })
  await page.evaluate(() => {
    const w = window as unknown as Win
    const texture = document.createElement('canvas')
    texture.width = texture.height = 64
    const g = texture.getContext('2d')!
    g.fillStyle = '#808080'
    g.fillRect(0, 0, 64, 64)
    // The overlay areas of a 64x64 skin stay transparent, so the base shows through them.
    for (const [x, y, width, height] of [[32, 0, 32, 16], [0, 32, 64, 16], [0, 48, 16, 16], [48, 48, 16, 16]] as const) g.clearRect(x, y, width, height)
    w.texture = texture
    w.events = []
    w.mount = async (model) => {
      w.editor = await w.mountEditor3d(document.getElementById('host')!, {
        texture,
        model,
        label: 'Skin on the model',
        onPaint: (phase, texel) => w.events.push({ phase, texel }),
      })
      return w.editor !== null
    }
    w.pixelAt = (x, y) => {
      const source = w.editor!.canvas
      const copy = document.createElement('canvas')
      copy.width = source.width
      copy.height = source.height
      const c = copy.getContext('2d')!
      c.drawImage(source, 0, 0)
      const box = source.getBoundingClientRect()
      return [...c.getImageData(Math.round(x - box.left), Math.round(y - box.top), 1, 1).data]
    }
  })
  return { context, page, problems, close: () => context.close() }
}

const mount = (page: Page, model: Model = 'classic') => page.evaluate((m) => (window as unknown as Win).mount(m), model)
const events = (page: Page) => page.evaluate(() => (window as unknown as Win).events.splice(0))
const pointOf = (page: Page, part: PartName, face: BoxFace, layer: Layer) =>
  page.evaluate(([p, f, l]) => (window as unknown as Win).editor!.screenPointOf(p, f, l), [part, face, layer] as const)

/** Is texel `t` inside the rect of that face? */
const inRect = (t: { x: number; y: number } | null, model: Model, part: PartName, layer: Layer, face: BoxFace) => {
  const r = rectOf(model, part, layer, face)
  return t !== null && t.x >= r.x && t.x < r.x + r.w && t.y >= r.y && t.y < r.y + r.h
}

describe('the 3D editor view', () => {
  test('the texel under the centre of every face of every part is in that face rect, on the base and the overlay, classic and slim', async () => {
    const { page, problems, close } = await open()
    expect(await mount(page)).toBe(true)
    for (const model of ['classic', 'slim'] as const) {
      // Each face in turn, seen from its side, with the other parts hidden so nothing stands in front.
      const found = await page.evaluate(
        ({ model, parts, faces }) => {
          const editor = (window as unknown as Win).editor!
          editor.setModel(model)
          const view: Record<string, () => void> = {
            front: () => {},
            back: () => editor.turn(Math.PI),
            right: () => editor.turn(Math.PI / 2),
            left: () => editor.turn(-Math.PI / 2),
            top: () => editor.tilt(-0.9),
            bottom: () => editor.tilt(0.9),
          }
          const rows = []
          for (const layer of ['base', 'overlay'] as const) {
            editor.setActiveLayer(layer)
            for (const part of parts) {
              for (const other of parts) for (const l of ['base', 'overlay'] as const) editor.setVisible(other, l, other === part)
              for (const face of faces) {
                editor.reset()
                view[face]!()
                const point = editor.screenPointOf(part, face, layer)
                rows.push({ part, face, layer, point, hit: point && editor.texelAt(point.x, point.y) })
              }
            }
          }
          for (const other of parts) for (const l of ['base', 'overlay'] as const) editor.setVisible(other, l, true)
          editor.reset()
          return rows
        },
        { model, parts: PART_NAMES, faces: BOX_FACES },
      )
      expect(found).toHaveLength(6 * 6 * 2)
      const wrong = found.filter(({ part, face, layer, hit }) => !hit || hit.part !== part || hit.face !== face || hit.layer !== layer || !inRect(hit, model, part, layer, face))
      expect(wrong).toEqual([])
    }

    // A real click at the centre of the head's front: base (8..15, 8..15), then overlay (40..47, 8..15).
    await page.evaluate(() => {
      const editor = (window as unknown as Win).editor!
      editor.setModel('classic')
      editor.setActiveLayer('base')
    })
    const base = (await pointOf(page, 'head', 'front', 'base'))!
    await page.mouse.click(base.x, base.y)
    const [start, end] = await events(page)
    expect(start).toEqual({ phase: 'start', texel: expect.anything() })
    expect(inRect(start!.texel, 'classic', 'head', 'base', 'front')).toBe(true)
    expect(end).toEqual({ phase: 'end', texel: start!.texel })

    await page.evaluate(() => (window as unknown as Win).editor!.setActiveLayer('overlay'))
    const overlay = (await pointOf(page, 'head', 'front', 'overlay'))!
    await page.mouse.click(overlay.x, overlay.y)
    const [overlayStart] = await events(page)
    expect(overlayStart?.phase).toBe('start')
    expect(inRect(overlayStart!.texel, 'classic', 'head', 'overlay', 'front')).toBe(true)
    expect(problems).toEqual([])
    await close()
  }, 60_000)

  test('the inactive layer and hidden parts are not hit: a drag there turns the view instead of painting', async () => {
    const { page, close } = await open()
    expect(await mount(page)).toBe(true)
    const at = (x: number, y: number) => page.evaluate(([x, y]) => (window as unknown as Win).editor!.texelAt(x!, y!), [x, y])
    const run = (code: string) => page.evaluate(code)
    // The overlay box is in front of the base box: with the base active the ray goes through it.
    const head = (await pointOf(page, 'head', 'front', 'overlay'))!
    expect(inRect(await at(head.x, head.y), 'classic', 'head', 'base', 'front')).toBe(true)
    await run(`window.editor.setActiveLayer('overlay')`)
    expect(inRect(await at(head.x, head.y), 'classic', 'head', 'overlay', 'front')).toBe(true)
    // A hidden overlay is not hit, and neither is the base behind it while the overlay is active.
    await run(`window.editor.setVisible('head', 'overlay', false)`)
    expect(await at(head.x, head.y)).toBeNull()
    await run(`window.editor.setActiveLayer('base')`)
    expect(inRect(await at(head.x, head.y), 'classic', 'head', 'base', 'front')).toBe(true)
    await run(`window.editor.setVisible('head', 'base', false)`)
    expect(await at(head.x, head.y)).toBeNull()
    // The body (visible) is still hit where it is.
    const body = (await pointOf(page, 'body', 'front', 'base'))!
    expect(inRect(await at(body.x, body.y), 'classic', 'body', 'base', 'front')).toBe(true)

    // A drag that starts on the hidden head: no paint, the view turns.
    const before = await pointOf(page, 'body', 'front', 'base')
    await page.mouse.move(head.x, head.y)
    await page.mouse.down()
    await page.mouse.move(head.x + 40, head.y, { steps: 4 })
    await page.mouse.up()
    expect(await events(page)).toEqual([])
    expect(await pointOf(page, 'body', 'front', 'base')).not.toEqual(before)
    await close()
  }, 60_000)

  test('the texel picked under a point is the one drawn there: painted into the texture canvas, it shows as textureChanged() returns', async () => {
    const { page, close } = await open()
    expect(await mount(page)).toBe(true)
    const spots = [
      ...PART_NAMES.map((part) => ({ part, layer: 'base' as const })),
      { part: 'head' as const, layer: 'overlay' as const },
      { part: 'body' as const, layer: 'overlay' as const },
      { part: 'leftArm' as const, layer: 'overlay' as const },
    ]
    const results = await page.evaluate((spots) => {
      const w = window as unknown as Win
      const editor = w.editor!
      const g = w.texture.getContext('2d')!
      return spots.map(({ part, layer }) => {
        editor.setActiveLayer(layer)
        // Drawn now (a layer change alone is drawn in the next frame).
        editor.textureChanged()
        // A little off the face's centre, which is a corner of texels on most faces (8 or 4 texels across).
        const centre = editor.screenPointOf(part, 'front', layer)!
        const point = { x: centre.x + 3, y: centre.y + 3 }
        const hit = editor.texelAt(point.x, point.y)!
        const before = w.pixelAt(point.x, point.y)
        const saved = g.getImageData(hit.x, hit.y, 1, 1)
        g.fillStyle = '#ff0000'
        g.fillRect(hit.x, hit.y, 1, 1)
        // Read back in the same task: the frame was drawn inside the call, not in a later one.
        const untouched = w.pixelAt(point.x, point.y)
        editor.textureChanged()
        const after = w.pixelAt(point.x, point.y)
        g.putImageData(saved, hit.x, hit.y)
        editor.textureChanged()
        const restored = w.pixelAt(point.x, point.y)
        return { part, layer, hit, before, untouched, after, restored }
      })
    }, spots)
    for (const { part, layer, hit, before, untouched, after, restored } of results) {
      const where = `${part} ${layer} (${hit.x},${hit.y})`
      expect({ where, inRect: inRect(hit, 'classic', part, layer, 'front') }).toEqual({ where, inRect: true })
      // The grey template, lit: red, green and blue alike; then red where the texel was painted.
      const [r0, g0, b0] = before
      expect({ where, grey: Math.abs(r0! - g0!) < 8 && Math.abs(g0! - b0!) < 8 }).toEqual({ where, grey: true })
      expect(untouched).toEqual(before)
      const [r1, g1, b1] = after
      expect({ where, red: r1! - g1! > 100 && r1! - b1! > 100 }).toEqual({ where, red: true })
      expect(restored).toEqual(before)
    }
    await close()
  }, 60_000)

  test('the inactive layer is dimmed: the overlay see-through over an active base, the base darker under an active overlay', async () => {
    const { page, close } = await open()
    expect(await mount(page)).toBe(true)
    const seen = await page.evaluate(() => {
      const w = window as unknown as Win
      const editor = w.editor!
      const centre = editor.screenPointOf('head', 'front', 'overlay')!
      const point = { x: centre.x + 3, y: centre.y + 3 }
      editor.setActiveLayer('overlay')
      const hit = editor.texelAt(point.x, point.y)!
      // An opaque red overlay texel over the grey base.
      const g = w.texture.getContext('2d')!
      g.fillStyle = '#ff0000'
      g.fillRect(hit.x, hit.y, 1, 1)
      const look = (layer: 'base' | 'overlay') => {
        editor.setActiveLayer(layer)
        editor.textureChanged()
        return { overlay: w.pixelAt(point.x, point.y), base: w.pixelAt(centre.x - 20, centre.y + 3) }
      }
      return { base: look('base'), overlay: look('overlay') }
    })
    const [rb, gb] = seen.base.overlay
    const [ro, go] = seen.overlay.overlay
    // Overlay active: the red texel at full strength; base active: the grey shows through it.
    expect(ro! - go!).toBeGreaterThan(200)
    expect(rb! - gb!).toBeGreaterThan(30)
    expect(rb! - gb!).toBeLessThan((ro! - go!) * 0.6)
    // A base texel (no overlay over it) is darker while the overlay is the active layer.
    expect(seen.overlay.base[0]!).toBeLessThan(seen.base.base[0]! * 0.7)
    await close()
  }, 60_000)

  test('mouse: a left drag on the model paints texel by texel and reports leaving it; off the model, right drags, the wheel and keys move the view', async () => {
    const { page, close } = await open()
    expect(await mount(page)).toBe(true)
    const head = (await pointOf(page, 'head', 'front', 'base'))!
    await page.mouse.move(head.x, head.y)
    await page.mouse.down()
    await page.mouse.move(head.x + 30, head.y, { steps: 6 })
    await page.mouse.move(5, 5)
    await page.mouse.up()
    const stroke = await events(page)
    expect(stroke[0]?.phase).toBe('start')
    expect(stroke.at(-1)).toEqual({ phase: 'end', texel: null })
    const moves = stroke.filter((e) => e.phase === 'move')
    expect(moves.at(-1)?.texel).toBeNull()
    const painted = moves.flatMap((e) => (e.texel ? [e.texel] : []))
    // The head's front is 8 texels across; 30 px crosses several, each reported once, left to right.
    expect(painted.length).toBeGreaterThanOrEqual(2)
    expect(painted.every((t) => inRect(t, 'classic', 'head', 'base', 'front'))).toBe(true)
    expect(new Set(painted.map((t) => `${t.x},${t.y}`)).size).toBe(painted.length)
    expect(painted.map((t) => t.x)).toEqual([...painted.map((t) => t.x)].sort((a, b) => a - b))
    // Painting did not move the view.
    expect(await pointOf(page, 'head', 'front', 'base')).toEqual(head)

    const moved = async (action: () => Promise<unknown>) => {
      const before = await pointOf(page, 'head', 'front', 'base')
      await action()
      const after = await pointOf(page, 'head', 'front', 'base')
      expect(await events(page)).toEqual([])
      return JSON.stringify(after) !== JSON.stringify(before)
    }
    // A left drag that starts off the model turns the view.
    expect(
      await moved(async () => {
        await page.mouse.move(10, SIZE / 2)
        await page.mouse.down()
        await page.mouse.move(60, SIZE / 2, { steps: 4 })
        await page.mouse.up()
      }),
    ).toBe(true)
    // A right drag on the model turns it and paints nothing.
    const headNow = (await pointOf(page, 'head', 'front', 'base'))!
    expect(
      await moved(async () => {
        await page.mouse.move(headNow.x, headNow.y)
        await page.mouse.down({ button: 'right' })
        await page.mouse.move(headNow.x - 40, headNow.y + 10, { steps: 4 })
        await page.mouse.up({ button: 'right' })
      }),
    ).toBe(true)
    // The wheel zooms (at the pointer) ...
    expect(
      await moved(async () => {
        await page.mouse.move(SIZE / 2 + 30, SIZE / 3)
        await page.mouse.wheel(0, -300)
      }),
    ).toBe(true)
    // ... and with the canvas focused, the arrows turn the view.
    await page.focus('.editor-3d__canvas')
    expect(await moved(() => page.keyboard.press('ArrowLeft'))).toBe(true)
    expect(await moved(() => page.keyboard.press('='))).toBe(true)
    await close()
  }, 60_000)

  test('touch: one finger paints; two fingers turn and pinch-zoom the view and paint nothing', async () => {
    const { context, page, close } = await open({ hasTouch: true })
    expect(await mount(page)).toBe(true)
    const cdp = await context.newCDPSession(page)
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', points: { x: number; y: number }[]) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points.map((p, id) => ({ x: p.x, y: p.y, id })) })

    const head = (await pointOf(page, 'head', 'front', 'base'))!
    await touch('touchStart', [head])
    for (let dx = 5; dx <= 25; dx += 5) await touch('touchMove', [{ x: head.x + dx, y: head.y }])
    await touch('touchEnd', [])
    const stroke = await events(page)
    expect(stroke[0]?.phase).toBe('start')
    expect(inRect(stroke[0]!.texel, 'classic', 'head', 'base', 'front')).toBe(true)
    expect(stroke.at(-1)?.phase).toBe('end')
    expect(stroke.filter((e) => e.phase === 'move').length).toBeGreaterThanOrEqual(1)
    expect(stroke.every((e) => e.texel === null || inRect(e.texel, 'classic', 'head', 'base', 'front'))).toBe(true)
    expect(await pointOf(page, 'head', 'front', 'base')).toEqual(head)

    // Two fingers, one of them on the model: they turn the view together ...
    const body = (await pointOf(page, 'body', 'front', 'base'))!
    await touch('touchStart', [head, body])
    for (let dx = 10; dx <= 60; dx += 10)
      await touch('touchMove', [
        { x: head.x + dx, y: head.y },
        { x: body.x + dx, y: body.y },
      ])
    const turned = await pointOf(page, 'body', 'front', 'base')
    expect(turned).not.toEqual(body)
    // ... and spreading them zooms in: the body and the arm beside it draw farther apart.
    const span = () =>
      page.evaluate(() => {
        const e = (window as unknown as Win).editor!
        const a = e.screenPointOf('rightArm', 'front', 'base')
        const b = e.screenPointOf('body', 'front', 'base')
        return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : null
      })
    await touch('touchEnd', [])
    await page.evaluate(() => (window as unknown as Win).editor!.reset())
    const wide = await span()
    const centre = { x: SIZE / 2, y: SIZE / 2 }
    await touch('touchStart', [{ x: centre.x - 20, y: centre.y }, { x: centre.x + 20, y: centre.y }])
    for (let d = 25; d <= 50; d += 5)
      await touch('touchMove', [
        { x: centre.x - d, y: centre.y },
        { x: centre.x + d, y: centre.y },
      ])
    await touch('touchEnd', [])
    expect((await span())!).toBeGreaterThan(wide! * 1.5)
    expect(await events(page)).toEqual([])
    await close()
  }, 60_000)

  test('frames are drawn only on a change, every frame while the walk plays, and at once on textureChanged()', async () => {
    const { page, close } = await open()
    await page.evaluate(() => {
      // Counts the WebGL draw calls of the page: the view's frames.
      const w = window as unknown as { draws: number }
      w.draws = 0
      for (const proto of [WebGLRenderingContext.prototype, WebGL2RenderingContext.prototype]) {
        for (const name of ['drawElements', 'drawArrays'] as const) {
          const original = proto[name] as (...args: unknown[]) => void
          ;(proto as unknown as Record<string, unknown>)[name] = function (this: unknown, ...args: unknown[]) {
            w.draws++
            return original.apply(this, args)
          }
        }
      }
    })
    expect(await mount(page)).toBe(true)
    /** Draw calls over the next `n` animation frames. */
    const drawsOver = (n: number) =>
      page.evaluate(async (n) => {
        const w = window as unknown as { draws: number }
        await new Promise<void>((done) => requestAnimationFrame(() => done()))
        const start = w.draws
        for (let i = 0; i < n; i++) await new Promise<void>((done) => requestAnimationFrame(() => done()))
        return w.draws - start
      }, n)
    expect(await drawsOver(5)).toBe(0)
    // The count after the call is read in the same task as the call: read in a later one, on a loaded
    // machine the smoothed frame below could already have been drawn and never be waited for.
    const { inCall, before } = await page.evaluate(() => {
      const w = window as unknown as Win & { draws: number }
      const start = w.draws
      w.editor!.textureChanged()
      return { inCall: w.draws - start, before: w.draws }
    })
    expect(inCall).toBeGreaterThan(0)
    // The call draws straight to the canvas; once the texture stays still, one smoothed frame follows
    // (the same scene plus skinview3d's FXAA pass: one draw more), and then nothing.
    await page.waitForFunction((before) => (window as unknown as { draws: number }).draws > before, before)
    expect(await page.evaluate((before) => (window as unknown as { draws: number }).draws - before, before)).toBe(inCall + 1)
    expect(await drawsOver(5)).toBe(0)
    await page.evaluate(() => (window as unknown as Win).editor!.setPose('walk'))
    expect(await drawsOver(5)).toBeGreaterThanOrEqual(5 * inCall - inCall)
    // Under a stroke the walk holds still (the texel under a resting pointer stays the same one) ...
    const body = (await pointOf(page, 'body', 'front', 'base'))!
    await page.mouse.move(body.x, body.y)
    await page.mouse.down()
    expect((await events(page)).map((e) => e.phase)).toEqual(['start'])
    expect(await drawsOver(5)).toBe(0)
    await page.mouse.up()
    // ... and walks on after it.
    expect(await drawsOver(5)).toBeGreaterThanOrEqual(5 * inCall - inCall)
    await page.evaluate(() => (window as unknown as Win).editor!.setPose('tpose'))
    await drawsOver(1)
    expect(await drawsOver(5)).toBe(0)
    await close()
  }, 60_000)

  test('the home view shows the whole player, head to feet, clear of the insets, in a phone, a desktop, a square and a wide view; an untouched view fits again when resized or posed', async () => {
    const { page, problems, close } = await open()
    const INSET = 60
    const mounted = await page.evaluate(async (bottom) => {
      const w = window as unknown as Win
      w.editor = await w.mountEditor3d(document.getElementById('host')!, { texture: w.texture, model: 'classic', label: 'Skin on the model', onPaint: () => {}, homeInsets: { bottom } })
      return w.editor !== null
    }, INSET)
    expect(mounted).toBe(true)
    /** The view at `width`×`height` CSS px in `pose`: the box of the pixels the player covers. */
    const drawn = (width: number, height: number, pose: 'stand' | 'tpose') =>
      page.evaluate(
        ([width, height, pose]) => {
          const w = window as unknown as Win
          const host = document.getElementById('host')!
          host.style.width = `${width}px`
          host.style.height = `${height}px`
          w.editor!.resize()
          w.editor!.setPose(pose as 'stand' | 'tpose')
          w.editor!.textureChanged()
          const source = w.editor!.canvas
          const copy = document.createElement('canvas')
          copy.width = source.width
          copy.height = source.height
          const c = copy.getContext('2d')!
          c.drawImage(source, 0, 0)
          const { data } = c.getImageData(0, 0, copy.width, copy.height)
          let [left, top, right, bottom] = [Infinity, Infinity, -Infinity, -Infinity]
          for (let y = 0; y < copy.height; y++)
            for (let x = 0; x < copy.width; x++)
              if (data[(y * copy.width + x) * 4 + 3]! > 0) {
                left = Math.min(left, x)
                right = Math.max(right, x + 1)
                top = Math.min(top, y)
                bottom = Math.max(bottom, y + 1)
              }
          return { left, top, right, bottom, canvas: [copy.width, copy.height] }
        },
        [width, height, pose] as const,
      )
    for (const [width, height, pose] of [
      [358, 460, 'stand'],
      [420, 540, 'stand'],
      [400, 400, 'stand'],
      [640, 300, 'stand'],
      [358, 460, 'tpose'],
    ] as const) {
      const box = await drawn(width, height, pose)
      expect(box.canvas).toEqual([width, height])
      // Nothing touches an edge; the feet stay above the inset (where the island's controls lie) ...
      expect(box.left).toBeGreaterThanOrEqual(4)
      expect(box.top).toBeGreaterThanOrEqual(4)
      expect(width - box.right).toBeGreaterThanOrEqual(4)
      expect(height - box.bottom).toBeGreaterThanOrEqual(INSET)
      // ... and the player is not lost in the middle: it spans most of the height or the width left.
      const fill = Math.max((box.bottom - box.top) / (height - INSET), (box.right - box.left) / width)
      expect(fill).toBeGreaterThan(0.8)
    }
    expect(problems).toEqual([])
    await close()
  }, 60_000)

  test('without WebGL the module answers null', async () => {
    const { page, close } = await open()
    await page.evaluate(() => {
      const original = HTMLCanvasElement.prototype.getContext
      HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, type: string, ...rest: unknown[]) {
        return /webgl/i.test(type) ? null : (original as (...a: unknown[]) => RenderingContext | null).call(this, type, ...rest)
      } as typeof original
    })
    expect(await mount(page)).toBe(false)
    expect(await page.locator('canvas').count()).toBe(0)
    await close()
  }, 60_000)
})
