/**
 * The legacy v1 API's shapes (reference/mineskin-api.md §7; MineSkin `src/routes/generate.ts`,
 * `get.ts`, the old `Skin.toResponseJson` and the v1 clients that read them: MineskinClient 1.x/2.x,
 * SkinsRestorer ≤ 15.4). Success bodies carry no `success`/`error` keys — Taterzens and older
 * FabricTailor take any body containing the substring `"error"` as a failure.
 * @module
 */
import { z } from 'zod'
import { codeAndMessageSchema } from './common'
import { rateLimitInfoSchema } from './rate-limit'
import { usageInfoSchema } from './usage'

const DASHED_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/** `delayInfo` of every v1 answer: the caller's delay between generate requests. */
export const v1DelayInfoSchema = z.object({
  millis: z.number().int().nonnegative(),
  seconds: z.number().int().nonnegative(),
})

/** A skin as v1 sends it (`GET /get/uuid/{uuid}`, `/get/id/{id}`, `/get/random`, `/get/forTexture`). */
export const v1SkinSchema = z.object({
  /** Integer id, stable per skin (old clients parse it as `int`). */
  id: z.number().int().positive(),
  idStr: z.string().regex(/^\d+$/),
  /** The skin's uuid, 32 hex digits. */
  uuid: z.string().regex(/^[0-9a-f]{32}$/),
  /** Texture hash (SHA-256 hex). */
  hash: z.string(),
  name: z.string(),
  /** Deprecated model name: `steve`, `slim` or `unknown`. */
  model: z.enum(['steve', 'slim', 'unknown']),
  variant: z.enum(['classic', 'slim', 'unknown']),
  data: z.object({
    /** The signed profile's uuid, **dashed** (MineskinClient 1.x parses it as `java.util.UUID`). */
    uuid: z.string().regex(DASHED_UUID),
    texture: z.object({
      value: z.string(),
      signature: z.string(),
      url: z.string(),
      urls: z.object({ skin: z.string(), cape: z.string().optional() }),
    }),
  }),
  /** Generation time in epoch **seconds**, as v1 stored it. */
  timestamp: z.number().int(),
  /** Milliseconds the generation took. */
  duration: z.number().int().nonnegative(),
  accountId: z.number().int().nonnegative(),
  account: z.number().int().nonnegative(),
  server: z.string(),
  /** True for unlisted and private skins. */
  private: z.boolean(),
  views: z.number().int().nonnegative(),
})
/** A v1 skin. */
export type V1Skin = z.infer<typeof v1SkinSchema>

/** A `GET /get/*` skin answer: the skin with the caller's delay (never an `error` key). */
export const v1GetSkinResponseSchema = v1SkinSchema.extend({
  nextRequest: z.number().int().nonnegative(),
  delayInfo: v1DelayInfoSchema,
})

/** `POST /generate/url|upload|user`, `GET /generate/user/{uuid}` answer. */
export const v1GenerateResponseSchema = v1SkinSchema.extend({
  duplicate: z.boolean(),
  /** Seconds to wait before the next generate request (deprecated in v1, still read). */
  nextRequest: z.number().int().nonnegative(),
  delay: z.number().int().nonnegative(),
  delayInfo: v1DelayInfoSchema,
  rateLimit: z.optional(rateLimitInfoSchema),
  usage: usageInfoSchema.optional(),
  warnings: z.array(codeAndMessageSchema),
})
/** A v1 generate answer. */
export type V1GenerateResponse = z.infer<typeof v1GenerateResponseSchema>

/**
 * Every v1 error (MineSkin `index.ts` errorHandler): SkinsRestorer switches on `errorCode`, waits
 * `delay` seconds on 429, and MineskinClient 1.x shows `error`.
 */
export const v1ErrorSchema = z.object({
  success: z.literal(false),
  errorType: z.string(),
  errorCode: z.string(),
  error: z.string(),
  breadcrumb: z.string().nullable(),
  /** Seconds until the next request is allowed (deprecated in v1). */
  nextRequest: z.number().int().nonnegative(),
  /** Seconds to wait before retrying. */
  delay: z.number().int().nonnegative(),
  delayInfo: v1DelayInfoSchema,
})
/** A v1 error body. */
export type V1Error = z.infer<typeof v1ErrorSchema>

/** `GET /get/delay` (MineSkin `get.ts`), plus `delayInfo` like every v1 answer. */
export const v1DelayResponseSchema = z.object({
  delay: z.number().int().nonnegative(),
  /** Epoch seconds of the next allowed request (deprecated). */
  next: z.number().int(),
  nextRelative: z.number().int().nonnegative(),
  seconds: z.number().int().nonnegative(),
  millis: z.number().int().nonnegative(),
  nextRequest: z.object({ time: z.number().int(), relative: z.number().int().nonnegative() }),
  delayInfo: v1DelayInfoSchema,
  lastRequest: z.object({ time: z.number().int() }).optional(),
})

/** One skin of a v1 list. */
export const v1ListSkinSchema = z.object({
  id: z.number().int().positive(),
  uuid: z.string().regex(/^[0-9a-f]{32}$/),
  name: z.string(),
  /** Texture URL. */
  url: z.string(),
  /** Epoch seconds. */
  time: z.number().int(),
  variant: z.enum(['classic', 'slim', 'unknown']).optional(),
  model: z.enum(['steve', 'slim', 'unknown']).optional(),
})

/** `GET /get/list/{page}`: numbered pages of public skins, newest first. */
export const v1PageListResponseSchema = z.object({
  _deprecated: z.string(),
  skins: z.array(v1ListSkinSchema),
  page: z.object({ index: z.number().int().positive(), amount: z.number().int().nonnegative(), total: z.number().int().nonnegative() }),
  filter: z.string().optional(),
})

/** `GET /get/list/{after}` (`start` or a skin uuid): the public skins older than the anchor. */
export const v1AnchorListResponseSchema = z.object({
  /** Set on the 404 of an unknown anchor. */
  msg: z.string().optional(),
  skins: z.array(v1ListSkinSchema),
  page: z.object({ anchor: z.string() }),
  filter: z.string().optional(),
})

/** `GET /get/stats`: MineSkin's v1 statistics, from the same counters as `/v2/stats`. */
export const v1StatsResponseSchema = z.object({
  server: z.string(),
  delay: z.number().int().nonnegative(),
  accounts: z.number().int().nonnegative(),
  healthyAccounts: z.number().int().nonnegative(),
  useableAccounts: z.number().int().nonnegative(),
  /** Share of successful generations, 0–1 with three decimals. */
  successRate: z.number().min(0).max(1),
  avgGenerateDuration: z.number().nonnegative(),
  unique: z.number().int().nonnegative(),
  duplicate: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  lastHour: z.number().int().nonnegative(),
  lastDay: z.number().int().nonnegative(),
  lastMonth: z.number().int().nonnegative(),
  lastYear: z.number().int().nonnegative(),
  account: z.object({ global: z.object({ total: z.number().int(), healthy: z.number().int(), usable: z.number().int() }) }),
  skin: z.object({ unique: z.number().int(), duplicate: z.number().int(), total: z.number().int() }),
  generate: z.object({
    time: z.object({ hour: z.number().int(), day: z.number().int(), month: z.number().int(), year: z.number().int() }),
    successRate: z.number().min(0).max(1),
  }),
})

/** Option fields every v1 generate request may send, in the body or the query (all as text or numbers). */
const v1OptionFields = {
  name: z.string().optional().meta({ description: 'Skin name; first 24 characters, only `a-z A-Z 0-9 _ . - space` kept.' }),
  variant: z.string().optional().meta({ description: '`classic` (also `default`, `steve`), `slim` (also `alex`); anything else: detected.' }),
  model: z.string().optional().meta({ description: 'Older spelling of `variant` (`steve` / `slim`), used when `variant` is absent.' }),
  visibility: z.union([z.number(), z.string()]).optional().meta({ description: '`0` public (default), `1` unlisted, `2` private; number or string.' }),
  checkOnly: z.union([z.boolean(), z.number(), z.string()]).optional().meta({ description: 'Only look for an existing skin.' }),
}

/** `POST /generate/url` body (JSON, urlencoded or multipart fields; each field may come in the query instead). */
export const v1UrlBodySchema = z.object({ url: z.string().meta({ description: 'Image URL (http/https) or PNG data URL.' }), ...v1OptionFields })
/** `POST /generate/user` body. */
export const v1UserBodySchema = z.object({ uuid: z.string().meta({ description: 'Player uuid (dashed or not); `user` and a player name work too.' }), ...v1OptionFields })
/** `POST /generate/upload` multipart body. */
export const v1UploadBodySchema = z.object({ file: z.file().mime('image/png').max(20_000), ...v1OptionFields })
/** `GET /get/id|uuid|forTexture|random` answer, with `_deprecated` on `/get/id`. */
export const v1SkinResponseSchema = v1GetSkinResponseSchema.extend({ _deprecated: z.string().optional() })
