/**
 * Draws the 2D texture view: the used faces over a checkerboard (transparency), the texture with
 * nearest-neighbour scaling, the inactive layer under a veil, a texel grid once texels are large,
 * every face outlined, each body part's region named, and the brush outline under the pointer (and at
 * its mirrored place when mirroring). Everything is redrawn each frame: a few dozen rects and lines,
 * well under a millisecond.
 * @module
 */
import { faceRects, type FaceRect } from '../../shared/skin-editor/layout'
import { SIZE, type Layer, type Model } from '../../shared/skin-editor/texture'
import type { PartName } from '../../shared/skin/skin-model'
import type { ViewTransform } from './view-transform'

/** Colours of the view, read from the page's theme. */
export interface ViewColors {
  /** Behind the texture and unused texels; also the veil over the inactive layer and the label plates. */
  background: string
  /** The two squares of the transparency checkerboard. */
  checkA: string
  checkB: string
  /** Labels, outlines and the grid (at lower opacities). */
  text: string
  /** The brush outline. */
  accent: string
}

/** How much of the background the veil over the inactive layer lets through. */
const VEIL_ALPHA = 0.62

/** What one frame shows. */
export interface TextureViewFrame {
  /** The 64×64 canvas holding the texture. */
  texture: CanvasImageSource
  model: Model
  layer: Layer
  transform: ViewTransform
  /** Name of each part's region on each layer; none: no labels. */
  labels?: Record<Layer, Record<PartName, string>>
  /** Texels under the brush, and their mirrored places. */
  brush?: { texels: [number, number][]; mirrored: [number, number][] }
  colors: ViewColors
}

/** Device pixels per texel from which the grid is drawn. */
export const GRID_FROM_DEVICE_PX = 8

/** The bounding region of each part's layer (its six faces), for the labels. */
function partRegions(model: Model, layer: Layer): Map<PartName, { x: number; y: number; w: number; h: number }> {
  const regions = new Map<PartName, { x: number; y: number; w: number; h: number }>()
  for (const f of faceRects(model)) {
    if (f.layer !== layer) continue
    const r = regions.get(f.part)
    const x0 = Math.min(r?.x ?? f.rect.x, f.rect.x)
    const y0 = Math.min(r?.y ?? f.rect.y, f.rect.y)
    const x1 = Math.max(r ? r.x + r.w : 0, f.rect.x + f.rect.w)
    const y1 = Math.max(r ? r.y + r.h : 0, f.rect.y + f.rect.h)
    regions.set(f.part, { x: x0, y: y0, w: x1 - x0, h: y1 - y0 })
  }
  return regions
}

let checker: { canvas: HTMLCanvasElement; key: string } | undefined

/** A small checkerboard tile in the theme's colours (cached while they stay). */
function checkerTile(colors: ViewColors, cell: number): HTMLCanvasElement {
  const key = `${colors.checkA}|${colors.checkB}|${cell}`
  if (checker?.key === key) return checker.canvas
  const canvas = document.createElement('canvas')
  canvas.width = canvas.height = cell * 2
  const ctx = canvas.getContext('2d')!
  ctx.fillStyle = colors.checkA
  ctx.fillRect(0, 0, cell * 2, cell * 2)
  ctx.fillStyle = colors.checkB
  ctx.fillRect(0, 0, cell, cell)
  ctx.fillRect(cell, cell, cell, cell)
  checker = { canvas, key }
  return canvas
}

/** Draws one frame into `ctx` (a canvas of `width`×`height` device pixels at `dpr`). */
export function drawTextureView(ctx: CanvasRenderingContext2D, width: number, height: number, dpr: number, frame: TextureViewFrame): void {
  const { transform: t, colors, model, layer } = frame
  const faces = faceRects(model)
  const px = t.scale * dpr
  const ox = t.x * dpr
  const oy = t.y * dpr
  /** Device rect of a texel rect. */
  const rectPath = (list: readonly FaceRect[]) => {
    const path = new Path2D()
    for (const f of list) path.rect(ox + f.rect.x * px, oy + f.rect.y * px, f.rect.w * px, f.rect.h * px)
    return path
  }

  ctx.setTransform(1, 0, 0, 1, 0, 0)
  ctx.imageSmoothingEnabled = false
  ctx.fillStyle = colors.background
  ctx.fillRect(0, 0, width, height)

  // Transparency shows as a checkerboard, on used faces only: unused texels stay background.
  const used = rectPath(faces)
  const pattern = ctx.createPattern(checkerTile(colors, Math.max(4, Math.round(4 * dpr))), 'repeat')
  if (pattern) {
    ctx.fillStyle = pattern
    ctx.fill(used)
  }

  ctx.drawImage(frame.texture, 0, 0, SIZE, SIZE, ox, oy, SIZE * px, SIZE * px)

  // The other layer under a veil: visible for reference, clearly not the one being painted.
  const inactive = faces.filter((f) => f.layer !== layer)
  const active = faces.filter((f) => f.layer === layer)
  ctx.globalAlpha = VEIL_ALPHA
  ctx.fillStyle = colors.background
  ctx.fill(rectPath(inactive))

  if (px >= GRID_FROM_DEVICE_PX) {
    ctx.globalAlpha = 0.14
    drawGrid(ctx, width, height, ox, oy, px, colors.text)
  }

  ctx.lineWidth = Math.max(1, Math.round(dpr))
  ctx.strokeStyle = colors.text
  ctx.globalAlpha = 0.16
  strokeRects(ctx, inactive, ox, oy, px)
  ctx.globalAlpha = 0.5
  strokeRects(ctx, active, ox, oy, px)
  ctx.globalAlpha = 1

  if (frame.labels) drawLabels(ctx, frame.labels[layer], partRegions(model, layer), ox, oy, px, dpr, colors)

  if (frame.brush) {
    drawBrush(ctx, frame.brush.mirrored, ox, oy, px, dpr, colors, true)
    drawBrush(ctx, frame.brush.texels, ox, oy, px, dpr, colors, false)
  }
}

function strokeRects(ctx: CanvasRenderingContext2D, list: readonly FaceRect[], ox: number, oy: number, px: number) {
  const half = ctx.lineWidth / 2
  ctx.beginPath()
  for (const f of list) ctx.rect(Math.round(ox + f.rect.x * px) + half, Math.round(oy + f.rect.y * px) + half, Math.round(f.rect.w * px) - ctx.lineWidth, Math.round(f.rect.h * px) - ctx.lineWidth)
  ctx.stroke()
}

/** One line per texel edge, only where the view shows the texture. */
function drawGrid(ctx: CanvasRenderingContext2D, width: number, height: number, ox: number, oy: number, px: number, color: string) {
  const first = (o: number) => Math.max(0, Math.ceil(-o / px))
  const last = (o: number, size: number) => Math.min(SIZE, Math.floor((size - o) / px))
  const top = Math.max(0, oy)
  const bottom = Math.min(height, oy + SIZE * px)
  const left = Math.max(0, ox)
  const right = Math.min(width, ox + SIZE * px)
  ctx.beginPath()
  for (let i = first(ox); i <= last(ox, width); i++) {
    const x = Math.round(ox + i * px) + 0.5
    ctx.moveTo(x, top)
    ctx.lineTo(x, bottom)
  }
  for (let j = first(oy); j <= last(oy, height); j++) {
    const y = Math.round(oy + j * px) + 0.5
    ctx.moveTo(left, y)
    ctx.lineTo(right, y)
  }
  ctx.lineWidth = 1
  ctx.strokeStyle = color
  ctx.stroke()
}

/** Each region's name at its top-left corner (a corner every part's net leaves empty), on a small plate. */
function drawLabels(
  ctx: CanvasRenderingContext2D,
  names: Record<PartName, string>,
  regions: Map<PartName, { x: number; y: number; w: number; h: number }>,
  ox: number,
  oy: number,
  px: number,
  dpr: number,
  colors: ViewColors,
) {
  if (px < 3 * dpr) return
  const size = Math.round(Math.min(13, Math.max(10, px / dpr + 4)) * dpr)
  ctx.font = `600 ${size}px system-ui, sans-serif`
  ctx.textBaseline = 'top'
  const pad = Math.round(3 * dpr)
  // Regions sit side by side (right leg | body | right arm): a plate as wide as its region would touch
  // the next one's, and two names would read as one ("Right leg Body"); a gap keeps them apart.
  const gap = Math.round(4 * dpr)
  for (const [part, region] of regions) {
    let text = names[part]
    const room = region.w * px - pad * 2 - gap
    while (text.length > 1 && ctx.measureText(text).width > room) text = `${text.slice(0, -2)}…`
    const x = Math.round(ox + region.x * px) + pad
    const y = Math.round(oy + region.y * px) + pad
    const w = ctx.measureText(text).width
    ctx.fillStyle = colors.background
    ctx.globalAlpha = 0.8
    ctx.beginPath()
    ctx.roundRect(x - pad, y - pad, w + pad * 2, size + pad * 2, pad)
    ctx.fill()
    ctx.globalAlpha = 1
    ctx.fillStyle = colors.text
    ctx.fillText(text, x, y + Math.round(dpr))
  }
}

/** The brush outline: solid where it paints, dashed where the mirror paints too. */
function drawBrush(ctx: CanvasRenderingContext2D, texels: [number, number][], ox: number, oy: number, px: number, dpr: number, colors: ViewColors, dashed: boolean) {
  if (texels.length === 0) return
  ctx.beginPath()
  for (const [x, y] of texels) ctx.rect(Math.round(ox + x * px) + 0.5, Math.round(oy + y * px) + 0.5, Math.round(px) - 1, Math.round(px) - 1)
  // A dark halo under a light line: the outline shows on any colour.
  ctx.setLineDash(dashed ? [3 * dpr, 2 * dpr] : [])
  ctx.lineWidth = Math.max(2, Math.round(3 * dpr))
  ctx.strokeStyle = colors.background
  ctx.stroke()
  ctx.lineWidth = Math.max(1, Math.round(dpr))
  ctx.strokeStyle = colors.accent
  ctx.stroke()
  ctx.setLineDash([])
}
