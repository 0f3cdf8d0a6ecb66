/**
 * The texture being edited and what input does to it: a paint gesture from either view (press, moves,
 * release) becomes one core {@link Stroke} — one undo step — applied with the core tools; the line
 * tool shows its line while it is dragged (reverted and drawn again on each move); a second finger
 * cancels the gesture; a model switch converts the arm pixels as one step. No DOM: the island
 * redraws both views after each call that returns `true`.
 * @module
 */
import { convertModel } from '../../shared/skin-editor/convert'
import { placeOf } from '../../shared/skin-editor/layout'
import { Stroke } from '../../shared/skin-editor/stroke'
import { erase, fill, line, noise, paint, pick, shade, type LineTool, type ToolOptions } from '../../shared/skin-editor/tools'
import { getTexel, SIZE, type Color, type Layer, type Model, type SkinTexture } from '../../shared/skin-editor/texture'
import { EditHistory, type StepResult } from './edit-history'
import type { FillMode } from './editor-settings'
import type { BrushSize, Tool } from './tools'

/** The settings a gesture paints with (read once, at its start). */
export interface GestureSettings {
  tool: Tool
  layer: Layer
  mirror: boolean
  color: Color
  size: BrushSize
  fillMode: FillMode
}

/** What one input did. */
export interface InputResult {
  /** Texels changed: redraw both views. */
  changed: boolean
  /** The eyedropper picked this colour. */
  picked?: Color
}

type Point = [number, number]

/** The core `line` tool name of a brush tool. */
const LINE_TOOL: Partial<Record<Tool, LineTool>> = { pencil: 'paint', line: 'paint', eraser: 'erase', lighten: 'shade-lighten', darken: 'shade-darken', noise: 'noise' }

const NOTHING: InputResult = { changed: false }

/** An open gesture. */
interface Gesture {
  settings: GestureSettings
  stroke: Stroke
  start: Point
  /** The last texel painted (null after the pointer left the model): the next move joins it with a line. */
  last: Point | null
}

/** One texture, its model, its history and the gesture in progress. */
export class EditSession {
  readonly history = new EditHistory()
  private gesture: Gesture | null = null
  /** Bumped on every change of the texels or the model: the autosave and thumbnails follow it. */
  revision = 0

  /**
   * @param texture the texture, changed in place
   * @param model its arm layout
   * @param random random source for the noise tool
   */
  constructor(
    public texture: SkinTexture,
    public model: Model,
    private readonly random: () => number = Math.random,
  ) {}

  /** True while a gesture is open. */
  get painting(): boolean {
    return this.gesture !== null
  }

  private options(settings: GestureSettings): ToolOptions {
    return { model: this.model, layer: settings.layer, mirror: settings.mirror, color: settings.color, size: settings.size, random: this.random }
  }

  /** Applies the gesture's tool along `from`→`to` (or at `to` alone). */
  private apply(g: Gesture, from: Point | null, to: Point): void {
    const o = this.options(g.settings)
    const { tool } = g.settings
    if (tool === 'fill') return fill(this.texture, g.stroke, to[0], to[1], g.settings.fillMode, o)
    const lineTool = LINE_TOOL[tool]
    if (!lineTool) return
    if (from) return line(this.texture, g.stroke, from, to, o, lineTool)
    if (tool === 'eraser') erase(this.texture, g.stroke, to[0], to[1], o)
    else if (tool === 'lighten' || tool === 'darken') shade(this.texture, g.stroke, to[0], to[1], tool, o)
    else if (tool === 'noise') noise(this.texture, g.stroke, to[0], to[1], o)
    else paint(this.texture, g.stroke, to[0], to[1], o)
  }

  /** A press at texel (x, y) (null: off the model) starts a gesture with `settings`. */
  begin(texel: Point | null, settings: GestureSettings): InputResult {
    this.cancel()
    if (settings.tool === 'eyedropper') return texel ? { changed: false, picked: pick(this.texture, texel[0], texel[1]) } : NOTHING
    if (!texel || !inside(texel)) {
      // A brush stroke may start off the model and come onto it; a fill or a line needs a start.
      if (settings.tool === 'pencil' || settings.tool === 'eraser' || settings.tool === 'lighten' || settings.tool === 'darken' || settings.tool === 'noise') {
        this.gesture = { settings, stroke: new Stroke(), start: [0, 0], last: null }
      }
      return NOTHING
    }
    const g: Gesture = { settings, stroke: new Stroke(), start: texel, last: texel }
    this.gesture = g
    this.apply(g, null, texel)
    return this.touched(g)
  }

  /**
   * The pointer moved to texel (x, y) (null: off the model) during the gesture. The gap to the last
   * texel is joined with a line — in the 2D view always (it is what the visitor drew across), from the
   * 3D view (`sameFaceOnly`) only within one face: two texels far apart on the model may be neighbours
   * in the texture's layout, or the reverse.
   */
  move(texel: Point | null, options: { sameFaceOnly?: boolean; eyedropper?: GestureSettings } = {}): InputResult {
    const eyedropper = options.eyedropper
    const g = this.gesture
    if (!g) {
      // The eyedropper has no gesture of its own: a drag keeps picking.
      if (eyedropper?.tool === 'eyedropper' && texel && inside(texel)) return { changed: false, picked: pick(this.texture, texel[0], texel[1]) }
      return NOTHING
    }
    const tool = g.settings.tool
    if (tool === 'fill') return NOTHING
    if (!texel || !inside(texel)) {
      if (tool !== 'line') g.last = null
      return NOTHING
    }
    if (tool === 'line') {
      if (g.last && g.last[0] === texel[0] && g.last[1] === texel[1]) return NOTHING
      // The line so far is a preview: put the texels back and draw it to the new end.
      g.stroke.revert(this.texture)
      g.stroke = new Stroke()
      g.last = texel
      this.apply(g, g.start, texel)
      this.revision++
      return { changed: true }
    }
    if (g.last && g.last[0] === texel[0] && g.last[1] === texel[1]) return NOTHING
    const from = g.last && (!options.sameFaceOnly || sameFace(g.last, texel, this.model)) ? g.last : null
    this.apply(g, from, texel)
    g.last = texel
    return this.touched(g)
  }

  /** The gesture ended: its stroke becomes one undo step. Returns true when the history grew. */
  end(): boolean {
    const g = this.gesture
    this.gesture = null
    if (!g) return false
    return this.history.push(g.stroke)
  }

  /** Drops the open gesture and puts its texels back (a second finger turned it into a pinch). Returns true when texels changed back. */
  cancel(): boolean {
    const g = this.gesture
    this.gesture = null
    if (!g || g.stroke.size === 0) return false
    g.stroke.revert(this.texture)
    this.revision++
    return true
  }

  private touched(g: Gesture): InputResult {
    if (g.stroke.size === 0) return NOTHING
    this.revision++
    return { changed: true }
  }

  /** Undo; null when there was nothing to undo. A returned model is already set. */
  undo(): StepResult | null {
    this.cancel()
    return this.step(this.history.undo(this.texture))
  }

  /** Redo; null when there was nothing to redo. A returned model is already set. */
  redo(): StepResult | null {
    this.cancel()
    return this.step(this.history.redo(this.texture))
  }

  private step(result: StepResult | null): StepResult | null {
    if (!result) return null
    if (result.model) this.model = result.model
    this.revision++
    return result
  }

  /** Switches classic ↔ slim, moving the arm pixels (core `convertModel`) as one undo step. */
  setModel(to: Model): boolean {
    if (to === this.model) return false
    this.cancel()
    const from = this.model
    const converted = convertModel(this.texture, from, to)
    const stroke = new Stroke()
    for (let y = 0; y < SIZE; y++) {
      for (let x = 0; x < SIZE; x++) {
        const c = getTexel(converted, x, y)
        if (c !== getTexel(this.texture, x, y)) stroke.set(this.texture, x, y, c)
      }
    }
    this.model = to
    this.history.push(stroke, { from, to })
    this.revision++
    return true
  }

  /** Another texture (a draft or a source was opened): a fresh history. */
  replace(texture: SkinTexture, model: Model): void {
    this.gesture = null
    this.texture = texture
    this.model = model
    this.history.clear()
    this.revision++
  }
}

/** True when both texels lie on the same face of the model. */
function sameFace(a: Point, b: Point, model: Model): boolean {
  const pa = placeOf(a[0], a[1], model)
  const pb = placeOf(b[0], b[1], model)
  return !!pa && !!pb && pa.rect === pb.rect
}

const inside = ([x, y]: Point) => Number.isInteger(x) && Number.isInteger(y) && x >= 0 && y >= 0 && x < SIZE && y < SIZE
