/**
 * The job object (reference/mineskin-api.md §1.5 "Job object"; §6 Java client). zod/mini: the
 * browser's queue store and job polling parse it too (DESIGN.md §4 JavaScript budget); the full
 * response schemas in `job.ts` compose it.
 * @module
 */
import * as z from 'zod/mini'
import { JOB_STATUSES } from './enums'
import { JOB_ID } from './patterns'

/** Job statuses (SPEC §3) plus `unknown` for a missing job (reference §1.5). */
export const jobStatusSchema = z.enum(JOB_STATUSES)
/** Job status. */
export type JobStatus = z.infer<typeof jobStatusSchema>

/** The job object; every time is epoch milliseconds. */
export const jobInfoSchema = z.object({
  id: z.string().check(z.regex(JOB_ID)),
  status: jobStatusSchema,
  /** Creation time, epoch ms. */
  timestamp: z.number(),
  /** Expected completion, epoch ms. */
  eta: z.optional(z.number()),
  /** Skin uuid once completed. */
  result: z.optional(z.string()),
  /** What the caller gave: file name, image URL or player name (SPEC §3 Job `originalName`). */
  originalName: z.optional(z.string()),
})
/** Job object. */
export type JobInfo = z.infer<typeof jobInfoSchema>
