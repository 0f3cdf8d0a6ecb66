/**
 * Zoom and pan of the 2D view: the fitted texture is centred with a whole number of device pixels per
 * texel, zooming keeps the point under the pointer (or between two fingers) in place, and the texture
 * can never be pushed out of sight.
 */
import { expect, test } from 'bun:test'
import { clampTransform, fitTransform, MAX_SCALE, pinchTransform, texelAt, zoomAt } from './view-transform'

test('fitting: whole device pixels per texel, centred', () => {
  expect(fitTransform(422, 540, 1)).toEqual({ scale: 6, x: 19, y: 78 })
  // At 2× the texel is 13 device pixels, 6.5 CSS pixels.
  expect(fitTransform(422, 540, 2).scale).toBe(6.5)
  expect(fitTransform(10, 10, 1).scale).toBe(1)
})

test('zooming keeps the texel under the pointer', () => {
  const t = fitTransform(400, 400, 1)
  const before = texelAt(t, 123, 77)
  const zoomed = zoomAt(t, 3, 123, 77)
  expect(zoomed.scale).toBe(t.scale * 3)
  expect(texelAt(zoomed, 123, 77)).toEqual(before)
  expect(zoomAt(t, 1000, 0, 0).scale).toBe(MAX_SCALE)
})

test('a pinch scales by the finger distance and keeps the texture point under their midpoint', () => {
  const start = { a: [100, 100] as [number, number], b: [200, 100] as [number, number], transform: { scale: 4, x: 0, y: 0 } }
  const t = pinchTransform(start, [50, 150], [250, 150])
  expect(t.scale).toBe(8)
  // Texel at the first midpoint (150, 100) → (37.5, 25) texels; now under (150, 150).
  expect((150 - t.x) / t.scale).toBeCloseTo(37.5)
  expect((150 - t.y) / t.scale).toBeCloseTo(25)
})

test('the texture cannot be panned out of sight', () => {
  const t = clampTransform({ scale: 4, x: -10_000, y: 10_000 }, 400, 300)
  // At least a quarter of the visible texture stays in the view.
  expect(t.x + 64 * 4).toBeGreaterThan(0)
  expect(t.y).toBeLessThan(300)
})
