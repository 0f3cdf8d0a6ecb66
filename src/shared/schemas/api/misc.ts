/**
 * Smaller endpoints: capes, stats, validation helpers, random names, signing key
 * (reference/mineskin-api.md §1.8, §1.9).
 * @module
 */
import { z } from 'zod'
import { envelopeSchema } from './common'

/** One known cape (`GET /v2/capes`). */
export const capeInfoSchema = z.object({
  uuid: z.string(),
  alias: z.string(),
  hash: z.string(),
  url: z.string(),
  /** True only when this instance can sign skins with this cape. */
  supported: z.boolean(),
})
/** Cape info. */
export type CapeInfo = z.infer<typeof capeInfoSchema>

/** `GET /v2/capes` answer. */
export const capeListResponseSchema = envelopeSchema.extend({ capes: z.array(capeInfoSchema) })
/** Capes answer. */
export type CapeListResponse = z.infer<typeof capeListResponseSchema>

const newDuplicate = z.object({ new: z.number(), duplicate: z.number() })
const period = z.object({
  current: newDuplicate,
  last: newDuplicate,
  /** Percentage of successful generations, 0–100 with one decimal (e.g. `98.5`), as MineSkin sends it. */
  successRate: z.number().min(0).max(100),
})

/** `GET /v2/stats` answer (reference §1.8). */
export const statsResponseSchema = envelopeSchema.extend({
  stats: z.object({
    generated: z.object({
      time: z.object({
        hour: period,
        day: period,
        month: z.object({ current: newDuplicate }),
        year: z.object({ current: newDuplicate }),
      }),
      total: newDuplicate,
    }),
    generator: z.object({
      capacity: z.object({ global: z.number() }),
      active: z.object({ global: z.number() }),
      duration: z.object({ generate: z.number(), pending: z.number() }),
    }),
    accounts: z.object({ usable: z.object({ global: z.number() }) }),
    upstream: z.object({ errors: z.record(z.string(), z.number()) }),
    timestamp: z.number(),
  }),
})
/** Stats answer. */
export type StatsResponse = z.infer<typeof statsResponseSchema>

/** `GET /validate/name/{name}` and `/validate/uuid/{uuid}` answer (legacy, non-v2 shape). */
export const validateResponseSchema = z.object({
  valid: z.boolean(),
  uuid: z.string().optional(),
  name: z.string().optional(),
})
/** Validate answer. */
export type ValidateResponse = z.infer<typeof validateResponseSchema>

/** `GET /random-name` answer. */
export const randomNameResponseSchema = z.object({ name: z.string() })
/** Random name answer. */
export type RandomNameResponse = z.infer<typeof randomNameResponseSchema>

/** `GET /v2/me` answer: the caller's user id (when signed in) and grants (reference §1.8). */
export const meResponseSchema = envelopeSchema.extend({
  user: z.string().optional(),
  grants: z.record(z.string(), z.union([z.number(), z.boolean(), z.string()])),
})
/** Me answer. */
export type MeResponse = z.infer<typeof meResponseSchema>
