/**
 * The editor's 3D view (editor contract part D): skinview3d's player showing the island's 64x64
 * texture canvas, where a stroke paints on the model under the pointer (raycast → texel) and the rest
 * of the input turns and zooms the view. The only editor module that imports skinview3d and three.js;
 * the island imports it dynamically, so three.js is a chunk of its own that only /editor fetches.
 *
 * Frames are drawn on demand — one per texture change, view change or resize — and every frame only
 * while a moving pose (walk, wave) plays on screen and no stroke is under way, so a painted texel
 * costs one render.
 * @module
 */
import { CanvasTexture, NearestFilter, Vector3, type MeshStandardMaterial } from 'three'
import { SkinViewer, type PlayerAnimation } from 'skinview3d'
import type { BoxFace, PartName } from '../../shared/skin/skin-model'
import type { Layer, Model } from '../../shared/skin-editor/texture'
import { OrbitCamera } from './editor-3d-camera'
import { attachGestures, type Texel } from './editor-3d-gestures'
import { ModelPicker, meshPlaces, toNdc, type ModelHit } from './editor-3d-pick'
import { applyPose, type Pose } from './editor-3d-pose'

export type { ModelHit } from './editor-3d-pick'
export type { Pose } from './editor-3d-pose'
export type { Texel } from './editor-3d-gestures'

/** What the 3D view shows and whom it tells about paint gestures. */
export interface Editor3dOptions {
  /** The 64×64 canvas the island draws the texture into (the 3D texture reads from it). */
  texture: HTMLCanvasElement
  /** The arm width of the model shown. */
  model: Model
  /** Accessible name of the canvas. */
  label: string
  /**
   * A paint gesture on the model: 'start' | 'move' | 'end', with the texel under the pointer (null: off
   * the model), called from the pointer event; `timeStamp` is that event's (for the paint-latency measure).
   */
  onPaint(phase: 'start' | 'move' | 'end', texel: Texel | null, timeStamp: number): void
  /** The layer painted at first (default 'base'). */
  layer?: Layer
  /** The pose at first (default 'stand'). */
  pose?: Pose
  /**
   * The texel of the active layer under a hovering mouse or pen (null: off the model, or the pointer
   * left), called when it changes — the island's read-out of where the pointer is. Touch has no hover.
   */
  onHover?(hit: ModelHit | null): void
  /**
   * CSS pixels the home view leaves free along each edge (default 12 each), e.g. under controls the
   * island lays over the view; the player is fitted, head to feet, into the rest.
   */
  homeInsets?: { top?: number; bottom?: number; side?: number }
}

/** The running 3D view, driven by the island. */
export interface Editor3d {
  canvas: HTMLCanvasElement
  /** The texture canvas changed: upload it and draw in this same frame. */
  textureChanged(): void
  setModel(model: Model): void
  /** Hide/show each part's base and overlay meshes. */
  setVisible(part: PartName, layer: Layer, visible: boolean): void
  /** The active layer: the raycast hits only it; the other layer is dimmed (overlay semi-transparent / base darkened). */
  setActiveLayer(layer: Layer): void
  setPose(pose: Pose): void
  /** Brings the camera `factor` times closer (below 1: farther), within limits. */
  zoomBy(factor: number): void
  /** Turns the view as if the player turned `radians` about its vertical axis. */
  turn(radians: number): void
  /** Tilts the view: positive looks more from below, negative more from above. */
  tilt(radians: number): void
  /** Back to the home view (the pose, layer and hidden parts stay). */
  reset(): void
  /** The host's size changed (a ResizeObserver on the host calls this too). */
  resize(): void
  dispose(): void
  /** The texel of the active layer under a client point, or null (for tests and the bench). */
  texelAt(clientX: number, clientY: number): ModelHit | null
  /** Where the centre of a face is drawn, in client coordinates; null when it faces away or is off the canvas (for tests and the bench). */
  screenPointOf(part: PartName, face: BoxFace, layer: Layer): { x: number; y: number } | null
}

/** The inactive layer, dimmed: the overlay this opaque over an active base … */
const DIM_OVERLAY_OPACITY = 0.35
/** … and the base this dark under an active overlay. */
const DIM_BASE_BRIGHTNESS = 0.45
/** Arrow keys turn and tilt by this much; +/- zoom by this factor. */
const KEY_TURN = Math.PI / 12
const KEY_ZOOM = 1.2
/** The highest device pixel ratio rendered at (paint latency on dense phone screens). */
const MAX_PIXEL_RATIO = 2
/** Quiet time after the last texture change before the smoothed (FXAA) frame is drawn, ms. */
const SETTLE_MS = 150
/** The camera's vertical field of view, degrees. */
const FOV = 35
/** CSS pixels the home view leaves free at each edge unless the island says otherwise. */
const HOME_INSETS = { top: 12, bottom: 12, side: 12 }
/** The longest animation step after a stall (a background tab, a long stroke), in seconds. */
const MAX_STEP = 0.1

/**
 * Creates the 3D view inside `host` (filling it) or returns null when no WebGL context can be created;
 * the island then offers the 2D view alone.
 */
export async function mountEditor3d(host: HTMLElement, options: Editor3dOptions): Promise<Editor3d | null> {
  const canvas = document.createElement('canvas')
  let viewer: SkinViewer
  try {
    viewer = new SkinViewer({
      canvas,
      width: Math.max(1, host.clientWidth),
      height: Math.max(1, host.clientHeight),
      // Lets the page read back what was drawn (tests check that a painted texel shows).
      preserveDrawingBuffer: true,
      renderPaused: true,
      // A 3x phone screen would render nine times the pixels of 1x for every painted texel; 2x is sharp enough.
      pixelRatio: Math.min(MAX_PIXEL_RATIO, window.devicePixelRatio || 1),
      // Narrower than skinview3d's 50°: from farther away the head is not drawn smaller than the feet by much.
      fov: FOV,
    })
  } catch {
    return null
  }
  // Our own gestures turn the view (a left drag on the model paints): three's OrbitControls stay off.
  viewer.controls.enabled = false

  const skin = viewer.playerObject.skin
  const texture = new CanvasTexture(options.texture)
  texture.magFilter = NearestFilter
  texture.minFilter = NearestFilter
  skin.map = texture
  skin.modelType = options.model === 'slim' ? 'slim' : 'default'
  skin.visible = true

  const orbit = new OrbitCamera(viewer.camera)
  const picker = new ModelPicker(skin, viewer.camera, canvas)
  const places = meshPlaces(skin)
  const materialsOf = (layer: Layer) => [...new Set(places.filter((p) => p.layer === layer).flatMap((p) => p.mesh.material as MeshStandardMaterial | MeshStandardMaterial[]))]
  const baseMaterials = materialsOf('base')
  const overlayMaterials = materialsOf('overlay')

  canvas.className = 'editor-3d__canvas'
  canvas.tabIndex = 0
  canvas.setAttribute('role', 'img')
  canvas.setAttribute('aria-label', options.label)
  // One finger paints and two turn the view: the browser must not scroll or zoom the page under them.
  canvas.style.touchAction = 'none'
  canvas.style.display = 'block'

  // --- frames ---------------------------------------------------------------------------------
  let animation: PlayerAnimation | null = null
  let stroking = false
  let onScreen = true
  let dirty = false
  let frame = 0
  let lastTime: number | undefined
  const animating = () => animation !== null && !stroking && onScreen
  let settle: ReturnType<typeof setTimeout> | undefined
  /**
   * Draws the scene. `quick`: straight to the canvas. skinview3d's composer adds an off-screen pass and
   * an FXAA pass, which smooth the box edges but cost most of a frame where WebGL runs in software, so
   * strokes (on either view) draw quickly and the smoothed frame follows once they pause.
   */
  const draw = (quick: boolean) => {
    dirty = false
    if (viewer.disposed || viewer.renderer.getContext().isContextLost()) return
    if (quick) viewer.renderer.render(viewer.scene, viewer.camera)
    else viewer.render()
  }
  const render = () => draw(stroking)
  const tick = (now: number) => {
    frame = 0
    if (animating()) {
      const step = lastTime === undefined ? 0 : Math.min(MAX_STEP, (now - lastTime) / 1000)
      lastTime = now
      animation!.update(viewer.playerObject, step)
      dirty = true
      frame = requestAnimationFrame(tick)
    } else lastTime = undefined
    if (dirty && onScreen) render()
  }
  const schedule = () => {
    if (!frame && !viewer.disposed) frame = requestAnimationFrame(tick)
  }
  /** A view change: drawn in the next frame, several changes in one frame drawn once. */
  const redraw = () => {
    dirty = true
    schedule()
  }

  // --- state ----------------------------------------------------------------------------------
  let activeLayer: Layer = options.layer ?? 'base'
  const setActiveLayer = (layer: Layer) => {
    activeLayer = layer
    canvas.dataset.layer = layer
    for (const m of overlayMaterials) m.opacity = layer === 'base' ? DIM_OVERLAY_OPACITY : 1
    for (const m of baseMaterials) m.color.setScalar(layer === 'overlay' ? DIM_BASE_BRIGHTNESS : 1)
    redraw()
  }
  const setPose = (pose: Pose) => {
    const still = matchMedia('(prefers-reduced-motion: reduce)').matches
    animation = applyPose(viewer.playerObject, pose, still)
    canvas.dataset.pose = pose
    lastTime = undefined
    // A T-pose is wider than a stand: fitted again while the visitor has not moved the view.
    if (orbit.atHome) home()
    redraw()
  }
  const setModel = (model: Model) => {
    skin.modelType = model === 'slim' ? 'slim' : 'default'
    canvas.dataset.model = model
    redraw()
  }
  const zoomBy = (factor: number) => {
    orbit.zoom(factor)
    redraw()
  }
  const turn = (radians: number) => {
    orbit.turn(radians)
    redraw()
  }
  const tilt = (radians: number) => {
    orbit.tilt(radians)
    redraw()
  }
  /** The home view for the frame's size now, fitted around the corners of every mesh of the player as posed. */
  const home = () => {
    const corner = new Vector3()
    const points: [number, number, number][] = []
    viewer.playerObject.updateWorldMatrix(true, true)
    for (const { mesh } of places) {
      // skinview3d sizes some boxes by their geometry (head 8×8×8), others by the mesh's scale (arms).
      if (!mesh.geometry.boundingBox) mesh.geometry.computeBoundingBox()
      const { min, max } = mesh.geometry.boundingBox!
      for (const x of [min.x, max.x]) for (const y of [min.y, max.y]) for (const z of [min.z, max.z]) {
        corner.set(x, y, z).applyMatrix4(mesh.matrixWorld)
        points.push([corner.x, corner.y, corner.z])
      }
    }
    const inset = { ...HOME_INSETS, ...options.homeInsets }
    const width = Math.max(1, viewer.width)
    const height = Math.max(1, viewer.height)
    orbit.home(points, { top: (2 * inset.top) / height, bottom: (2 * inset.bottom) / height, side: (2 * inset.side) / width })
  }
  const resize = () => {
    const width = host.clientWidth
    const height = host.clientHeight
    if (!width || !height || (width === viewer.width && height === viewer.height)) return
    // Resizing clears the canvas: draw at once, or the view blinks for a frame.
    viewer.setSize(width, height)
    // Untouched, the home view follows the frame (a phone turned, a tab first shown at its real size).
    if (orbit.atHome) home()
    render()
  }

  // --- input ----------------------------------------------------------------------------------
  const detachGestures = attachGestures(canvas, {
    texelAt: (x, y) => {
      const hit = picker.texelAt(x, y, activeLayer)
      return hit && { x: hit.x, y: hit.y }
    },
    paint: (phase, texel, timeStamp) => options.onPaint(phase, texel, timeStamp),
    orbit: (dx, dy) => {
      orbit.drag(dx, dy, canvas.clientHeight)
      redraw()
    },
    zoomAt: (factor, x, y) => {
      orbit.zoom(factor, toNdc(canvas, x, y) ?? undefined)
      redraw()
    },
    stroking: (active) => {
      // The pose holds still under a stroke, so the texel under a resting pointer stays the same one.
      stroking = active
      lastTime = undefined
      // The smoothed frame again once the stroke is over.
      if (!active) dirty = true
      schedule()
    },
  })
  // The hover read-out: its own raycast per pointer event (not per coalesced one), told only on a change.
  let hovered = ''
  const hover = (hit: ModelHit | null) => {
    const key = hit ? `${hit.x},${hit.y}` : ''
    if (key === hovered) return
    hovered = key
    options.onHover?.(hit)
  }
  const onHoverMove = (event: PointerEvent) => {
    if (event.pointerType !== 'touch') hover(picker.texelAt(event.clientX, event.clientY, activeLayer))
  }
  const onHoverLeave = () => hover(null)
  if (options.onHover) {
    canvas.addEventListener('pointermove', onHoverMove)
    canvas.addEventListener('pointerleave', onHoverLeave)
  }
  const keys: Record<string, () => void> = {
    ArrowLeft: () => turn(-KEY_TURN),
    ArrowRight: () => turn(KEY_TURN),
    ArrowUp: () => tilt(-KEY_TURN),
    ArrowDown: () => tilt(KEY_TURN),
    '+': () => zoomBy(KEY_ZOOM),
    '=': () => zoomBy(KEY_ZOOM),
    '-': () => zoomBy(1 / KEY_ZOOM),
  }
  const onKey = (event: KeyboardEvent) => {
    const run = keys[event.key]
    if (!run || event.altKey || event.ctrlKey || event.metaKey) return
    event.preventDefault()
    run()
  }
  canvas.addEventListener('keydown', onKey)
  const onRestored = () => {
    texture.needsUpdate = true
    redraw()
  }
  canvas.addEventListener('webglcontextrestored', onRestored)

  const sizes = new ResizeObserver(resize)
  sizes.observe(host)
  // No frames while the view is off screen (the phone layout shows one view at a time; battery).
  const visibility = new IntersectionObserver(([entry]) => {
    onScreen = Boolean(entry?.isIntersecting)
    // Back on screen: the canvas kept its last frame; draw only what changed meanwhile (or resume a walk).
    if (onScreen && (dirty || animation)) schedule()
  })
  visibility.observe(host)

  host.append(canvas)
  setModel(options.model)
  setActiveLayer(activeLayer)
  setPose(options.pose ?? 'stand')
  resize()
  home()
  render()

  return {
    canvas,
    textureChanged: () => {
      texture.needsUpdate = true
      clearTimeout(settle)
      settle = setTimeout(redraw, SETTLE_MS)
      // Drawn now, in the caller's frame, so the 3D view and the 2D view show a stroke together.
      if (onScreen) draw(true)
      else dirty = true
    },
    setModel,
    setVisible: (part, layer, visible) => {
      const place = places.find((p) => p.part === part && p.layer === layer)
      if (place) place.mesh.visible = visible
      redraw()
    },
    setActiveLayer,
    setPose,
    zoomBy,
    turn,
    tilt,
    reset: () => {
      home()
      redraw()
    },
    resize,
    dispose: () => {
      cancelAnimationFrame(frame)
      frame = 0
      detachGestures()
      sizes.disconnect()
      visibility.disconnect()
      canvas.removeEventListener('keydown', onKey)
      canvas.removeEventListener('pointermove', onHoverMove)
      canvas.removeEventListener('pointerleave', onHoverLeave)
      canvas.removeEventListener('webglcontextrestored', onRestored)
      clearTimeout(settle)
      viewer.dispose()
      texture.dispose()
      canvas.remove()
    },
    texelAt: (x, y) => picker.texelAt(x, y, activeLayer),
    screenPointOf: (part, face, layer) => picker.screenPointOf(part, face, layer),
  }
}
