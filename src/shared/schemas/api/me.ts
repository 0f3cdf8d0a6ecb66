/**
 * Answers of the account endpoints of the embedded API (reference/mineskin-api.md §1.8, issue 9
 * point 4): `/v2/me/client`, `/v2/me/credits`, `/v2/me/apikey` and the deprecated `/v2/delay`.
 * @module
 */
import { z } from 'zod'
import { envelopeSchema } from './common'
import { rateLimitInfoSchema } from './rate-limit'

/**
 * `GET /v2/me/client`: what the API knows about the caller (reference §1.8). A fact the caller did
 * not give is absent, not null: MineSkin's `v2GetClientInfo` leaves `origin`, `key` and `user`
 * `undefined`, which JSON drops (issue 21 point 2). An unknown `agent` or `ip` is left out the same
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
     * `"2022-11-01T18:06:58.634Z"`; issue 12 point 3). Every other time in the API is epoch ms.
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
