/**
 * `GET /v2/skins/{id}/meta` description. MineSkin serves an AI-written description (reference
 * §1.7); offline we describe what the data says for sure: model, legacy format, dominant colours
 * (from the stored histogram), cape and visible tags.
 * @module
 */
import { dominantColourNames } from '../../image/colour-features'

/** Facts a description is built from. */
export interface DescribeInput {
  name: string | null
  variant: 'classic' | 'slim' | 'unknown'
  features: Uint8Array
  hasCape: boolean
  tags: string[]
}

const list = (words: string[]): string =>
  words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`

/** One or two plain sentences describing a skin. */
export function describeSkin(i: DescribeInput): string {
  const colours = dominantColourNames(i.features)
  const model = i.variant === 'slim' ? 'slim-armed (Alex model)' : 'classic (Steve model)'
  const subject = i.name ? `“${i.name}” is a ${model} Minecraft skin` : `A ${model} Minecraft skin`
  let text = colours.length ? `${subject} in mostly ${list(colours)} tones` : subject
  if (i.hasCape) text += ', worn with a cape'
  text += '.'
  if (i.tags.length) text += ` Tagged ${list(i.tags.map((t) => `“${t}”`))}.`
  return text
}
