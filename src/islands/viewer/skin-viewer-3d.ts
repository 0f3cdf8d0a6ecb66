/**
 * The 3D viewer itself: skinview3d on a canvas laid over the 2D body render, with the
 * same box, so nothing moves when it appears. This module is the only one that imports three.js; the
 * island imports it dynamically when the visitor asks for the 3D view (viewer-request.ts), so three.js
 * is its own lazy chunk that no page load fetches.
 * @module
 */
import { SkinViewer, WalkingAnimation } from 'skinview3d'

/** What to show and how to label it. */
export interface Viewer3dOptions {
  textureUrl: string
  capeUrl?: string
  slim: boolean
  /**
   * The model is not known (the generate form's "Detect automatically" with the visitor's own file):
   * skinview3d reads it from the texture, as the API will.
   */
  detectModel?: boolean
  /** Starts (and resets to) the back turned to the camera: the generate form's cape preview shows the cape. */
  fromBehind?: boolean
  /** Accessible name of the canvas. */
  label: string
  /** Starts with the walk paused (prefers-reduced-motion). */
  paused: boolean
}

/** The running viewer, driven by the island's buttons. */
export interface Viewer3d {
  canvas: HTMLCanvasElement
  setWalking(walking: boolean): void
  /** Turns the player by `radians` about its vertical axis. */
  turn(radians: number): void
  /** Brings the camera `factor` times closer (below 1: farther), within limits. */
  zoomBy(factor: number): void
  reset(): void
  dispose(): void
}

/** A little smaller than skinview3d's 0.9, and lifted, so the feet stay clear of the control bar. */
const DEFAULT_ZOOM = 0.8
const LIFT = 2.5
/** The home pose is turned a little, so the first sight already reads as 3D, not as the flat render. */
const HOME_TURN = Math.PI / 7
/** Closest and farthest camera distances: a face close-up, and the player small in the box. */
const MIN_DISTANCE = 16
const MAX_DISTANCE = 110
const TURN_STEP = Math.PI / 8

/**
 * Creates the viewer inside `host` (sized like `box`) once the skin texture has loaded, or returns null
 * when the WebGL context cannot be created (the island probed for WebGL already, but creation can still
 * fail) or the texture does not load — the 2D render then simply stays (the no-WebGL view).
 */
export async function mountViewer3d(host: HTMLElement, box: HTMLElement, options: Viewer3dOptions): Promise<Viewer3d | null> {
  const canvas = document.createElement('canvas')
  let viewer: SkinViewer
  try {
    viewer = new SkinViewer({
      canvas,
      width: box.clientWidth,
      height: box.clientHeight,
      zoom: DEFAULT_ZOOM,
      // Lets the page read back what was drawn (tests check that the viewer really painted).
      preserveDrawingBuffer: true,
      renderPaused: true,
    })
  } catch {
    return null
  }
  const walk = new WalkingAnimation()
  walk.paused = options.paused
  viewer.animation = walk
  // OrbitControls: drag turns, wheel and pinch zoom (skinview3d's defaults); no panning.
  viewer.controls.enablePan = false
  viewer.playerWrapper.position.y = LIFT
  const homeTurn = options.fromBehind ? HOME_TURN + Math.PI : HOME_TURN
  viewer.playerWrapper.rotation.y = homeTurn
  viewer.controls.minDistance = MIN_DISTANCE
  viewer.controls.maxDistance = MAX_DISTANCE

  try {
    await viewer.loadSkin(options.textureUrl, { model: options.detectModel ? 'auto-detect' : options.slim ? 'slim' : 'default' })
  } catch {
    viewer.dispose()
    return null
  }
  // A cape that fails to load only means no cape: the skin is what matters.
  if (options.capeUrl) await viewer.loadCape(options.capeUrl).catch(() => undefined)

  canvas.className = 'skin-viewer__canvas'
  canvas.tabIndex = 0
  canvas.setAttribute('role', 'img')
  canvas.setAttribute('aria-label', options.label)
  canvas.dataset.model = viewer.playerObject.skin.modelType
  canvas.dataset.cape = String(viewer.playerObject.cape.visible)

  // Frames only while something moves: the walk runs skinview3d's loop; a still player (walk paused,
  // or off screen) gets one frame per change — a turn, a zoom, a drag, a resize — instead of sixty a
  // second of the same picture (battery, and a phone's GPU kept cool).
  let walking = !options.paused
  let onScreen = false
  let frameAsked = false
  const redraw = () => {
    if (frameAsked || walking || !onScreen) return
    frameAsked = true
    requestAnimationFrame(() => {
      frameAsked = false
      if (!viewer.disposed && viewer.renderPaused) viewer.render()
    })
  }
  const runLoop = () => {
    viewer.renderPaused = !(onScreen && walking)
    redraw()
  }
  viewer.controls.addEventListener('change', redraw)
  canvas.addEventListener('webglcontextrestored', redraw)

  const turn = (radians: number) => {
    viewer.playerWrapper.rotation.y += radians
    redraw()
  }
  // Moves the camera like the wheel does, so buttons, keys and wheel share one distance.
  const zoomBy = (factor: number) => {
    const camera = viewer.camera.position
    const distance = Math.min(MAX_DISTANCE, Math.max(MIN_DISTANCE, camera.length() / factor))
    camera.setLength(distance)
    viewer.controls.update()
    redraw()
  }
  const onKey = (event: KeyboardEvent) => {
    const action: Record<string, () => void> = {
      ArrowLeft: () => turn(-TURN_STEP),
      ArrowRight: () => turn(TURN_STEP),
      '+': () => zoomBy(1.2),
      '=': () => zoomBy(1.2),
      '-': () => zoomBy(1 / 1.2),
    }
    const run = action[event.key]
    if (!run || event.altKey || event.ctrlKey || event.metaKey) return
    event.preventDefault()
    run()
  }
  canvas.addEventListener('keydown', onKey)

  // The box follows the page layout (a column that narrows on phones): keep the canvas the same size.
  const resize = new ResizeObserver(() => {
    if (box.clientWidth && box.clientHeight) viewer.setSize(box.clientWidth, box.clientHeight)
    redraw()
  })
  resize.observe(box)
  // No frames while the viewer is off screen (battery).
  const visible = new IntersectionObserver(([entry]) => {
    onScreen = Boolean(entry?.isIntersecting)
    runLoop()
  })
  visible.observe(box)
  host.append(canvas)

  return {
    canvas,
    setWalking: (on) => {
      walking = on
      walk.paused = !on
      runLoop()
    },
    turn,
    zoomBy,
    reset: () => {
      viewer.playerWrapper.rotation.y = homeTurn
      viewer.resetCameraPose()
      viewer.zoom = DEFAULT_ZOOM
      redraw()
    },
    dispose: () => {
      resize.disconnect()
      visible.disconnect()
      canvas.removeEventListener('keydown', onKey)
      viewer.dispose()
      canvas.remove()
    },
  }
}
