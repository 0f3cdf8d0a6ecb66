/**
 * The editor's camera: an orbit about a target point, driven by our own gestures rather than three's
 * OrbitControls, because a left drag or one finger on the model paints and only the rest turns the view.
 * Zooming at a point keeps that point under the pointer (a face close-up is one wheel turn over the face).
 * @module
 */
import { Plane, Raycaster, Spherical, Vector2, Vector3, type PerspectiveCamera } from 'three'

/** Room to leave free at each edge of the view in the home view, as a fraction of the half frame (0..1). */
export interface FrameInsets {
  top: number
  bottom: number
  /** Left and right alike. */
  side: number
}

/** Closest and farthest camera distances from the target: a face close-up, and the player small. */
const MIN_DISTANCE = 16
const MAX_DISTANCE = 110
/** The camera never goes quite over the top or under the feet (the view would spin about its axis). */
const MIN_POLAR = 0.15
const MAX_POLAR = Math.PI - 0.15
/** The home view is turned a little, so the first sight already reads as 3D, and seen a little from above. */
const HOME_TURN = Math.PI / 9
const HOME_POLAR = Math.PI / 2 - 0.12
/**
 * The standing player's outline before the view has measured its meshes (model units: 32 tall, the
 * overlay half a unit out): the head's box and the body-and-limbs box, by two opposite corners.
 */
const STANDING_PLAYER: readonly (readonly [number, number, number])[] = [
  [-4.5, 7.5, -4.5],
  [4.5, 16.5, 4.5],
  [-8.5, -16.5, -2.5],
  [8.5, 8.5, 2.5],
]
/** Without a frame size to go by: 5 % of the half frame free at every edge. */
const DEFAULT_INSETS: FrameInsets = { top: 0.05, bottom: 0.05, side: 0.05 }
/** Zooming at a point moves the target with it, but never far from the player's middle. */
const TARGET_LIMIT = { x: 4, y: 14, z: 4 }

const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n))

/** Orbits `camera` about a target; every change is applied at once (position, orientation, matrices). */
export class OrbitCamera {
  readonly target = new Vector3()
  readonly #spherical = new Spherical()
  readonly #raycaster = new Raycaster()

  constructor(private readonly camera: PerspectiveCamera) {
    this.home()
  }

  /** Distance from the camera to the target. */
  get distance(): number {
    return this.#spherical.radius
  }

  /** The camera sits where {@link home} put it (nothing turned or zoomed since): a new frame size or pose may fit it again. */
  get atHome(): boolean {
    return this.#atHome
  }
  #atHome = false

  /**
   * Back to the home view: turned a little and seen a little from above, at the distance where every
   * one of `points` (the player's mesh corners, world units) is in the frame with `insets` left free,
   * and panned so the player sits in the middle of what is left. Found exactly rather than guessed:
   * in the camera's own axes a point (a, b, c) at distance d shows at height b / ((d − c)·tan(fov/2)),
   * so "inside the frame" is linear in the distance and the pan, and the nearest distance at which
   * some pan fits every pair of points is a maximum over pairs.
   */
  home(points: readonly (readonly [number, number, number])[] = boxCorners(STANDING_PLAYER), insets: FrameInsets = DEFAULT_INSETS): void {
    const tan = Math.tan((this.camera.fov * Math.PI) / 360)
    const aspect = this.camera.aspect || 1
    const z = new Vector3().setFromSpherical(new Spherical(1, HOME_POLAR, -HOME_TURN))
    const x = new Vector3(0, 1, 0).cross(z).normalize()
    const y = new Vector3().crossVectors(z, x)
    const p = new Vector3()
    const local = points.map((point) => {
      p.set(point[0], point[1], point[2])
      return { a: p.dot(x), b: p.dot(y), c: p.dot(z) }
    })
    const vertical = fitAxis(local.map((q) => [q.b, q.c] as const), (1 - insets.top) * tan, (1 - insets.bottom) * tan)
    const across = (1 - insets.side) * tan * aspect
    const horizontal = fitAxis(local.map((q) => [q.a, q.c] as const), across, across)
    const distance = clamp(Math.max(vertical.distance, horizontal.distance), MIN_DISTANCE, MAX_DISTANCE)
    this.target.copy(x.multiplyScalar(horizontal.pan(distance))).add(y.multiplyScalar(vertical.pan(distance)))
    this.#spherical.set(distance, HOME_POLAR, -HOME_TURN)
    this.apply()
    this.#atHome = true
  }

  /** Turns the view as if the player turned `radians` about its vertical axis. */
  turn(radians: number): void {
    this.#atHome = false
    this.#spherical.theta -= radians
    this.apply()
  }

  /** Tilts the view: positive looks more from below, negative more from above. */
  tilt(radians: number): void {
    this.#atHome = false
    this.#spherical.phi = clamp(this.#spherical.phi + radians, MIN_POLAR, MAX_POLAR)
    this.apply()
  }

  /** A drag of (dx, dy) CSS pixels on a view `height` pixels tall; a full height turns once around (as OrbitControls). */
  drag(dx: number, dy: number, height: number): void {
    this.#atHome = false
    const scale = (2 * Math.PI) / Math.max(1, height)
    this.#spherical.theta -= dx * scale
    this.#spherical.phi = clamp(this.#spherical.phi - dy * scale, MIN_POLAR, MAX_POLAR)
    this.apply()
  }

  /**
   * Brings the camera `factor` times closer (below 1: farther), within limits. With `ndc` (the pointer
   * in normalised device coordinates) the point under the pointer stays under it: camera and target
   * scale about that point, which a perspective view leaves in place on screen.
   */
  zoom(factor: number, ndc?: Vector2): void {
    const before = this.#spherical.radius
    const after = clamp(before / factor, MIN_DISTANCE, MAX_DISTANCE)
    if (after === before) return
    this.#atHome = false
    if (ndc) {
      this.camera.updateMatrixWorld()
      this.#raycaster.setFromCamera(ndc, this.camera)
      const facing = this.camera.getWorldDirection(new Vector3())
      const plane = new Plane().setFromNormalAndCoplanarPoint(facing, this.target)
      const point = this.#raycaster.ray.intersectPlane(plane, new Vector3())
      if (point) {
        const moved = this.target.clone().sub(point).multiplyScalar(after / before).add(point)
        this.target.set(clamp(moved.x, -TARGET_LIMIT.x, TARGET_LIMIT.x), clamp(moved.y, -TARGET_LIMIT.y, TARGET_LIMIT.y), clamp(moved.z, -TARGET_LIMIT.z, TARGET_LIMIT.z))
      }
    }
    this.#spherical.radius = after
    this.apply()
  }

  /** Puts the camera where the orbit says and points it at the target. */
  apply(): void {
    this.#spherical.makeSafe()
    this.camera.position.setFromSpherical(this.#spherical).add(this.target)
    this.camera.lookAt(this.target)
    this.camera.updateMatrixWorld()
  }
}

/** The eight corners of each box given by two opposite corners. */
function boxCorners(boxes: readonly (readonly [number, number, number])[]): [number, number, number][] {
  const out: [number, number, number][] = []
  for (let i = 0; i + 1 < boxes.length; i += 2) {
    const [lo, hi] = [boxes[i]!, boxes[i + 1]!]
    for (const cx of [lo[0], hi[0]]) for (const cy of [lo[1], hi[1]]) for (const cz of [lo[2], hi[2]]) out.push([cx, cy, cz])
  }
  return out
}

/**
 * One screen axis of the home fit. Each point is (s, c): its offset along the axis and its depth
 * towards the camera. At distance d and pan p it shows inside the frame when
 * −low·(d − c) ≤ s − p ≤ high·(d − c) (`high`, `low`: the frame's reach either side of the centre per
 * unit of depth). Some pan fits points i and j together once d ≥ (sᵢ − sⱼ + high·cᵢ + low·cⱼ) / (high + low);
 * the largest such bound is the nearest distance; the pan then is the middle of what fits.
 */
function fitAxis(points: readonly (readonly [number, number])[], high: number, low: number): { distance: number; pan(distance: number): number } {
  let distance = 0
  for (const [si, ci] of points) for (const [sj, cj] of points) distance = Math.max(distance, (si - sj + high * ci + low * cj) / (high + low))
  return {
    distance,
    pan: (d) => {
      let from = -Infinity
      let to = Infinity
      for (const [s, c] of points) {
        from = Math.max(from, s - high * (d - c))
        to = Math.min(to, s + low * (d - c))
      }
      return (from + to) / 2
    },
  }
}
