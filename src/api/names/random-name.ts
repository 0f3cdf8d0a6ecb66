/**
 * Seeded random skin names (reference mineskin-api.md §1.9 `GET /random-name?seed=`):
 * unique-names-generator with adjectives + colors + animals, space separator, capital style.
 * The library turns a string seed into the *sum of its char codes*, so anagrams collide and all
 * 32-hex skin uuids fall into ~1 700 sums; we hash the string to 32 bits (FNV-1a) first and hand
 * the library a numeric seed, which it spreads well.
 * @module
 */
import { adjectives, animals, colors, uniqueNamesGenerator } from 'unique-names-generator'

/** FNV-1a 32-bit hash of the UTF-16 code units; never 0 (the library treats a 0 seed as "no seed"). */
function seedNumber(seed: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 0x01000193)
  return h >>> 0 || 1
}

/**
 * Adjectives of the library's list that must not name a skin in a public gallery read by children
 * (a seeded page showed "Sexual Aqua Bat"): a name drawn with one is drawn again from a derived seed.
 * Every other seed keeps the name it always had.
 */
export const BLOCKED_ADJECTIVES: ReadonlySet<string> = new Set([
  'bloody', 'blind', 'christian', 'criminal', 'dead', 'deaf', 'dirty', 'disabled', 'drunk', 'dying', 'fat', 'filthy', 'foolish', 'gay',
  'guilty', 'homeless', 'illegal', 'naked', 'political', 'pregnant', 'protestant', 'racial', 'religious', 'sexual', 'sick', 'stupid',
  'toxic', 'ugly', 'useless', 'violent',
])

const draw = (seed?: number) =>
  uniqueNamesGenerator({
    dictionaries: [adjectives, colors, animals],
    separator: ' ',
    style: 'capital',
    ...(seed ? { seed } : {}),
  })

const allowed = (name: string) => !BLOCKED_ADJECTIVES.has(name.slice(0, name.indexOf(' ')).toLowerCase())

/** Deterministic capitalised "Adjective Colour Animal" name for a seed; no (or empty) seed -> random. */
export function randomName(seed?: string): string {
  let name = draw(seed ? seedNumber(seed) : undefined)
  for (let round = 1; !allowed(name); round++) name = draw(seed ? seedNumber(`${seed}#${round}`) : undefined)
  return name
}
