/**
 * A deterministic identicon for a user id (the account's avatar):
 * a 5×5 mirrored grid from SHA-256 of the id, hue from the hash. Same id → same SVG, byte for byte.
 * @module
 */
import { createHash } from 'node:crypto'

/** The identicon SVG of `id`. */
export function identiconSvg(id: string): string {
  const hash = createHash('sha256').update(id).digest()
  const hue = Math.round((hash[0]! / 255) * 360)
  const fg = `hsl(${hue} 62% 52%)`
  const bg = `hsl(${hue} 30% 92%)`
  const cells: string[] = []
  for (let row = 0; row < 5; row++) {
    for (let col = 0; col < 3; col++) {
      if ((hash[1 + row * 3 + col]! & 1) === 0) continue
      for (const x of col === 2 ? [2] : [col, 4 - col]) cells.push(`<rect x="${x + 1}" y="${row + 1}" width="1" height="1"/>`)
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 7 7" width="96" height="96" shape-rendering="crispEdges"><rect width="7" height="7" fill="${bg}"/><g fill="${fg}">${cells.join('')}</g></svg>`
}
