/**
 * Generate request bodies (reference/mineskin-api.md §1.5): common options plus one input kind —
 * multipart `file`, JSON `url` (http/https or a PNG data URL) or JSON `user` (name or uuid).
 * @module
 */
import { z } from 'zod'
import { variantSchema, visibilitySchema } from './common'
import { VISIBILITIES } from './enums'
import { compactUuid, isUuid, PLAYER_NAME } from './patterns'
import { skinNameSchema } from './skin'


/** Visibility option; also takes the legacy numbers 0/1/2 (SPEC §3). */
export const visibilityOptionSchema = z.preprocess((v) => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^[012]$/.test(v) ? Number(v) : undefined
  return n === undefined ? v : VISIBILITIES[n]
}, visibilitySchema)

/** Cape option: a Mojang cape uuid. */
export const capeOptionSchema = z
  .string()
  .refine(isUuid, { message: 'Invalid cape uuid' })
  .transform((s) => s.toLowerCase())

/**
 * `remixOf` option (our extension, docs/api.md "Remixes"): the uuid of the skin this one was made
 * from, 32 hex digits or dashed, stored 32-hex. A malformed value is a `validation_error` like any
 * option; one that names no skin the caller may see is 400 `invalid_remix_of` (the generator checks).
 */
export const remixOfOptionSchema = z
  .string()
  .refine(isUuid, { message: 'Invalid skin uuid' })
  .transform(compactUuid)
  .meta({ description: 'Extension: uuid of the skin this one was made from (32 hex digits or dashed). It must name a skin the caller may see; else 400 `invalid_remix_of`.' })

/** Options shared by every input kind; empty strings count as absent (multipart forms send them). */
export const generateOptionsSchema = z.object({
  name: z.preprocess((v) => (v === '' || v === null ? undefined : v), skinNameSchema.optional()),
  visibility: z.preprocess((v) => (v === '' || v === null ? undefined : v), visibilityOptionSchema.default('public')),
  variant: z.preprocess((v) => (v === '' || v === null ? undefined : v), variantSchema.default('unknown')),
  cape: z.preprocess((v) => (v === '' || v === null ? undefined : v), capeOptionSchema.optional()),
  remixOf: z.preprocess((v) => (v === '' || v === null ? undefined : v), remixOfOptionSchema.optional()),
})
/** Parsed generate options. */
export type GenerateOptions = z.infer<typeof generateOptionsSchema>

/** Prefix of a PNG data URL input. */
export const PNG_DATA_URL_PREFIX = 'data:image/png;base64,'

/** `url` input: http(s) ≤ 256 chars, or a PNG data URL ≤ 26 668 chars (≈ 20 kB). */
export const imageUrlSchema = z.union([
  z.string().max(256).regex(/^(http|https):\/\//i, 'URL must start with http:// or https://'),
  z.string().max(26_668).startsWith(PNG_DATA_URL_PREFIX),
])

/** `user` input: a player name or uuid. */
export const userInputSchema = z.union([
  z.string().regex(PLAYER_NAME, 'Invalid player name'),
  z.string().refine(isUuid, { message: 'Invalid uuid' }),
])

/** JSON generate body: exactly one of `url` / `user` plus options. */
export const jsonGenerateBodySchema = generateOptionsSchema.extend({
  url: imageUrlSchema.optional(),
  user: userInputSchema.optional(),
})
/** JSON generate body. */
export type JsonGenerateBody = z.infer<typeof jsonGenerateBodySchema>
