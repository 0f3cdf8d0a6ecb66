/**
 * Driving the skin editor's 2D texture view from a Chromium test: where a texel is on screen (from the
 * view's `data-transform`, "scale offsetX offsetY" in CSS px), what colour the view shows there, and a
 * mouse stroke across texels.
 * @module
 */
import type { Page } from 'playwright-core'

/** The 2D view's canvas. */
export const TEXTURE_CANVAS = '.editor-texture__canvas'

/** The client point at the centre of texel (x, y) of the 2D view. */
export async function texelPoint(page: Page, x: number, y: number): Promise<{ x: number; y: number }> {
  return page.$eval(
    TEXTURE_CANVAS,
    (canvas, [tx, ty]) => {
      const [scale, ox, oy] = (canvas.getAttribute('data-transform') ?? '').split(' ').map(Number) as [number, number, number]
      const rect = canvas.getBoundingClientRect()
      return { x: rect.left + ox + (tx + 0.5) * scale, y: rect.top + oy + (ty + 0.5) * scale }
    },
    [x, y] as const,
  )
}

/** The colours the 2D view shows at the centres of `texels`, `#rrggbb` each (after the view's next frame). */
export async function shownAll(page: Page, texels: readonly (readonly [number, number])[]): Promise<string[]> {
  // The view draws in the next frame after a change: two frames make sure it has.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
  return page.$eval(
    TEXTURE_CANVAS,
    (canvas, points) => {
      const [scale, ox, oy] = (canvas.getAttribute('data-transform') ?? '').split(' ').map(Number) as [number, number, number]
      const dpr = (canvas as HTMLCanvasElement).width / canvas.getBoundingClientRect().width
      const ctx = (canvas as HTMLCanvasElement).getContext('2d')!
      return points.map(([tx, ty]) => {
        const data = ctx.getImageData(Math.floor((ox + (tx + 0.5) * scale) * dpr), Math.floor((oy + (ty + 0.5) * scale) * dpr), 1, 1).data
        return `#${[data[0], data[1], data[2]].map((v) => v!.toString(16).padStart(2, '0')).join('')}`
      })
    },
    texels,
  )
}

/** The colour the 2D view shows at the centre of texel (x, y), `#rrggbb`. */
export const shown = async (page: Page, x: number, y: number): Promise<string> => (await shownAll(page, [[x, y]]))[0]!

/** Drags the mouse across texels `from` → `to` of the 2D view. */
export async function stroke2d(page: Page, from: [number, number], to: [number, number]) {
  await page.locator(TEXTURE_CANVAS).scrollIntoViewIfNeeded()
  const a = await texelPoint(page, ...from)
  const b = await texelPoint(page, ...to)
  await page.mouse.move(a.x, a.y)
  await page.mouse.down()
  await page.mouse.move(b.x, b.y, { steps: 6 })
  await page.mouse.up()
}
