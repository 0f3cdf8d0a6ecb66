/**
 * The job queue the jobs button and drawer show (SPEC §3 "Job", §4, §9). Generating fills it; it
 * persists in localStorage so jobs survive navigation between server-rendered pages.
 * @module
 */
import { computed } from 'nanostores'
import * as z from 'zod/mini'
import { QUEUE_VIEW } from '../constants'
import { persistentJson } from './persistent-json'

/** Job statuses (SPEC §3); `unknown` is what MineSkin answers for a missing job. */
export const jobStatusSchema = z.enum(['waiting', 'processing', 'completed', 'failed', 'unknown'])
/** A job status. */
export type JobStatus = z.infer<typeof jobStatusSchema>

/** One job as the browser remembers it (SPEC §3 Job fields). */
export const queuedJobSchema = z.object({
  id: z.string(),
  status: jobStatusSchema,
  timestamp: z.number(),
  eta: z.optional(z.number()),
  result: z.optional(z.string()),
  originalName: z.optional(z.string()),
  lastStatusCheck: z.optional(z.number()),
  image: z.optional(z.string()),
})
/** A remembered job. */
export type QueuedJob = z.infer<typeof queuedJobSchema>

/** All remembered jobs by id. */
export const $jobs = persistentJson('ssg:jobs', z.record(z.string(), queuedJobSchema), {})

/** True while the job still waits or runs. */
export const isPending = (job: QueuedJob): boolean => job.status === 'waiting' || job.status === 'processing'

/** The jobs the drawer lists: newest first, at most 8, none older than 2 days (SPEC §9). */
export function visibleJobs(jobs: Record<string, QueuedJob>, now: number): QueuedJob[] {
  return Object.values(jobs)
    .filter((job) => now - job.timestamp <= QUEUE_VIEW.maxAgeMs)
    .sort((a, b) => b.timestamp - a.timestamp)
    .slice(0, QUEUE_VIEW.maxJobs)
}

/** Badge state of the jobs button (SPEC §2): none, warning while any job is pending, else success. */
export type JobsBadge = 'none' | 'pending' | 'done'

/** Computes the badge from the remembered jobs. */
export function jobsBadge(jobs: Record<string, QueuedJob>): JobsBadge {
  const list = Object.values(jobs)
  if (list.length === 0) return 'none'
  return list.some(isPending) ? 'pending' : 'done'
}

/** The badge as a derived store, so the button re-renders only when the badge changes. */
export const $jobsBadge = computed($jobs, jobsBadge)
