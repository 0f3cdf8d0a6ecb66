/**
 * Undo/redo per stroke. Keeps 200 steps by default (the editor promises at least 100) and drops
 * the oldest beyond that, so a long session's memory stays bounded.
 * @module
 */
import type { Stroke } from './stroke'
import type { SkinTexture } from './texture'

/** Default number of undo steps kept. */
export const HISTORY_LIMIT = 200

/** The undo and redo stacks of one texture. */
export class History {
  private readonly done: Stroke[] = []
  private readonly undone: Stroke[] = []

  /** @param limit how many strokes can be undone (older ones are forgotten) */
  constructor(private readonly limit = HISTORY_LIMIT) {}

  /** Records a finished stroke; empty strokes are ignored; a new stroke clears redo. */
  push(s: Stroke): void {
    if (s.size === 0) return
    this.done.push(s)
    this.undone.length = 0
    if (this.done.length > this.limit) this.done.splice(0, this.done.length - this.limit)
  }

  /** Restores the texture to before the last stroke; false when there is nothing to undo. */
  undo(t: SkinTexture): boolean {
    return move(this.done, this.undone, (s) => s.revert(t))
  }

  /** Applies the last undone stroke again; false when there is nothing to redo. */
  redo(t: SkinTexture): boolean {
    return move(this.undone, this.done, (s) => s.apply(t))
  }

  /** Forgets every step (a different skin was opened). */
  clear(): void {
    this.done.length = 0
    this.undone.length = 0
  }

  /** True when {@link undo} would change something. */
  get canUndo(): boolean {
    return this.done.length > 0
  }

  /** True when {@link redo} would change something. */
  get canRedo(): boolean {
    return this.undone.length > 0
  }
}

/** Takes the newest stroke off `from`, runs it one way and keeps it on `to`; false when `from` is empty. */
function move(from: Stroke[], to: Stroke[], run: (s: Stroke) => void): boolean {
  const s = from.pop()
  if (!s) return false
  run(s)
  to.push(s)
  return true
}
