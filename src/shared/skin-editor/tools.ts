/**
 * The painting tools. Every tool writes through a {@link Stroke} (one gesture = one undo step),
 * changes only used texels of the active layer (the other layer and unused texels are never
 * touched), applies the same change at the mirrored texel when mirroring is on, and paints a
 * size×size square clipped to the face of the texel under the pointer.
 * @module
 */
import { shiftLightness } from './color'
import { faceRects, forEachInRect, placeOf } from './layout'
import { mirrorTexel } from './mirror'
import type { Stroke } from './stroke'
import { alphaOf, getTexel, sameColor, SIZE, TRANSPARENT, type Color, type Layer, type Model, type SkinTexture } from './texture'

/** What every tool needs to know besides the texel. */
export interface ToolOptions {
  /** the arm width the texture is laid out for */
  model: Model
  /** the layer being painted; the other one is never changed */
  layer: Layer
  /** also change the texel mirrored left↔right */
  mirror: boolean
  /** the colour pencil and fill write */
  color: Color
  /** brush edge in texels */
  size: 1 | 2 | 3
  /** random source in [0, 1) for noise (injected so tests are repeatable) */
  random: () => number
}

/** How far one shade application moves HSL lightness (8 % of the range). */
export const SHADE_STEP = 0.08
/** The largest lightness change noise makes (12 % of the range either way). */
export const NOISE_RANGE = 0.12

/** The tools `line` can draw with. */
export type LineTool = 'paint' | 'erase' | 'shade-lighten' | 'shade-darken' | 'noise'

/** Which texels a bucket fill changes. */
export type FillMode = 'connected' | 'face' | 'colour'

type Point = [number, number]

/**
 * The brush square at (x, y): size 1 is the texel, 2 extends right and down, 3 is centred on it;
 * clipped to the face of the texel under the pointer. Empty when that texel is unused or on the
 * other layer.
 */
export function brushTexels(x: number, y: number, o: Pick<ToolOptions, 'model' | 'layer' | 'size'>): Point[] {
  const place = placeOf(x, y, o.model)
  if (!place || place.layer !== o.layer) return []
  const { rect } = place
  const start = (p: number): number => p - Math.floor((o.size - 1) / 2)
  const out: Point[] = []
  for (let by = Math.max(rect.y, start(y)); by < Math.min(rect.y + rect.h, start(y) + o.size); by++) {
    for (let bx = Math.max(rect.x, start(x)); bx < Math.min(rect.x + rect.w, start(x) + o.size); bx++) out.push([bx, by])
  }
  return out
}

/** Calls `write` for each texel and, when mirroring, for its mirrored texel too. */
function withMirror(texels: readonly Point[], o: ToolOptions, write: (x: number, y: number) => void): void {
  for (const [x, y] of texels) {
    write(x, y)
    const m = o.mirror ? mirrorTexel(x, y, o.model) : null
    if (m) write(m[0], m[1])
  }
}

/** Pencil: the brush square in `o.color`. */
export function paint(t: SkinTexture, stroke: Stroke, x: number, y: number, o: ToolOptions): void {
  withMirror(brushTexels(x, y, o), o, (px, py) => stroke.set(t, px, py, o.color))
}

/** Eraser: the brush square becomes transparent (on the base layer too; the signing warnings point it out). */
export function erase(t: SkinTexture, stroke: Stroke, x: number, y: number, o: ToolOptions): void {
  withMirror(brushTexels(x, y, o), o, (px, py) => stroke.set(t, px, py, TRANSPARENT))
}

/** Moves one texel's lightness by `delta` unless this stroke changed it already or it is transparent. */
function nudge(t: SkinTexture, stroke: Stroke, x: number, y: number, delta: number): void {
  if (stroke.has(x, y)) return
  const c = getTexel(t, x, y)
  if (alphaOf(c) === 0) return
  stroke.set(t, x, y, shiftLightness(c, delta))
}

/** Lighten/darken: ±8 % lightness per texel of the brush, once per texel per stroke. */
export function shade(t: SkinTexture, stroke: Stroke, x: number, y: number, direction: 'lighten' | 'darken', o: ToolOptions): void {
  const delta = direction === 'lighten' ? SHADE_STEP : -SHADE_STEP
  withMirror(brushTexels(x, y, o), o, (px, py) => nudge(t, stroke, px, py, delta))
}

/**
 * Noise: a random lightness change of up to ±12 % per texel (fabric, hair), once per texel per
 * stroke; the mirrored texel gets the same change so the pattern stays symmetric.
 */
export function noise(t: SkinTexture, stroke: Stroke, x: number, y: number, o: ToolOptions): void {
  for (const [px, py] of brushTexels(x, y, o)) {
    const delta = (o.random() * 2 - 1) * NOISE_RANGE
    nudge(t, stroke, px, py, delta)
    const m = o.mirror ? mirrorTexel(px, py, o.model) : null
    if (m) nudge(t, stroke, m[0], m[1], delta)
  }
}

/** Eyedropper: the colour at (x, y), whatever the layer. */
export function pick(t: SkinTexture, x: number, y: number): Color {
  return getTexel(t, x, y)
}

/** Texels 4-connected to (x, y) inside `rect` with the same colour as (x, y). */
function connectedRegion(t: SkinTexture, x: number, y: number, rect: { x: number; y: number; w: number; h: number }): Point[] {
  const target = getTexel(t, x, y)
  const seen = new Uint8Array(SIZE * SIZE)
  const out: Point[] = []
  const queue: Point[] = [[x, y]]
  seen[y * SIZE + x] = 1
  while (queue.length > 0) {
    const [cx, cy] = queue.pop() as Point
    out.push([cx, cy])
    for (const [nx, ny] of [[cx + 1, cy], [cx - 1, cy], [cx, cy + 1], [cx, cy - 1]] as Point[]) {
      if (nx < rect.x || ny < rect.y || nx >= rect.x + rect.w || ny >= rect.y + rect.h || seen[ny * SIZE + nx]) continue
      seen[ny * SIZE + nx] = 1
      if (sameColor(getTexel(t, nx, ny), target)) queue.push([nx, ny])
    }
  }
  return out
}

/** Every used texel of the active layer with the colour of (x, y). */
function colourTexels(t: SkinTexture, x: number, y: number, o: ToolOptions): Point[] {
  const target = getTexel(t, x, y)
  const out: Point[] = []
  for (const f of faceRects(o.model)) {
    if (f.layer !== o.layer) continue
    forEachInRect(f.rect, (fx, fy) => {
      if (sameColor(getTexel(t, fx, fy), target)) out.push([fx, fy])
    })
  }
  return out
}

/**
 * Bucket fill with `o.color`: `connected` = texels of the same colour 4-connected to (x, y) within
 * its face; `face` = the whole face; `colour` = every texel of that colour on the active layer.
 * Fully transparent texels count as one colour whatever their RGB. With mirroring, the mirrored
 * texels of the same region are filled too. The brush size does not apply.
 */
export function fill(t: SkinTexture, stroke: Stroke, x: number, y: number, mode: FillMode, o: ToolOptions): void {
  const place = placeOf(x, y, o.model)
  if (!place || place.layer !== o.layer) return
  let region: Point[]
  if (mode === 'connected') region = connectedRegion(t, x, y, place.rect)
  else if (mode === 'colour') region = colourTexels(t, x, y, o)
  else {
    region = []
    forEachInRect(place.rect, (fx, fy) => region.push([fx, fy]))
  }
  withMirror(region, o, (px, py) => stroke.set(t, px, py, o.color))
}

/** The texels of a line from `from` to `to` (Bresenham, both ends included). */
export function linePoints(from: Point, to: Point): Point[] {
  let [x, y] = from
  const [x1, y1] = to
  const dx = Math.abs(x1 - x)
  const dy = -Math.abs(y1 - y)
  const sx = x < x1 ? 1 : -1
  const sy = y < y1 ? 1 : -1
  let err = dx + dy
  const out: Point[] = []
  for (;;) {
    out.push([x, y])
    if (x === x1 && y === y1) return out
    const e2 = 2 * err
    if (e2 >= dy) {
      err += dy
      x += sx
    }
    if (e2 <= dx) {
      err += dx
      y += sy
    }
  }
}

/**
 * A straight line drawn with `tool` at each Bresenham point; each point's brush stays within the
 * face under that point, so a line crossing faces paints only where it lies on the active layer.
 */
export function line(t: SkinTexture, stroke: Stroke, from: Point, to: Point, o: ToolOptions, tool: LineTool): void {
  for (const [x, y] of linePoints(from, to)) {
    if (tool === 'paint') paint(t, stroke, x, y, o)
    else if (tool === 'erase') erase(t, stroke, x, y, o)
    else if (tool === 'noise') noise(t, stroke, x, y, o)
    else shade(t, stroke, x, y, tool === 'shade-lighten' ? 'lighten' : 'darken', o)
  }
}
