/**
 * Generate request bodies (reference/mineskin-api.md §1.5): common options plus one input kind —
 * multipart `file`, JSON `url` (http/https or a PNG data URL), JSON `user` (name or uuid), or (our
 * extension) a Mojang-signed `value` + `signature` pair, in JSON or as multipart fields.
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

/**
 * `callback` option (our extension, docs/webhooks.md): an https URL the job's completion or failure
 * is POSTed to, signed as Standard Webhooks with the API key's webhook secret. Its rules (https,
 * public host) are checked by the API: 400 `invalid_callback_url`, `blocked_url_host`,
 * `callback_requires_key` or `webhook_secret_missing`.
 */
export const callbackOptionSchema = z
  .string()
  .max(2048)
  .meta({ description: 'Extension: https URL the job\'s completion or failure is POSTed to (Standard Webhooks, signed with the API key\'s webhook secret; docs/webhooks.md). Needs an API key with a webhook secret; a private host is 400 `blocked_url_host`, a non-https URL 400 `invalid_callback_url`.' })

/** Options shared by every input kind; empty strings count as absent (multipart forms send them). */
export const generateOptionsSchema = z.object({
  name: z.preprocess((v) => (v === '' || v === null ? undefined : v), skinNameSchema.optional()),
  visibility: z.preprocess((v) => (v === '' || v === null ? undefined : v), visibilityOptionSchema.default('public')),
  variant: z.preprocess((v) => (v === '' || v === null ? undefined : v), variantSchema.default('unknown')),
  cape: z.preprocess((v) => (v === '' || v === null ? undefined : v), capeOptionSchema.optional()),
  remixOf: z.preprocess((v) => (v === '' || v === null ? undefined : v), remixOfOptionSchema.optional()),
  callback: z.preprocess((v) => (v === '' || v === null ? undefined : v), callbackOptionSchema.optional()),
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

/**
 * `value` input (our extension, docs/api.md "Existing Mojang textures"): a `textures` property value
 * as Mojang signed it (base64 JSON). Not checked for shape here: whatever does not verify against
 * Mojang's key, malformed base64 included, is 400 `invalid_signature`.
 */
export const texturesValueInputSchema = z
  .string()
  .min(1)
  .max(8192)
  .meta({ description: 'Extension: a `textures` property value signed by Mojang (base64), sent with `signature`. Stored without a skin change when the signature verifies against Mojang\'s key; else 400 `invalid_signature`.' })

/** `signature` input: Mojang's base64 SHA1withRSA signature of `value` (684 characters for its 4096-bit key). */
export const texturesSignatureInputSchema = z
  .string()
  .min(1)
  .max(2048)
  .meta({ description: 'Extension: the base64 signature of `value`, as in the player profile\'s `textures` property.' })

/** JSON generate body: exactly one of `url` / `user` / `value` + `signature`, plus options. */
export const jsonGenerateBodySchema = generateOptionsSchema.extend({
  url: imageUrlSchema.optional(),
  user: userInputSchema.optional(),
  value: texturesValueInputSchema.optional(),
  signature: texturesSignatureInputSchema.optional(),
})
/** JSON generate body. */
export type JsonGenerateBody = z.infer<typeof jsonGenerateBodySchema>
