/**
 * The 2D view: the 64×64 texture, zoomable (buttons, keys, wheel, pinch) and pannable (middle or right
 * drag, Space+drag, two fingers), painted with the pointer (captured, so a drag that leaves the canvas
 * keeps its stroke) or the keyboard (arrows move a cursor, Space paints). One finger paints; a second
 * finger turns the gesture into a pinch and takes back what the first one painted. The island redraws
 * it through `draw()` in the same frame as the 3D view; hover, zoom and pan redraw it on their own.
 * @module
 */
import { mdiFitToPageOutline, mdiLabelOutline, mdiMagnifyMinusOutline, mdiMagnifyPlusOutline } from '@mdi/js'
import { forwardRef, useCallback, useEffect, useImperativeHandle, useRef, useState, type KeyboardEvent as ReactKeyboardEvent, type PointerEvent as ReactPointerEvent } from 'react'
import type { Layer, Model } from '../../shared/skin-editor/texture'
import type { PartName } from '../../shared/skin/skin-model'
import { Icon } from '../../shared/ui/icon'
import { drawTextureView, type ViewColors } from './draw-texture-view'
import { clampTransform, fitTransform, panBy, pinchTransform, texelAt, zoomAt, ZOOM_STEP, type PinchStart, type ViewTransform } from './view-transform'

type Point = [number, number]

/** What the island tells the view. */
export interface TextureViewProps {
  /** The 64×64 canvas the island draws the texture into. */
  texture: HTMLCanvasElement
  model: Model
  layer: Layer
  /** Region names per layer and part, or none to hide them. */
  labels?: Record<Layer, Record<PartName, string>>
  /** The brush's texels at a texel, and their mirrored places. */
  brushAt(texel: Point): { texels: Point[]; mirrored: Point[] }
  /** A paint gesture: press (with the input's time stamp), moves, release, or cancelled by a second finger. */
  onBegin(texel: Point, timeStamp: number): void
  onMove(texel: Point, timeStamp: number): void
  onEnd(): void
  onCancel(): void
  /** The texel under the mouse, pen or keyboard cursor changed (any integers, also outside the texture); null: none. */
  onHover?(texel: Point | null): void
  /** The labels toggle. */
  labelsOn: boolean
  onToggleLabels(): void
  /** Words: the canvas's name, its description's element id, and the controls. */
  strings: { canvas: string; controls: string; zoomIn: string; zoomOut: string; fit: string; labels: string; zoom: (percent: number) => string }
  describedBy: string
}

/** What the island can ask of the view. */
export interface TextureViewHandle {
  /** Redraws now (called from the island's paint frame). */
  draw(): void
  zoom(by: 1 | -1): void
  fit(): void
}

/** The theme's colours, read from the stylesheet's custom properties. */
function readColors(element: Element): ViewColors {
  const style = getComputedStyle(element)
  const v = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback
  return { background: v('--bg', '#121212'), checkA: v('--surface-2', '#262626'), checkB: v('--surface-3', '#303030'), text: v('--text', '#fff'), accent: v('--primary-strong', '#64b5f6') }
}

/** The 2D texture view. */
export const TextureView = forwardRef<TextureViewHandle, TextureViewProps>(function TextureView(props, ref) {
  const host = useRef<HTMLDivElement>(null)
  const canvas = useRef<HTMLCanvasElement>(null)
  // Everything the pointer handlers and the draw read lives in refs: painting must not re-render React.
  const latest = useRef(props)
  latest.current = props
  const transform = useRef<ViewTransform>({ scale: 4, x: 0, y: 0 })
  const fitted = useRef(true)
  const size = useRef({ width: 0, height: 0, dpr: 1 })
  const colors = useRef<ViewColors | null>(null)
  const hover = useRef<Point | null>(null)
  const cursor = useRef<Point | null>(null)
  const frame = useRef(0)
  const [percent, setPercent] = useState(100)

  const draw = useCallback(() => {
    const element = canvas.current
    const ctx = element?.getContext('2d')
    if (!element || !ctx || size.current.width === 0) return
    colors.current ??= readColors(element)
    const p = latest.current
    const at = hover.current ?? cursor.current
    drawTextureView(ctx, element.width, element.height, size.current.dpr, {
      texture: p.texture,
      model: p.model,
      layer: p.layer,
      transform: transform.current,
      labels: p.labels,
      brush: at ? p.brushAt(at) : undefined,
      colors: colors.current,
    })
  }, [])

  /** Redraws in the next frame (once, however many changes come before it). */
  const schedule = useCallback(() => {
    if (frame.current) return
    frame.current = requestAnimationFrame(() => {
      frame.current = 0
      draw()
    })
  }, [draw])

  const setTransform = useCallback(
    (next: ViewTransform, userMoved = true) => {
      const { width, height } = size.current
      transform.current = clampTransform(next, width, height)
      if (userMoved) fitted.current = false
      // Where the texture is, for tests and the bench to aim at a texel: "scale x y" in CSS px.
      canvas.current?.setAttribute('data-transform', `${transform.current.scale} ${transform.current.x} ${transform.current.y}`)
      // The zoom read-out: 100 % is the whole texture fitting the view.
      const fit = fitTransform(width, height, size.current.dpr).scale
      setPercent(Math.round((transform.current.scale / fit) * 100))
      schedule()
    },
    [schedule],
  )

  const fit = useCallback(() => {
    const { width, height, dpr } = size.current
    fitted.current = true
    setTransform(fitTransform(width, height, dpr), false)
  }, [setTransform])

  const zoom = useCallback(
    (by: 1 | -1) => {
      const { width, height } = size.current
      setTransform(zoomAt(transform.current, by > 0 ? ZOOM_STEP : 1 / ZOOM_STEP, width / 2, height / 2))
    },
    [setTransform],
  )

  useImperativeHandle(ref, () => ({ draw, zoom, fit }), [draw, zoom, fit])

  // The canvas follows its box (and the device pixel ratio): a fitted view fits again, a zoomed one keeps its place.
  useEffect(() => {
    const box = host.current
    const element = canvas.current
    if (!box || !element) return
    const resize = () => {
      const rect = box.getBoundingClientRect()
      const dpr = window.devicePixelRatio || 1
      size.current = { width: rect.width, height: rect.height, dpr }
      element.width = Math.max(1, Math.round(rect.width * dpr))
      element.height = Math.max(1, Math.round(rect.height * dpr))
      if (fitted.current) fit()
      else setTransform(transform.current, false)
      draw()
    }
    const observer = new ResizeObserver(resize)
    observer.observe(box)
    // The theme toggle changes the colours.
    const themes = new MutationObserver(() => {
      colors.current = null
      schedule()
    })
    themes.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] })
    return () => {
      observer.disconnect()
      themes.disconnect()
      cancelAnimationFrame(frame.current)
      frame.current = 0
    }
  }, [draw, fit, schedule, setTransform])

  // Labels, layer and model change what is drawn.
  useEffect(schedule, [props.model, props.layer, props.labels, schedule])

  // Wheel zoom needs a listener that may cancel the page's scroll (React's wheel handler is passive).
  useEffect(() => {
    const element = canvas.current
    if (!element) return
    const onWheel = (event: WheelEvent) => {
      event.preventDefault()
      const rect = element.getBoundingClientRect()
      // A trackpad pinch arrives as a wheel with Ctrl and small steps: scaled more, so it keeps up.
      const factor = Math.exp(-event.deltaY * (event.ctrlKey ? 0.01 : 0.0015))
      setTransform(zoomAt(transform.current, factor, event.clientX - rect.left, event.clientY - rect.top))
    }
    element.addEventListener('wheel', onWheel, { passive: false })
    return () => element.removeEventListener('wheel', onWheel)
  }, [setTransform])

  // Pointer state: pressed pointers, what they do, a pan's last point, a pinch's start.
  const pointers = useRef(new Map<number, Point>())
  const mode = useRef<'idle' | 'paint' | 'pan' | 'pinch' | 'wait'>('idle')
  const panFrom = useRef<Point>([0, 0])
  const pinch = useRef<PinchStart | null>(null)
  const space = useRef(false)

  const local = (event: { clientX: number; clientY: number }): Point => {
    const rect = canvas.current!.getBoundingClientRect()
    return [event.clientX - rect.left, event.clientY - rect.top]
  }
  const texelOf = (point: Point): Point => texelAt(transform.current, point[0], point[1])

  const onPointerDown = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    const element = event.currentTarget
    element.focus({ preventScroll: true })
    element.setPointerCapture(event.pointerId)
    const point = local(event)
    pointers.current.set(event.pointerId, point)
    if (pointers.current.size === 2 && event.pointerType === 'touch') {
      // The second finger: what the first painted is taken back, both now pinch and pan.
      if (mode.current === 'paint') latest.current.onCancel()
      const [a, b] = [...pointers.current.values()] as [Point, Point]
      pinch.current = { a, b, transform: transform.current }
      mode.current = 'pinch'
      hover.current = null
      return
    }
    if (pointers.current.size > 1 || mode.current !== 'idle') return
    if (event.button === 1 || event.button === 2 || (event.button === 0 && space.current)) {
      mode.current = 'pan'
      panFrom.current = point
      return
    }
    if (event.button !== 0) return
    mode.current = 'paint'
    cursor.current = null
    latest.current.onBegin(texelOf(point), event.timeStamp)
  }

  const onPointerMove = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    const point = local(event)
    if (pointers.current.has(event.pointerId)) pointers.current.set(event.pointerId, point)
    if (mode.current === 'pinch' && pinch.current) {
      const [a, b] = [...pointers.current.values()] as [Point, Point]
      if (a && b) setTransform(pinchTransform(pinch.current, a, b))
      return
    }
    if (mode.current === 'pan') {
      setTransform(panBy(transform.current, point[0] - panFrom.current[0], point[1] - panFrom.current[1]))
      panFrom.current = point
      return
    }
    if (event.pointerType !== 'touch') {
      const texel = texelOf(point)
      if (!hover.current || hover.current[0] !== texel[0] || hover.current[1] !== texel[1]) {
        hover.current = texel
        latest.current.onHover?.(texel)
        schedule()
      }
    }
    if (mode.current === 'paint') {
      // Every position the browser saw since the last event, so a fast curve stays a curve.
      const events = event.nativeEvent.getCoalescedEvents?.() ?? []
      for (const e of events.length > 0 ? events : [event.nativeEvent]) latest.current.onMove(texelOf(local(e)), event.timeStamp)
    }
  }

  const onPointerEnd = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    pointers.current.delete(event.pointerId)
    if (mode.current === 'paint') {
      latest.current.onEnd()
      mode.current = 'idle'
    } else if (mode.current === 'pan') {
      mode.current = 'idle'
    } else if (mode.current === 'pinch' || mode.current === 'wait') {
      // After a pinch nothing paints until every finger is up.
      mode.current = pointers.current.size === 0 ? 'idle' : 'wait'
      pinch.current = null
    }
  }

  const onPointerLeave = () => {
    if (hover.current) {
      hover.current = null
      latest.current.onHover?.(null)
      schedule()
    }
  }

  // Keyboard: arrows move the cursor texel, Space or Enter applies the tool there; Space held + drag pans.
  const onKeyDown = (event: ReactKeyboardEvent<HTMLCanvasElement>) => {
    const moves: Record<string, Point> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }
    const move = moves[event.key]
    if (move) {
      event.preventDefault()
      const [x, y] = cursor.current ?? [8, 8]
      cursor.current = [Math.min(63, Math.max(0, x + move[0])), Math.min(63, Math.max(0, y + move[1]))]
      hover.current = null
      latest.current.onHover?.(cursor.current)
      schedule()
      return
    }
    if (event.key === ' ' || event.key === 'Enter') {
      event.preventDefault()
      if (event.key === ' ') space.current = true
      if (event.repeat || !cursor.current) return
      latest.current.onBegin(cursor.current, event.timeStamp)
      latest.current.onEnd()
    }
  }
  const onKeyUp = (event: ReactKeyboardEvent<HTMLCanvasElement>) => {
    if (event.key === ' ') space.current = false
  }

  const { strings } = props
  return (
    <div className="editor-texture">
      <div ref={host} className="editor-texture__stage">
        <canvas
          ref={canvas}
          className="editor-texture__canvas"
          role="application"
          aria-label={strings.canvas}
          aria-describedby={props.describedBy}
          tabIndex={0}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerEnd}
          onPointerCancel={onPointerEnd}
          onPointerLeave={onPointerLeave}
          onContextMenu={(event) => event.preventDefault()}
          onKeyDown={onKeyDown}
          onKeyUp={onKeyUp}
          onBlur={() => {
            if (cursor.current) latest.current.onHover?.(null)
            cursor.current = null
            schedule()
          }}
        />
      </div>
      <div className="editor-view-controls" role="toolbar" aria-label={strings.controls}>
        <button type="button" className="icon-button icon-button--small" title={strings.zoomOut} aria-label={strings.zoomOut} onClick={() => zoom(-1)}>
          <Icon path={mdiMagnifyMinusOutline} />
        </button>
        <output className="editor-view-controls__zoom" aria-live="off">
          {strings.zoom(percent)}
        </output>
        <button type="button" className="icon-button icon-button--small" title={strings.zoomIn} aria-label={strings.zoomIn} onClick={() => zoom(1)}>
          <Icon path={mdiMagnifyPlusOutline} />
        </button>
        <button type="button" className="icon-button icon-button--small" title={strings.fit} aria-label={strings.fit} onClick={fit}>
          <Icon path={mdiFitToPageOutline} />
        </button>
        <button type="button" className="icon-button icon-button--small" title={strings.labels} aria-label={strings.labels} aria-pressed={props.labelsOn} onClick={props.onToggleLabels}>
          <Icon path={mdiLabelOutline} />
        </button>
      </div>
    </div>
  )
})
