/**
 * Pointer → texture texel on skinview3d's player model: a ray from the camera through the pointer into
 * the visible meshes of the active layer, and the hit's UV turned into a texel of the 64x64 texture.
 * Also the reverse, for tests and the bench: where on screen the centre of a given face is drawn.
 * @module
 */
import { Raycaster, Vector2, Vector3, type Camera, type Mesh, type Object3D } from 'three'
import type { SkinObject } from 'skinview3d'
import type { BoxFace, PartName } from '../../shared/skin/skin-model'
import { PART_NAMES, rectOf } from '../../shared/skin-editor/layout'
import { SIZE, type Layer, type Model } from '../../shared/skin-editor/texture'

/** A texel of the texture hit on the model, with the part, layer and face it was hit on. */
export interface ModelHit {
  x: number
  y: number
  part: PartName
  layer: Layer
  face: BoxFace
}

/** One mesh of the model: a part's base (skinview3d's innerLayer) or overlay (outerLayer) box. */
export interface MeshPlace {
  mesh: Mesh
  part: PartName
  layer: Layer
}

/**
 * skinview3d maps a box's sides to the texture so: the player faces +z and the player's right arm is
 * at -x, so +x shows the texture's "left" rect and -x its "right" rect (names from the player's point
 * of view, as in skin-model.ts).
 */
function faceOfNormal({ x, y, z }: Vector3): BoxFace {
  if (x > 0.5) return 'left'
  if (x < -0.5) return 'right'
  if (y > 0.5) return 'top'
  if (y < -0.5) return 'bottom'
  return z > 0 ? 'front' : 'back'
}
/** The outward normal of each face in the box's own space. */
const FACE_NORMAL: Record<BoxFace, readonly [number, number, number]> = {
  left: [1, 0, 0],
  right: [-1, 0, 0],
  top: [0, 1, 0],
  bottom: [0, -1, 0],
  front: [0, 0, 1],
  back: [0, 0, -1],
}

/** The twelve meshes of skinview3d's skin, by part and layer (skinview3d's part names are ours). */
export function meshPlaces(skin: SkinObject): MeshPlace[] {
  return PART_NAMES.flatMap((part) => [
    { mesh: skin[part].innerLayer as Mesh, part, layer: 'base' as const },
    { mesh: skin[part].outerLayer as Mesh, part, layer: 'overlay' as const },
  ])
}

/** Shown on screen: the object and every ancestor visible (three's Raycaster itself ignores `visible`). */
function shown(object: Object3D): boolean {
  for (let o: Object3D | null = object; o; o = o.parent) if (!o.visible) return false
  return true
}

const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n))

/** The canvas point (client coordinates) as normalised device coordinates, or null outside the canvas. */
export function toNdc(canvas: HTMLCanvasElement, clientX: number, clientY: number): Vector2 | null {
  const box = canvas.getBoundingClientRect()
  if (!box.width || !box.height) return null
  const x = (clientX - box.left) / box.width
  const y = (clientY - box.top) / box.height
  if (x < 0 || y < 0 || x > 1 || y > 1) return null
  return new Vector2(x * 2 - 1, 1 - y * 2)
}

/** Finds texels under screen points and faces on screen for one model. */
export class ModelPicker {
  readonly #raycaster = new Raycaster()
  readonly #places: MeshPlace[]

  constructor(
    private readonly skin: SkinObject,
    private readonly camera: Camera,
    private readonly canvas: HTMLCanvasElement,
  ) {
    this.#places = meshPlaces(skin)
  }

  get model(): Model {
    return this.skin.modelType === 'slim' ? 'slim' : 'classic'
  }

  /**
   * The texel under client point (x, y) on the visible meshes of `layer`, or null when the ray misses
   * them (hidden meshes and the other layer are not in the way: an overlay box is slightly larger than
   * its base box, so with the base layer active the overlay would otherwise catch every ray).
   */
  texelAt(clientX: number, clientY: number, layer: Layer): ModelHit | null {
    const ndc = toNdc(this.canvas, clientX, clientY)
    if (!ndc) return null
    const targets = this.#places.filter((p) => p.layer === layer && shown(p.mesh))
    if (!targets.length) return null
    // Poses, model changes and camera moves since the last frame are not in the world matrices yet.
    this.skin.updateWorldMatrix(true, true)
    this.camera.updateMatrixWorld()
    this.#raycaster.setFromCamera(ndc, this.camera)
    const hits = this.#raycaster.intersectObjects(
      targets.map((p) => p.mesh),
      false,
    )
    for (const hit of hits) {
      const place = targets.find((p) => p.mesh === hit.object)
      // The hit triangle's normal in the box's own space names the side (skinview3d gives each mesh one
      // material, so three reports material index 0 for every side).
      if (!place || !hit.face || !hit.uv) continue
      const face = faceOfNormal(hit.face.normal)
      // The texture is uploaded with flipY (three's default), so v runs bottom-up; texel rows run top-down.
      // A hit exactly on a face's edge can round to the neighbouring face's texel: keep it in this face.
      const rect = rectOf(this.model, place.part, place.layer, face)
      const x = clamp(Math.floor(hit.uv.x * SIZE), rect.x, rect.x + rect.w - 1)
      const y = clamp(Math.floor((1 - hit.uv.y) * SIZE), rect.y, rect.y + rect.h - 1)
      return { x, y, part: place.part, layer: place.layer, face }
    }
    return null
  }

  /**
   * Where the centre of `face` of `part`'s `layer` box is drawn, in client coordinates, or null when
   * that face is turned away from the camera or lies outside the canvas (for tests and the bench: the
   * point to aim a pointer at).
   */
  screenPointOf(part: PartName, face: BoxFace, layer: Layer): { x: number; y: number } | null {
    const place = this.#places.find((p) => p.part === part && p.layer === layer)
    if (!place) return null
    const { mesh } = place
    this.skin.updateWorldMatrix(true, true)
    this.camera.updateMatrixWorld()
    mesh.geometry.computeBoundingBox()
    const box = mesh.geometry.boundingBox!
    const size = box.getSize(new Vector3())
    const [nx, ny, nz] = FACE_NORMAL[face]
    const local = box.getCenter(new Vector3()).add(new Vector3((nx * size.x) / 2, (ny * size.y) / 2, (nz * size.z) / 2))
    const centre = mesh.localToWorld(local.clone())
    const outward = mesh.localToWorld(local.clone().add(new Vector3(nx, ny, nz))).sub(centre)
    const toCamera = this.camera.getWorldPosition(new Vector3()).sub(centre)
    if (outward.dot(toCamera) <= 0) return null
    const ndc = centre.clone().project(this.camera)
    if (Math.abs(ndc.x) > 1 || Math.abs(ndc.y) > 1) return null
    const rect = this.canvas.getBoundingClientRect()
    return { x: rect.left + ((ndc.x + 1) / 2) * rect.width, y: rect.top + ((1 - ndc.y) / 2) * rect.height }
  }
}
