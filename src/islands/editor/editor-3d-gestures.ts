/**
 * Pointer input on the 3D editor canvas, as the editor contract's part D asks: a mouse (or pen) left
 * drag that starts on the model paints and one that starts off it turns the view; right and middle
 * drags turn it; the wheel zooms at the pointer. One finger paints (off the model it turns the view);
 * two fingers turn the view and pinch-zoom. DOM only: what "on the model" means and what turning
 * does are the caller's.
 * @module
 */

/** A texel of the 64x64 texture. */
export interface Texel {
  x: number
  y: number
}

/** What the gestures do. */
export interface GestureHandlers {
  /** The texel under the client point, or null off the model (or off the active layer). */
  texelAt(clientX: number, clientY: number): Texel | null
  /** A paint gesture: called straight from the pointer event, with that event's `timeStamp`. */
  paint(phase: 'start' | 'move' | 'end', texel: Texel | null, timeStamp: number): void
  /** A view drag by (dx, dy) CSS pixels. */
  orbit(dx: number, dy: number): void
  /** Zoom `factor` times closer at the client point. */
  zoomAt(factor: number, clientX: number, clientY: number): void
  /** A stroke began or ended (the pose holds still under a stroke). */
  stroking(active: boolean): void
}

/**
 * A finger that lands on the model paints only once it has moved this far or lifted: a second finger
 * that follows at once makes it a two-finger view gesture instead, without a stray dab.
 */
const TOUCH_SLOP = 6
/** Wheel zoom per pixel of scroll (a mouse notch is ~100 px: 14 % closer) and per line. */
const WHEEL_PER_PIXEL = 0.0015
const WHEEL_PER_LINE = 0.05
/** A trackpad pinch arrives as ctrl+wheel with small deltas: zoom faster per pixel. */
const PINCH_PER_PIXEL = 0.01

type State =
  | { kind: 'idle' }
  /** a finger on the model that has not yet moved far enough to paint */
  | { kind: 'pending'; id: number; start: Texel; x: number; y: number }
  | { kind: 'paint'; id: number; key: string }
  | { kind: 'orbit'; id: number; x: number; y: number }
  | { kind: 'pinch'; a: number; b: number; mid: [number, number]; span: number }
  /** after a pinch: nothing until every finger has lifted */
  | { kind: 'settle' }

const keyOf = (t: Texel | null) => (t ? `${t.x},${t.y}` : '')

/** Listens on `canvas`; returns a function that stops listening. */
export function attachGestures(canvas: HTMLCanvasElement, on: GestureHandlers): () => void {
  let state: State = { kind: 'idle' }
  /** Every finger on the canvas and where it is. */
  const touches = new Map<number, { x: number; y: number }>()

  const capture = (id: number) => {
    // Synthetic events (and a pointer already gone) have no capture to take; the gesture still works.
    try {
      canvas.setPointerCapture(id)
    } catch {}
  }
  const startPaint = (id: number, texel: Texel, timeStamp: number) => {
    state = { kind: 'paint', id, key: keyOf(texel) }
    on.paint('start', texel, timeStamp)
  }
  const pinchOf = (a: number, b: number): State => {
    const pa = touches.get(a)!
    const pb = touches.get(b)!
    return { kind: 'pinch', a, b, mid: [(pa.x + pb.x) / 2, (pa.y + pb.y) / 2], span: Math.hypot(pa.x - pb.x, pa.y - pb.y) }
  }

  const down = (event: PointerEvent) => {
    const { pointerId: id, clientX: x, clientY: y } = event
    if (event.pointerType === 'touch') {
      touches.set(id, { x, y })
      if (state.kind === 'idle') {
        const texel = on.texelAt(x, y)
        if (texel) {
          state = { kind: 'pending', id, start: texel, x, y }
          on.stroking(true)
        } else state = { kind: 'orbit', id, x, y }
        capture(id)
        return
      }
      // A second finger: whatever the first one was doing becomes a two-finger view gesture.
      if ((state.kind === 'pending' || state.kind === 'paint' || state.kind === 'orbit') && touches.has(state.id)) {
        if (state.kind === 'paint') on.paint('end', null, event.timeStamp)
        if (state.kind !== 'orbit') on.stroking(false)
        state = pinchOf(state.id, id)
        capture(id)
      }
      return
    }
    if (state.kind !== 'idle') return
    if (event.button === 0 && !event.altKey) {
      const texel = on.texelAt(x, y)
      if (texel) {
        on.stroking(true)
        startPaint(id, texel, event.timeStamp)
      } else state = { kind: 'orbit', id, x, y }
    } else if (event.button === 0 || event.button === 1 || event.button === 2) {
      // Middle click would start the browser's autoscroll.
      if (event.button === 1) event.preventDefault()
      state = { kind: 'orbit', id, x, y }
    } else return
    capture(id)
  }

  const move = (event: PointerEvent) => {
    const { pointerId: id, clientX: x, clientY: y } = event
    if (event.pointerType === 'touch' && touches.has(id)) touches.set(id, { x, y })
    switch (state.kind) {
      case 'pending':
        if (id !== state.id || Math.hypot(x - state.x, y - state.y) < TOUCH_SLOP) return
        startPaint(id, state.start, event.timeStamp)
        paintMoves(event)
        return
      case 'paint':
        if (id === state.id) paintMoves(event)
        return
      case 'orbit':
        if (id !== state.id) return
        on.orbit(x - state.x, y - state.y)
        state.x = x
        state.y = y
        return
      case 'pinch': {
        if (id !== state.a && id !== state.b) return
        const next = pinchOf(state.a, state.b) as Extract<State, { kind: 'pinch' }>
        on.orbit(next.mid[0] - state.mid[0], next.mid[1] - state.mid[1])
        if (state.span > 0 && next.span > 0) on.zoomAt(next.span / state.span, next.mid[0], next.mid[1])
        state = next
        return
      }
    }
  }

  /** Every position the pointer passed since the last event (a fast stroke skips no texel the events saw). */
  const paintMoves = (event: PointerEvent) => {
    const events = typeof event.getCoalescedEvents === 'function' ? event.getCoalescedEvents() : []
    for (const e of events.length ? events : [event]) {
      if (state.kind !== 'paint') return
      const texel = on.texelAt(e.clientX, e.clientY)
      const key = keyOf(texel)
      if (key === state.key) continue
      state.key = key
      on.paint('move', texel, e.timeStamp)
    }
  }

  const up = (event: PointerEvent) => {
    const { pointerId: id, clientX: x, clientY: y } = event
    // pointercancel: the browser took the pointer over; lostpointercapture before pointerup: the canvas
    // lost it (removed from the page). Either ends the gesture without a last dab.
    const cancelled = event.type !== 'pointerup'
    touches.delete(id)
    switch (state.kind) {
      case 'pending':
        if (id !== state.id) return
        // A tap paints one dab; a cancelled touch (the browser took it over) paints nothing.
        if (!cancelled) {
          on.paint('start', state.start, event.timeStamp)
          on.paint('end', on.texelAt(x, y), event.timeStamp)
        }
        on.stroking(false)
        state = { kind: 'idle' }
        return
      case 'paint':
        if (id !== state.id) return
        on.paint('end', cancelled ? null : on.texelAt(x, y), event.timeStamp)
        on.stroking(false)
        state = { kind: 'idle' }
        return
      case 'orbit':
        if (id === state.id) state = { kind: 'idle' }
        return
      case 'pinch':
        if (id === state.a || id === state.b) state = touches.size ? { kind: 'settle' } : { kind: 'idle' }
        return
      case 'settle':
        if (!touches.size) state = { kind: 'idle' }
        return
    }
  }

  const wheel = (event: WheelEvent) => {
    event.preventDefault()
    const rate = event.ctrlKey ? PINCH_PER_PIXEL : event.deltaMode === WheelEvent.DOM_DELTA_LINE ? WHEEL_PER_LINE : WHEEL_PER_PIXEL
    on.zoomAt(Math.exp(-event.deltaY * rate), event.clientX, event.clientY)
  }
  // A right drag turns the view; the canvas has no menu of its own to offer.
  const menu = (event: Event) => event.preventDefault()

  canvas.addEventListener('pointerdown', down)
  canvas.addEventListener('pointermove', move)
  canvas.addEventListener('pointerup', up)
  canvas.addEventListener('pointercancel', up)
  canvas.addEventListener('lostpointercapture', up)
  canvas.addEventListener('wheel', wheel, { passive: false })
  canvas.addEventListener('contextmenu', menu)
  return () => {
    canvas.removeEventListener('pointerdown', down)
    canvas.removeEventListener('pointermove', move)
    canvas.removeEventListener('pointerup', up)
    canvas.removeEventListener('pointercancel', up)
    canvas.removeEventListener('lostpointercapture', up)
    canvas.removeEventListener('wheel', wheel)
    canvas.removeEventListener('contextmenu', menu)
  }
}
