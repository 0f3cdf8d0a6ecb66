/**
 * One stroke = one undo step: everything a single gesture (press, drag, release; or one fill)
 * changes, so undo steps back a whole stroke rather than one texel at a time.
 * @module
 */
import { getTexel, setTexel, SIZE, type Color, type SkinTexture } from './texture'

/** Records the colour before and after of every texel it changes; the first "before" wins. */
export class Stroke {
  /** texel index → [colour before the stroke, colour now] */
  private readonly changes = new Map<number, [Color, Color]>()
  private changed = 0

  /** Writes `c` at (x, y) and remembers what was there before this stroke first touched it. */
  set(t: SkinTexture, x: number, y: number, c: Color): void {
    const i = y * SIZE + x
    const entry = this.changes.get(i)
    const before = entry ? entry[0] : getTexel(t, x, y)
    if (entry && entry[0] !== entry[1]) this.changed--
    if (before !== c) this.changed++
    this.changes.set(i, [before, c])
    setTexel(t, x, y, c)
  }

  /** True when this stroke already wrote (x, y); shade and noise change a texel once per stroke. */
  has(x: number, y: number): boolean {
    return this.changes.has(y * SIZE + x)
  }

  /** How many texels differ from before the stroke (0: the stroke changed nothing). */
  get size(): number {
    return this.changed
  }

  /** The texels that differ from before the stroke, as [x, y] (for redrawing only what changed). */
  texels(): [number, number][] {
    const out: [number, number][] = []
    for (const [i, [before, after]] of this.changes) if (before !== after) out.push([i % SIZE, Math.floor(i / SIZE)])
    return out
  }

  /** Puts back the colours from before the stroke (undo). */
  revert(t: SkinTexture): void {
    for (const [i, [before]] of this.changes) setTexel(t, i % SIZE, Math.floor(i / SIZE), before)
  }

  /** Writes the stroke's colours again (redo). */
  apply(t: SkinTexture): void {
    for (const [i, [, after]] of this.changes) setTexel(t, i % SIZE, Math.floor(i / SIZE), after)
  }
}
