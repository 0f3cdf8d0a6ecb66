/**
 * The editor's camera: an orbit about a target point, driven by our own gestures rather than three's
 * OrbitControls, because a left drag or one finger on the model paints and only the rest turns the view.
 * Zooming at a point keeps that point under the pointer (a face close-up is one wheel turn over the face).
 * @module
 */
import { Plane, Raycaster, Spherical, Vector2, Vector3, type PerspectiveCamera } from 'three'

/** Closest and farthest camera distances from the target: a face close-up, and the player small. */
const MIN_DISTANCE = 16
const MAX_DISTANCE = 110
/** The camera never goes quite over the top or under the feet (the view would spin about its axis). */
const MIN_POLAR = 0.15
const MAX_POLAR = Math.PI - 0.15
/** The home view is turned a little, so the first sight already reads as 3D, and seen a little from above. */
const HOME_TURN = Math.PI / 10
const HOME_POLAR = Math.PI / 2 - 0.08
/** Half the player's height and width in model units (32 tall, 16 wide) plus the overlay and a margin. */
const HALF_HEIGHT = 18
const HALF_WIDTH = 10
/** The front of the player (the head's overlay) stands this far before the centre. */
const FRONT_DEPTH = 4.5
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

  /** Back to the home view: the whole player in the frame, turned a little. */
  home(): void {
    const tan = Math.tan((this.camera.fov * Math.PI) / 360)
    const aspect = this.camera.aspect || 1
    const fit = Math.max(HALF_HEIGHT / tan, HALF_WIDTH / (tan * aspect)) + FRONT_DEPTH
    this.target.set(0, 0, 0)
    this.#spherical.set(clamp(fit, MIN_DISTANCE, MAX_DISTANCE), HOME_POLAR, -HOME_TURN)
    this.apply()
  }

  /** Turns the view as if the player turned `radians` about its vertical axis. */
  turn(radians: number): void {
    this.#spherical.theta -= radians
    this.apply()
  }

  /** Tilts the view: positive looks more from below, negative more from above. */
  tilt(radians: number): void {
    this.#spherical.phi = clamp(this.#spherical.phi + radians, MIN_POLAR, MAX_POLAR)
    this.apply()
  }

  /** A drag of (dx, dy) CSS pixels on a view `height` pixels tall; a full height turns once around (as OrbitControls). */
  drag(dx: number, dy: number, height: number): void {
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
