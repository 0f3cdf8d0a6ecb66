/**
 * Procedurally generated demo skins: a character with a skin tone, a face, one of several hair
 * styles, a shirt (solid, striped, two-tone or with an emblem; short or long sleeves), trousers or
 * a skirt-like tunic, shoes, and optional hat, glasses or open jacket on the overlay layer; classic
 * or slim arms. Everything comes from a seeded PRNG, so a seed always paints the same skin.
 * The base layer is fully opaque where the game draws it (Minecraft ignores base-layer alpha).
 * @module
 */
import { BOX_FACES, faceRect, skinParts, type BoxFace, type SkinPart } from '../../shared/skin/skin-model'

/** RGB colour. */
type Rgb = readonly [number, number, number]

/** What was painted, for names and tags. */
export interface SkinTraits {
  slim: boolean
  hair: 'short' | 'long' | 'bald' | 'ponytail' | 'spiky'
  hairColour: string
  shirt: 'solid' | 'striped' | 'two-tone' | 'emblem'
  shirtColour: string
  hat: 'none' | 'cap' | 'beanie' | 'crown'
  glasses: boolean
  jacket: boolean
}

/** A painted skin. */
export interface ProceduralSkin {
  rgba: Uint8Array
  traits: SkinTraits
  /** Suggested tags (lowercase letters, spaces, hyphens: the tag rule of reference §1.7). */
  tags: string[]
}

const SKIN_TONES: Rgb[] = [
  [255, 220, 185], [241, 194, 150], [224, 172, 125], [198, 134, 86], [161, 102, 66], [120, 75, 48], [90, 56, 37],
]
const HAIR: [string, Rgb][] = [
  ['black', [30, 24, 20]], ['brown', [92, 58, 33]], ['blonde', [226, 192, 110]], ['ginger', [184, 80, 30]],
  ['white', [228, 228, 228]], ['blue', [52, 92, 200]], ['pink', [230, 120, 180]], ['green', [60, 160, 80]],
]
const CLOTH: [string, Rgb][] = [
  ['red', [196, 40, 40]], ['orange', [230, 130, 30]], ['yellow', [230, 205, 50]], ['green', [50, 150, 70]],
  ['teal', [30, 140, 140]], ['blue', [45, 80, 190]], ['navy', [28, 36, 90]], ['purple', [120, 50, 170]],
  ['pink', [225, 110, 170]], ['black', [35, 35, 40]], ['white', [230, 230, 230]], ['grey', [120, 120, 128]],
  ['brown', [110, 72, 40]],
]
const EYES: Rgb[] = [[40, 90, 200], [60, 130, 60], [90, 60, 30], [30, 30, 30], [120, 80, 170]]

/** Picks one element. */
const pick = <T>(rnd: () => number, xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!

/** Canvas with a deterministic per-pixel shading noise. */
function canvas(rnd: () => number) {
  const rgba = new Uint8Array(64 * 64 * 4)
  const set = (x: number, y: number, c: Rgb, a = 255, noise = 10) => {
    const n = Math.round((rnd() - 0.5) * noise)
    const i = (y * 64 + x) * 4
    rgba[i] = Math.max(0, Math.min(255, c[0] + n))
    rgba[i + 1] = Math.max(0, Math.min(255, c[1] + n))
    rgba[i + 2] = Math.max(0, Math.min(255, c[2] + n))
    rgba[i + 3] = a
  }
  /** Paints every face of a part; `colour(face, fx, fy, fw, fh)` returns a colour or null (transparent). */
  const part = (box: SkinPart, layer: 'base' | 'overlay', colour: (face: BoxFace, fx: number, fy: number, fw: number, fh: number) => Rgb | null, a = 255) => {
    for (const face of BOX_FACES) {
      const r = faceRect(box, layer, face)
      for (let fy = 0; fy < r.h; fy++)
        for (let fx = 0; fx < r.w; fx++) {
          const c = colour(face, fx, fy, r.w, r.h)
          if (c) set(r.x + fx, r.y + fy, c, a)
        }
    }
  }
  return { rgba, set, part }
}

const shade = (c: Rgb, f: number): Rgb => [c[0] * f, c[1] * f, c[2] * f].map((v) => Math.round(Math.min(255, v))) as unknown as Rgb

/** Paints a skin from a PRNG. */
export function paintSkin(rnd: () => number): ProceduralSkin {
  const slim = rnd() < 0.35
  const parts = skinParts(slim)
  const { rgba, part } = canvas(rnd)
  const tone = pick(rnd, SKIN_TONES)
  const [hairName, hair] = pick(rnd, HAIR)
  const hairStyle = pick(rnd, ['short', 'long', 'bald', 'ponytail', 'spiky'] as const)
  const eye = pick(rnd, EYES)
  const [shirtName, shirt] = pick(rnd, CLOTH)
  const [, shirt2] = pick(rnd, CLOTH)
  const shirtStyle = pick(rnd, ['solid', 'striped', 'two-tone', 'emblem'] as const)
  const [pantsName, pants] = pick(rnd, CLOTH.filter(([n]) => n !== shirtName))
  const shoes: Rgb = pick(rnd, [[40, 40, 40], [90, 60, 35], [230, 230, 230], [150, 30, 30]] as Rgb[])
  const longSleeves = rnd() < 0.55
  const hat = rnd() < 0.3 ? pick(rnd, ['cap', 'beanie', 'crown'] as const) : 'none'
  const [, hatColour] = pick(rnd, CLOTH)
  const glasses = rnd() < 0.2
  const jacket = rnd() < 0.25
  const [, jacketColour] = pick(rnd, CLOTH)
  const hairDepth = hairStyle === 'long' || hairStyle === 'ponytail' ? 7 : hairStyle === 'bald' ? 0 : 2 + Math.floor(rnd() * 2)

  // Head: skin, hair on top and down the sides/back, a face on the front.
  part(parts.head, 'base', (face, x, y) => {
    if (hairStyle !== 'bald' && face === 'top') return hair
    if (face === 'front') {
      if (hairStyle !== 'bald' && y < (hairStyle === 'spiky' ? 2 : 1)) return hair
      if (hairStyle === 'long' && (x === 0 || x === 7) && y < 7) return hair
      if (y === 4 && (x === 1 || x === 6)) return [250, 250, 250]
      if (y === 4 && (x === 2 || x === 5)) return eye
      if (y === 3 && x >= 1 && x <= 6 && x !== 3 && x !== 4 && hairStyle !== 'bald') return shade(hair, 0.8)
      if (y === 6 && x >= 3 && x <= 4) return shade(tone, 0.7)
      return tone
    }
    if (face === 'bottom') return tone
    if (face === 'back' && hairStyle !== 'bald' && y < (hairStyle === 'short' || hairStyle === 'spiky' ? hairDepth + 2 : 8)) return hair
    if ((face === 'left' || face === 'right') && y < hairDepth) return hair
    return tone
  })
  if (hairStyle === 'spiky' || hairStyle === 'ponytail') {
    part(parts.head, 'overlay', (face, x, y) => {
      if (hairStyle === 'spiky' && face === 'top' && (x + y) % 3 === 0) return shade(hair, 1.15)
      if (hairStyle === 'ponytail' && face === 'back' && x >= 3 && x <= 4) return shade(hair, 0.9)
      return null
    })
  }
  if (hat !== 'none') {
    part(parts.head, 'overlay', (face, x, y) => {
      if (face === 'bottom') return null
      if (hat === 'crown') return face !== 'top' && y === 0 && x % 2 === 0 ? [230, 190, 40] : face !== 'top' && y === 1 ? [230, 190, 40] : null
      if (face === 'top') return hatColour
      if (hat === 'cap') return y < 2 || (face === 'front' && y === 2) ? hatColour : null
      return y < 3 ? (y === 2 ? shade(hatColour, 0.8) : hatColour) : null
    })
  }
  if (glasses) {
    part(parts.head, 'overlay', (face, x, y) => (face === 'front' && y === 4 && x >= 1 && x <= 6 ? (x === 3 || x === 4 ? [20, 20, 20] : [60, 60, 70]) : null))
  }

  // Body: shirt with a pattern.
  const shirtAt = (face: BoxFace, x: number, y: number, w: number): Rgb => {
    if (shirtStyle === 'striped' && face !== 'top' && face !== 'bottom' && y % 3 === 0) return shirt2
    if (shirtStyle === 'two-tone' && x >= w / 2) return shirt2
    if (shirtStyle === 'emblem' && face === 'front' && x >= 3 && x <= 4 && y >= 3 && y <= 4) return shirt2
    return shirt
  }
  part(parts.body, 'base', (face, x, y, w) => {
    if (face === 'front' && y >= 10) return shade(pants, 0.7)
    return shirtAt(face, x, y, w)
  })
  if (jacket) part(parts.body, 'overlay', (face, x, _y, w) => (face === 'front' ? (x < 2 || x >= w - 2 ? jacketColour : null) : face === 'bottom' ? null : jacketColour))

  // Arms: sleeves, then skin (hands at the bottom).
  const arm = (face: BoxFace, _x: number, y: number, w: number): Rgb => {
    if (face === 'top') return shirt
    if (face === 'bottom') return tone
    if (longSleeves ? y < 11 : y < 4) return shirtAt(face, _x, y, w)
    return tone
  }
  part(parts.rightArm, 'base', arm)
  part(parts.leftArm, 'base', arm)
  if (jacket) {
    const sleeve = (face: BoxFace) => (face === 'bottom' || face === 'top' ? null : jacketColour)
    part(parts.rightArm, 'overlay', sleeve)
    part(parts.leftArm, 'overlay', sleeve)
  }

  // Legs: trousers, shoes.
  const leg = (face: BoxFace, _x: number, y: number): Rgb => {
    if (face === 'top') return pants
    if (face === 'bottom') return shoes
    return y >= 9 ? shoes : pants
  }
  part(parts.rightLeg, 'base', leg)
  part(parts.leftLeg, 'base', leg)

  const traits: SkinTraits = { slim, hair: hairStyle, hairColour: hairName, shirt: shirtStyle, shirtColour: shirtName, hat, glasses, jacket }
  const tags = [
    `${shirtName} shirt`,
    hairStyle === 'bald' ? 'bald' : `${hairName} hair`,
    ...(hat !== 'none' ? [hat] : []),
    ...(glasses ? ['glasses'] : []),
    ...(jacket ? ['jacket'] : []),
    ...(shirtStyle === 'striped' ? ['stripes'] : []),
    `${pantsName} trousers`,
  ]
  return { rgba, traits, tags }
}
