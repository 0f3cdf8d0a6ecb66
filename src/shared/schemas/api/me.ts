/**
 * Answers of the account endpoints of the embedded API (reference/mineskin-api.md §1.8):
 * `/v2/me/client`, `/v2/me/credits`, `/v2/me/apikey` and the deprecated `/v2/delay`.
 * @module
 */
import { z } from 'zod'
import { envelopeSchema } from './common'
import { rateLimitInfoSchema } from './rate-limit'

/**
 * `GET /v2/me/client`: what the API knows about the caller (reference §1.8). A fact the caller did
 * not give is absent, not null: MineSkin's `v2GetClientInfo` leaves `origin`, `key` and `user`
 * `undefined`, which JSON drops. An unknown `agent` or `ip` is left out the same
 * way (MineSkin fills in `n/a` / `unknown`, its `middleware/client.ts` and `util/index.ts` `getIp`).
 */
export const meClientResponseSchema = envelopeSchema.extend({
  client: z.object({
    agent: z.string().optional(),
    origin: z.string().optional(),
    /** API key id, when called with a key. */
    key: z.string().optional(),
    /** User id, when signed in or called with a key of a user. */
    user: z.string().optional(),
    ip: z.string().optional(),
    billable: z.boolean(),
    metered: z.boolean(),
    /** The key spends the owner's credits (`useCredits`). */
    credits: z.boolean(),
  }),
})
/** Client answer. */
export type MeClientResponse = z.infer<typeof meClientResponseSchema>

/** Credit types (SPEC §3). */
export const creditTypeSchema = z.enum(['free', 'paid', 'reward', 'internal', 'auto'])

/** `GET /v2/me/credits` (deprecated upstream, still called by clients). */
export const meCreditsResponseSchema = envelopeSchema.extend({
  credit: z.object({
    /** The row spent next; empty (`{}`) when nothing is left, as upstream. */
    current: z.object({ type: creditTypeSchema.optional(), balance: z.number().int().optional(), total: z.number().int().optional() }),
    all: z.object({ balance: z.number().int(), total: z.number().int() }),
  }),
})
/** Credits answer. */
export type MeCreditsResponse = z.infer<typeof meCreditsResponseSchema>

/** `GET /v2/me/apikey`: the key the request was made with (reference §1.8, SimpleApiKey). */
export const meApiKeyResponseSchema = envelopeSchema.extend({
  key: z.object({
    id: z.string(),
    shortId: z.string().optional(),
    name: z.string(),
    user: z.string().nullable(),
    /**
     * ISO 8601 times, as MineSkin sends them (its key dates are serialised `Date`s, documented as
     * `"2022-11-01T18:06:58.634Z"`). Every other time in the API is epoch ms.
     */
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime().nullable(),
    lastUsed: z.iso.datetime().nullable(),
    /** Seconds between `/v2/generate` requests (grant `delay`). */
    minDelay: z.number(),
    allowedOrigins: z.array(z.string()),
    allowedIps: z.array(z.string()),
    allowedAgents: z.array(z.string()),
    useCredits: z.boolean(),
    /** Product groups of the owner's valid subscriptions, null when none. */
    subscription: z.string().nullable(),
    grants: z.record(z.string(), z.union([z.number(), z.boolean(), z.string()])),
  }),
})
/** API key answer. */
export type MeApiKeyResponse = z.infer<typeof meApiKeyResponseSchema>

/** `GET /v2/delay` (deprecated upstream): only the rate-limit state. */
export const delayResponseSchema = z.object({ success: z.literal(true), rateLimit: rateLimitInfoSchema })
/** Delay answer. */
export type DelayResponse = z.infer<typeof delayResponseSchema>

/**
 * One key of `GET /v2/me/apikeys`: the fields MineSkin's `v2ListKeys` sends (models/v2/me.ts). The
 * key itself is never shown again after it was made; its id names it on the account site.
 */
export const meApiKeyListItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Requests with the key are billed: here, the key spends the owner's credits (no payment provider runs here). */
  billable: z.boolean(),
  useCredits: z.boolean(),
  /** Metered billing; never on this instance. */
  metered: z.boolean(),
  /** The grants set on the key itself, over the `apikey` defaults (empty when none). */
  grants: z.record(z.string(), z.union([z.number(), z.boolean(), z.string()])),
})
/** One key of the list. */
export type MeApiKeyListItem = z.infer<typeof meApiKeyListItemSchema>

/** `GET /v2/me/apikeys`: the caller's user's API keys that are not revoked, oldest first. */
export const meApiKeysResponseSchema = envelopeSchema.extend({ keys: z.array(meApiKeyListItemSchema) })
/** API key list answer. */
export type MeApiKeysResponse = z.infer<typeof meApiKeysResponseSchema>

/**
 * `GET /v2/me/legacyskins`: the skin uuids (32 hex) the user got from the v1 generate routes, oldest
 * first (MineSkin `v2UserLegacySkinList`: `{ skins: { v1: user.skins } }`).
 */
export const meLegacySkinsResponseSchema = envelopeSchema.extend({
  skins: z.object({ v1: z.array(z.string().regex(/^[0-9a-f]{32}$/)) }),
})
/** Legacy skins answer. */
export type MeLegacySkinsResponse = z.infer<typeof meLegacySkinsResponseSchema>
