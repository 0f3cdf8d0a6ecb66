/**
 * HSV ↔ `#rrggbb` for the colour picker: the square picks saturation (across) and value (up), the
 * slider picks the hue.
 * @module
 */

/** Hue 0–360, saturation and value 0–1. */
export interface Hsv {
  h: number
  s: number
  v: number
}

/** `#rrggbb` → HSV (null for anything else). */
export function hexToHsv(hex: string): Hsv | null {
  const m = /^#([0-9a-f]{6})$/i.exec(hex.trim())
  if (!m) return null
  const n = Number.parseInt(m[1]!, 16)
  const r = (n >> 16) / 255
  const g = ((n >> 8) & 0xff) / 255
  const b = (n & 0xff) / 255
  const max = Math.max(r, g, b)
  const d = max - Math.min(r, g, b)
  let h = 0
  if (d > 0) {
    if (max === r) h = ((g - b) / d) % 6
    else if (max === g) h = (b - r) / d + 2
    else h = (r - g) / d + 4
    h *= 60
    if (h < 0) h += 360
  }
  return { h, s: max === 0 ? 0 : d / max, v: max }
}

/** HSV → `#rrggbb`. */
export function hsvToHex({ h, s, v }: Hsv): string {
  const f = (n: number) => {
    const k = (n + h / 60) % 6
    return v - v * s * Math.max(0, Math.min(k, 4 - k, 1))
  }
  const byte = (x: number) => Math.round(Math.min(1, Math.max(0, x)) * 255).toString(16).padStart(2, '0')
  return `#${byte(f(5))}${byte(f(3))}${byte(f(1))}`
}

/** A typed colour as `#rrggbb` (accepts `rrggbb`, `#rgb`, any case), or null. */
export function normaliseHex(input: string): string | null {
  const text = input.trim().toLowerCase().replace(/^#?/, '#')
  if (/^#[0-9a-f]{6}$/.test(text)) return text
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/.exec(text)
  return short ? `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}` : null
}
