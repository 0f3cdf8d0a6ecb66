/**
 * Saves the draft a short while after the last change (the contract: ~300 ms), so a burst of strokes
 * is one write; `flush` writes at once (the page is being hidden or closed). Timers are injected so
 * the tests need no waiting.
 * @module
 */

/** How long after the last change the draft is written, ms. */
export const AUTOSAVE_DELAY_MS = 300

/** Timer functions (the browser's by default). */
export interface Timers {
  setTimeout(run: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

const browserTimers: Timers = {
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
}

/** A debounced saver. */
export class Autosave {
  private handle: unknown
  private pending = false
  /** Writes started and not yet finished: their change is not known to be stored. */
  private writing = 0
  private running: Promise<void> = Promise.resolve()

  /**
   * @param save writes the current state (errors are reported to `onError`, never thrown)
   * @param onError told when a write failed
   */
  constructor(
    private readonly save: () => Promise<void>,
    private readonly onError: (error: unknown) => void = (error) => console.warn('[editor] autosave', error),
    private readonly timers: Timers = browserTimers,
    private readonly delayMs = AUTOSAVE_DELAY_MS,
  ) {}

  /** Something changed: write after the delay (restarted by every further change). */
  schedule(): void {
    this.pending = true
    if (this.handle !== undefined) this.timers.clearTimeout(this.handle)
    this.handle = this.timers.setTimeout(() => void this.flush(), this.delayMs)
  }

  /**
   * True while a change is not known to be written: waiting for the delay, or in a write that has not
   * finished (a page that goes away then may never see it finish, src/islands/editor/unsaved-snapshot.ts).
   */
  get dirty(): boolean {
    return this.pending || this.writing > 0
  }

  /** Writes now if a change is waiting; resolves when written. Writes never overlap. */
  flush(): Promise<void> {
    if (this.handle !== undefined) this.timers.clearTimeout(this.handle)
    this.handle = undefined
    if (!this.pending) return this.running
    this.pending = false
    this.writing++
    this.running = this.running
      .then(() => this.save())
      .catch(this.onError)
      .finally(() => void this.writing--)
    return this.running
  }

  /** Forgets a waiting change (the draft it belonged to was left). */
  cancel(): void {
    if (this.handle !== undefined) this.timers.clearTimeout(this.handle)
    this.handle = undefined
    this.pending = false
  }
}
