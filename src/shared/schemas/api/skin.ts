/**
 * Skin shapes: the full skin object (SkinInfo2, reference/mineskin-api.md §1.4), list items and
 * pagination (§1.6), and the per-skin endpoints (§1.7).
 * @module
 */
import { z } from 'zod'
import { envelopeSchema, TEXTURE_HASH, UUID32, SHORT_ID, variantSchema, visibilitySchema } from './common'
import { SKIN_NAME, SKIN_NAME_MAX } from './patterns'

/** The full skin object returned by generate, queue and `GET /v2/skins/{id}`. */
export const skinInfoSchema = z.object({
  uuid: z.string().regex(UUID32),
  shortId: z.string().regex(SHORT_ID),
  name: z.string().optional(),
  visibility: visibilitySchema,
  variant: variantSchema,
  texture: z.object({
    data: z.object({ value: z.string(), signature: z.string() }),
    hash: z.object({ skin: z.string().regex(TEXTURE_HASH), cape: z.string().regex(TEXTURE_HASH).optional() }),
    url: z.object({ skin: z.string(), cape: z.string().optional() }),
  }),
  generator: z.object({
    /** Epoch ms at which the texture data was created. */
    timestamp: z.number(),
    account: z.string(),
    server: z.string(),
    worker: z.string(),
    version: z.string(),
    /** Queue end minus queue start, ms. */
    duration: z.number(),
  }),
  tags: z.array(z.object({ tag: z.string() })).optional(),
  views: z.number(),
  /** Our extension: how many callers liked the skin (`POST …/interactions/likes`). */
  likes: z.number().optional(),
  /**
   * Our extension: uuid of the skin this one was made from (the generate option `remixOf`). Present
   * only while that skin exists and the caller may see it without being handed its uuid: public, or
   * one of its creators asking (an unlisted skin's uuid is its secret link; docs/api.md "Remixes").
   */
  remixOf: z
    .string()
    .regex(UUID32)
    .optional()
    .meta({ description: 'Extension: uuid of the skin this one was made from (generate option `remixOf`); present only while that skin exists and is public, or to its creators.' }),
  duplicate: z.boolean(),
})
/** The full skin object. */
export type SkinInfo = z.infer<typeof skinInfoSchema>

/** `GET /v2/skins/{id}` and `PATCH` answer. */
export const skinResponseSchema = envelopeSchema.extend({ skin: skinInfoSchema })
/** Skin response. */
export type SkinResponse = z.infer<typeof skinResponseSchema>

/** One item of a skin list (reference §1.6; not the OpenAPI PartialSkinInfo). */
export const skinListItemSchema = z.object({
  uuid: z.string().regex(UUID32),
  shortId: z.string().regex(SHORT_ID),
  name: z.string().optional(),
  /** Texture hash of the skin. */
  texture: z.string(),
  /** Epoch ms of the last update. */
  timestamp: z.number(),
})
/** One skin list item. */
export type SkinListItem = z.infer<typeof skinListItemSchema>

/** Skin list answer with cursor pagination. */
export const skinListResponseSchema = envelopeSchema.extend({
  skins: z.array(skinListItemSchema),
  pagination: z.object({
    current: z.object({ after: z.string().optional(), before: z.string().optional() }),
    next: z.object({ after: z.string().optional() }),
    /** Our extension: the cursor of the page before this one, when there is one. */
    previous: z.object({ before: z.string().optional() }).optional(),
  }),
})
/** Skin list answer. */
export type SkinListResponse = z.infer<typeof skinListResponseSchema>

/** Filter text for lists (reference §1.6). */
export const listFilterSchema = z.string().min(1).max(32).regex(/^[a-zA-Z0-9-_ ]+$/)

/** A list cursor: a skin uuid, plain or dashed. */
const listCursorSchema = z.string().regex(/^([0-9a-f]{32}|[0-9a-fA-F-]{36})$/)
/** Query of `GET /v2/skins[/latest|/popular|/random]`. */
export const skinListQuerySchema = z
  .object({
    after: listCursorSchema.optional(),
    /** Our extension (MineSkin has only `after`): the page just before this skin, in list order. */
    before: listCursorSchema.optional(),
    /**
     * Page size. MineSkin reads `z.coerce.number().min(1).max(128)` (its `validation/skins.ts`) and
     * hands the number to MongoDB's `limit`, which cuts a fraction to its integer part: `size=2.5`
     * is a page of 2 there, so here too. Not a number, below 1 or above 128 → 400
     * `validation_error`, as there.
     */
    size: z.coerce
      .number()
      .min(1)
      .max(128)
      .transform(Math.trunc)
      // `prefault`: the default is an input, so the OpenAPI parameter (io 'input') still shows it.
      .prefault(16)
      .meta({ description: 'Skins per page; a fraction is cut to its integer part (`2.5` → 2), as on MineSkin.' }),
    filter: listFilterSchema.optional(),
  })
  .refine((q) => !(q.after && q.before), { path: ['before'], message: 'Send either `after` or `before`, not both' })
/** List query. */
export type SkinListQuery = z.infer<typeof skinListQuerySchema>

/** List categories; `latest` has no path segment (SPEC §3 "Skin list query"). */
export const skinListCategorySchema = z.enum(['latest', 'popular', 'random'])

/** `GET /v2/skins/{uuid}/user` answer. */
export const skinUserResponseSchema = envelopeSchema.extend({
  user: z.object({
    isOwner: z.boolean(),
    hasGenerated: z.boolean(),
    canEdit: z.boolean(),
    canDelete: z.boolean(),
    editReason: z.enum(['max_edits_reached', 'edit_duration_expired']).optional(),
    deleteReason: z.enum(['delete_duration_expired']).optional(),
    /** Our extension: true when this caller already liked the skin (absent otherwise). */
    liked: z.boolean().optional(),
  }),
})
/** Skin user answer. */
export type SkinUserResponse = z.infer<typeof skinUserResponseSchema>

/** Skin name as accepted by generate and PATCH (reference §1.5): trimmed, ≤ 48, limited charset. */
export const skinNameSchema = z
  .string()
  .trim()
  .max(SKIN_NAME_MAX)
  .regex(SKIN_NAME, 'Name may only contain letters, digits, space, _ . -')

/** `PATCH /v2/skins/{id}` body. */
export const skinUpdateBodySchema = z
  .object({ name: skinNameSchema.optional(), visibility: visibilitySchema.optional() })
  .refine((b) => b.name !== undefined || b.visibility !== undefined, { message: 'Nothing to update' })
/** PATCH body. */
export type SkinUpdateBody = z.infer<typeof skinUpdateBodySchema>

/** Tag text (reference §1.7). */
export const tagSchema = z.string().trim().min(1).max(32).regex(/^[a-z- ]+$/)
/** Tag vote kinds (SPEC §3). */
export const tagVoteSchema = z.enum(['up', 'down'])

/** `POST /v2/skins/{uuid}/tags` body. */
export const tagVoteBodySchema = z.object({ tag: tagSchema, vote: tagVoteSchema })
/** Tag vote body. */
export type TagVoteBody = z.infer<typeof tagVoteBodySchema>

/** `GET /v2/skins/{uuid}/tags` answer. */
export const skinTagsResponseSchema = envelopeSchema.extend({
  tags: z.array(z.object({ tag: z.string(), vote: tagVoteSchema.nullable(), suggested: z.boolean() })),
})
/** Tags answer. */
export type SkinTagsResponse = z.infer<typeof skinTagsResponseSchema>

/** Report reasons (reference §1.7). */
export const reportReasonSchema = z.enum(['skin', 'name', 'tags'])
/** `POST /v2/skins/{uuid}/report` body. */
export const reportBodySchema = z.object({ reason: reportReasonSchema })
/** Report body. */
export type ReportBody = z.infer<typeof reportBodySchema>

/** `GET /v2/skins/{uuid}/meta` answer. */
export const skinMetaResponseSchema = envelopeSchema.extend({
  meta: z.object({ description: z.string().optional() }),
})
/** Meta answer. */
export type SkinMetaResponse = z.infer<typeof skinMetaResponseSchema>
