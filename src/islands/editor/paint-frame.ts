/**
 * One frame for every paint input: however many pointer events arrive before the next frame, the
 * texture is drawn once — the 2D view and the 3D view in the same `requestAnimationFrame` (the
 * contract: a stroke shows on both views within one frame). Each frame records, per view the input
 * came from, a User Timing measure from the earliest input's time stamp to the end of drawing
 * (`editor:paint-2d` / `editor:paint-3d`), which `bun run bench editor` reads.
 * @module
 */

/** Which view an input came from. */
export type InputSource = '2d' | '3d'

/** The frame functions (the browser's by default). */
export interface FrameClock {
  request(run: () => void): number
  cancel(handle: number): void
  now(): number
  measure(name: string, start: number, end: number): void
}

const browserClock: FrameClock = {
  request: (run) => requestAnimationFrame(run),
  cancel: (handle) => cancelAnimationFrame(handle),
  now: () => performance.now(),
  measure: (name, start, end) => {
    try {
      performance.measure(name, { start, end })
    } catch {
      // A time stamp from another clock (an old browser's epoch-based event time): no measure, no harm.
    }
  },
}

/** Coalesces paint inputs into frames. */
export class PaintFrames {
  private handle = 0
  private readonly pending = new Map<InputSource, number>()

  /**
   * @param draw draws the texture into both views (called once per frame)
   * @param clock the frame clock
   */
  constructor(
    private readonly draw: () => void,
    private readonly clock: FrameClock = browserClock,
  ) {}

  /** An input changed the texture: draw in the next frame. `source` and `timeStamp` (the event's) feed the measure. */
  request(source?: InputSource, timeStamp?: number): void {
    if (source && timeStamp !== undefined) {
      const earliest = this.pending.get(source)
      if (earliest === undefined || timeStamp < earliest) this.pending.set(source, timeStamp)
    }
    if (this.handle) return
    this.handle = this.clock.request(() => this.run())
  }

  /** Draws now if a frame is waiting (e.g. before reading the texture for a thumbnail). */
  flush(): void {
    if (!this.handle) return
    this.clock.cancel(this.handle)
    this.run()
  }

  private run(): void {
    this.handle = 0
    this.draw()
    const end = this.clock.now()
    for (const [source, start] of this.pending) this.clock.measure(`editor:paint-${source}`, start, end)
    this.pending.clear()
  }

  /** Stops (the island unmounts). */
  dispose(): void {
    if (this.handle) this.clock.cancel(this.handle)
    this.handle = 0
    this.pending.clear()
  }
}
