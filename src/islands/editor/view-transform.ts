/**
 * Zoom and pan of the 2D texture view, as plain numbers: `scale` CSS pixels per texel and the CSS
 * position of the texture's top-left corner in the view. Fitting picks a whole number of device
 * pixels per texel, so every texel is drawn the same size (no uneven pixel grid).
 * @module
 */
import { SIZE } from '../../shared/skin-editor/texture'

/** Where the texture is in the view. */
export interface ViewTransform {
  /** CSS pixels per texel. */
  scale: number
  /** CSS position of texel (0, 0)'s corner. */
  x: number
  y: number
}

/** Zoom limits, CSS pixels per texel. */
export const MIN_SCALE = 1
export const MAX_SCALE = 64

/** Zoom step of the buttons, keys and one wheel notch. */
export const ZOOM_STEP = 1.25

/** The whole texture, centred, as large as fits in `width`×`height` (CSS px) with whole device pixels per texel. */
export function fitTransform(width: number, height: number, dpr = 1): ViewTransform {
  const device = Math.max(1, Math.floor((Math.min(width, height) * dpr) / SIZE))
  const scale = Math.min(MAX_SCALE, device / dpr)
  return { scale, x: Math.round(((width - SIZE * scale) / 2) * dpr) / dpr, y: Math.round(((height - SIZE * scale) / 2) * dpr) / dpr }
}

/** Keeps at least a quarter of the texture (or of the view) in sight, so it cannot be lost off-screen. */
export function clampTransform(t: ViewTransform, width: number, height: number): ViewTransform {
  const size = SIZE * t.scale
  const keepX = Math.min(size, width) / 4
  const keepY = Math.min(size, height) / 4
  return { scale: t.scale, x: Math.min(width - keepX, Math.max(keepX - size, t.x)), y: Math.min(height - keepY, Math.max(keepY - size, t.y)) }
}

/** Zooms by `factor` keeping the point (`px`, `py`) (CSS px in the view) where it is. */
export function zoomAt(t: ViewTransform, factor: number, px: number, py: number): ViewTransform {
  const scale = Math.min(MAX_SCALE, Math.max(MIN_SCALE, t.scale * factor))
  const k = scale / t.scale
  return { scale, x: px - (px - t.x) * k, y: py - (py - t.y) * k }
}

/** Moves the texture by (`dx`, `dy`) CSS px. */
export const panBy = (t: ViewTransform, dx: number, dy: number): ViewTransform => ({ scale: t.scale, x: t.x + dx, y: t.y + dy })

/** The texel under (`px`, `py`) (CSS px in the view); may lie outside the texture. */
export function texelAt(t: ViewTransform, px: number, py: number): [number, number] {
  return [Math.floor((px - t.x) / t.scale), Math.floor((py - t.y) / t.scale)]
}

/** A two-finger gesture's start: both points and the transform then. */
export interface PinchStart {
  a: [number, number]
  b: [number, number]
  transform: ViewTransform
}

/**
 * The transform during a two-finger pinch/pan: the scale follows the distance between the fingers and
 * the texture point that was under their midpoint stays under it.
 */
export function pinchTransform(start: PinchStart, a: [number, number], b: [number, number]): ViewTransform {
  const dist = (p: [number, number], q: [number, number]) => Math.hypot(p[0] - q[0], p[1] - q[1]) || 1
  const mid = (p: [number, number], q: [number, number]): [number, number] => [(p[0] + q[0]) / 2, (p[1] + q[1]) / 2]
  const t0 = start.transform
  const scale = Math.min(MAX_SCALE, Math.max(MIN_SCALE, t0.scale * (dist(a, b) / dist(start.a, start.b))))
  const [m0x, m0y] = mid(start.a, start.b)
  const [mx, my] = mid(a, b)
  // The texture point under the first midpoint, in texels, goes under the new midpoint.
  const u = (m0x - t0.x) / t0.scale
  const v = (m0y - t0.y) / t0.scale
  return { scale, x: mx - u * scale, y: my - v * scale }
}
