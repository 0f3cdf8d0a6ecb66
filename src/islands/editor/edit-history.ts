/**
 * Undo/redo of the editor: the core's per-stroke {@link History} for texels, plus what a step changed
 * besides texels — a classic ↔ slim conversion flips the model too, so undoing it must flip it back
 * (the contract: "switching converts pixels as one undoable step"). Each step is an entry here; its
 * texels, when it changed any, are the core history's top stroke.
 * @module
 */
import { History } from '../../shared/skin-editor/history'
import type { Stroke } from '../../shared/skin-editor/stroke'
import type { Model, SkinTexture } from '../../shared/skin-editor/texture'

/** Undo steps kept (the contract asks for at least 100). */
export const UNDO_STEPS = 200

/** One step. */
interface Step {
  /** The step's texels are on the core history (false: it changed only the model). */
  texels: boolean
  /** The model before and after, when the step converted it. */
  model?: { from: Model; to: Model }
}

/** What an undo or redo did. */
export interface StepResult {
  /** The model to switch to (undo/redo of a conversion). */
  model?: Model
}

/** Undo and redo stacks of one draft. */
export class EditHistory {
  // A little deeper than our stacks: the core forgets its oldest strokes later than we forget steps,
  // so every step we still hold has its stroke (model-only steps hold none).
  private readonly strokes = new History(UNDO_STEPS + 50)
  private readonly done: Step[] = []
  private readonly undone: Step[] = []

  /** Records a finished stroke (ignored when it changed nothing and converted nothing). */
  push(stroke: Stroke, model?: { from: Model; to: Model }): boolean {
    const texels = stroke.size > 0
    if (!texels && !model) return false
    if (texels) this.strokes.push(stroke)
    this.done.push(model ? { texels, model } : { texels })
    this.undone.length = 0
    if (this.done.length > UNDO_STEPS) this.done.splice(0, this.done.length - UNDO_STEPS)
    return true
  }

  /** Steps back; null when there is nothing to undo. */
  undo(t: SkinTexture): StepResult | null {
    const step = this.done.pop()
    if (!step) return null
    if (step.texels) this.strokes.undo(t)
    this.undone.push(step)
    return step.model ? { model: step.model.from } : {}
  }

  /** Steps forward again; null when there is nothing to redo. */
  redo(t: SkinTexture): StepResult | null {
    const step = this.undone.pop()
    if (!step) return null
    if (step.texels) this.strokes.redo(t)
    this.done.push(step)
    return step.model ? { model: step.model.to } : {}
  }

  /** Forgets every step (another draft was opened). */
  clear(): void {
    this.strokes.clear()
    this.done.length = 0
    this.undone.length = 0
  }

  /** How many steps can be undone. */
  get undoDepth(): number {
    return this.done.length
  }

  get canUndo(): boolean {
    return this.done.length > 0
  }

  get canRedo(): boolean {
    return this.undone.length > 0
  }
}
