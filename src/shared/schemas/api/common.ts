/**
 * Building blocks of every MineSkin-v2-compatible API shape (reference/mineskin-api.md §1.3).
 * Imports only `zod`: the web app and the islands use these schemas in the browser too.
 * @module
 */
import { z } from 'zod'

export { compactUuid, isUuid, JOB_ID, SHORT_ID, TEXTURE_HASH, UUID32, UUID36 } from './patterns'
import { VARIANTS, VISIBILITIES } from './enums'
import { compactUuid, isUuid, JOB_ID, SHORT_ID } from './patterns'

/** A skin id as accepted everywhere: 32-hex uuid, dashed uuid or 8-hex short id (reference §5.4). */
export const skinIdSchema = z
  .string()
  .refine((s) => isUuid(s) || SHORT_ID.test(s.toLowerCase()), {
    message: 'Invalid skin id',
  })

/** A full skin uuid (32-hex or dashed), normalised to 32 hex digits. */
export const skinUuidSchema = z
  .string()
  .refine(isUuid, { message: 'Invalid skin uuid' })
  .transform(compactUuid)

/** Job id path parameter. */
export const jobIdSchema = z.string().regex(JOB_ID, 'Invalid job id')

/** Skin visibility (SPEC §3; legacy numeric 0/1/2 maps to these). */
export const visibilitySchema = z.enum(VISIBILITIES)
/** Skin visibility. */
export type Visibility = z.infer<typeof visibilitySchema>

/** Skin variant; `unknown` asks for auto-detection (reference §2.2). */
export const variantSchema = z.enum(VARIANTS)
/** Skin variant. */
export type Variant = z.infer<typeof variantSchema>

/** Skin status (SPEC §3). */
export const skinStatusSchema = z.enum(['pending', 'processing', 'success', 'failed', 'deleted'])

/** One `messages[]`, `warnings[]` or `errors[]` entry. */
export const codeAndMessageSchema = z.object({ code: z.string(), message: z.string() })
/** One envelope message. */
export type CodeAndMessage = z.infer<typeof codeAndMessageSchema>

/** `links` of the v2 envelope; paths are relative to the API root (reference §1.3). */
export const linksSchema = z.object({
  self: z.string().optional(),
  skin: z.string().optional(),
  job: z.string().optional(),
  image: z.string().optional(),
  key: z.string().optional(),
  client: z.string().optional(),
  user: z.string().optional(),
  next: z.string().optional(),
  /** Our extension: the list page before this one (`/v2/skins?before=`). */
  prev: z.string().optional(),
})

/** Fields every successful v2 response carries. */
export const envelopeSchema = z.object({
  success: z.boolean(),
  messages: z.array(codeAndMessageSchema).optional(),
  warnings: z.array(codeAndMessageSchema).optional(),
  errors: z.array(codeAndMessageSchema).optional(),
  links: linksSchema.optional(),
})

/** An error response: `{ success: false, errors: [...] }` (reference §1.3). */
export const errorResponseSchema = z.object({
  success: z.literal(false),
  errors: z.array(codeAndMessageSchema).min(1),
})
/** An error response. */
export type ErrorResponse = z.infer<typeof errorResponseSchema>
