/**
 * The calls behind the generate form and the job list (SPEC §7 "Main API"), over the shared API
 * client, with the parts of each answer the browser reads (zod/mini views of the full schemas in
 * `schemas/api`; fields left out are ignored, DESIGN.md §4 JavaScript budget).
 * @module
 */
import * as z from 'zod/mini'
import { renderUrl } from '../render-url'
import { playerInputKind } from '../skin/player-input'
import { jobInfoSchema, type JobInfo } from '../schemas/api/job-info'
import { rateLimitInfoSchema } from '../schemas/api/rate-limit'
import type { JobSource, QueueEntry } from '../stores/queue'
import { ApiCallError } from './api-call-error'
import type { ApiClient } from './client'
import { codeMessageSchema } from './envelope'

/** Options sent with every job (SPEC §3 "Generate options"; the cape is never sent for a player). */
export interface GenerateOptions {
  visibility: 'public' | 'unlisted' | 'private'
  variant: 'unknown' | 'classic' | 'slim'
  name?: string
  cape?: string
  /** The gallery skin (uuid) this one was made from in the editor: our extension of `POST /v2/queue`. */
  remixOf?: string
}

/** One thing to turn into a skin (SPEC §3 "Generate types"). */
export type GenerateItem = { type: 'upload'; file: Blob; fileName: string } | { type: 'url'; url: string } | { type: 'user'; user: string }

const skinView = z.object({ uuid: z.string(), texture: z.optional(z.object({ hash: z.object({ skin: z.string() }) })) })
const linksView = z.object({ image: z.optional(z.string()) })

/**
 * `POST /v2/queue`: 202 with a queued job, or 200 with the existing skin (reference §1.5); with our
 * `wait` also 200 with the job finished meanwhile, its skin or its `errors`.
 */
export const queueAnswerSchema = z.object({
  job: jobInfoSchema,
  skin: z.optional(skinView),
  rateLimit: z.optional(rateLimitInfoSchema),
  links: z.optional(linksView),
  errors: z.optional(z.array(codeMessageSchema)),
})
/** A queue answer. */
export type QueueAnswer = z.infer<typeof queueAnswerSchema>

/** `GET /v2/queue/{id}`: the job, its skin once completed, its errors once failed. */
export const jobAnswerSchema = z.object({
  job: jobInfoSchema,
  skin: z.optional(skinView),
  links: z.optional(linksView),
  errors: z.optional(z.array(codeMessageSchema)),
})
/** A job answer. */
export type JobAnswer = z.infer<typeof jobAnswerSchema>

const jobListSchema = z.object({ jobs: z.array(jobInfoSchema) })
const validateSchema = z.object({ valid: z.boolean(), uuid: z.optional(z.string()), name: z.optional(z.string()) })
const capesSchema = z.object({ capes: z.array(z.object({ uuid: z.string(), alias: z.string(), url: z.string(), supported: z.boolean() })) })
/** A cape offered by the API. */
export type Cape = z.infer<typeof capesSchema>['capes'][number]

/**
 * Queues one item (SPEC §7 `POST /v2/queue`: multipart for a file, JSON `{url}` or `{user}`); with
 * `waitMs` > 0 the submit's short wait (`?wait=`): a job the API expects to finish within it
 * comes back finished.
 */
export function queueJob(api: ApiClient, item: GenerateItem, options: GenerateOptions, waitMs = 0): Promise<QueueAnswer | null> {
  const fields: Record<string, string> = { visibility: options.visibility, variant: options.variant }
  if (options.name) fields.name = options.name
  if (options.cape && item.type !== 'user') fields.cape = options.cape
  if (options.remixOf) fields.remixOf = options.remixOf
  let body: FormData | Record<string, string>
  if (item.type === 'upload') {
    body = new FormData()
    body.append('file', item.file, item.fileName)
    for (const [key, value] of Object.entries(fields)) body.append(key, value)
  } else {
    body = { ...fields, [item.type]: item.type === 'url' ? item.url : item.user }
  }
  return api.call('/v2/queue', queueAnswerSchema, { method: 'POST', body, silent: true, ...heldCall(waitMs) })
}

/** Time a held call may take beyond its `wait` before the client gives up on it, ms (as long as a plain call gets). */
const HELD_CALL_SLACK_MS = 10_000

/** The query and timeout of a call the API may hold up to `waitMs` (./job-wait.ts); nothing for 0. */
function heldCall(waitMs: number): { query?: { wait: number }; timeoutMs?: number } {
  return waitMs > 0 ? { query: { wait: waitMs }, timeoutMs: waitMs + HELD_CALL_SLACK_MS } : {}
}

/**
 * Polls a job (SPEC §7: `GET /v2/queue/{id}?t={unix seconds}`, silent); with `waitMs` > 0 a long-poll
 * (`&wait=`, ./job-wait.ts), whose timeout counts from the end of the wait.
 */
export function getJob(api: ApiClient, id: string, now: number, waitMs = 0): Promise<JobAnswer | null> {
  const held = heldCall(waitMs)
  return api.call(`/v2/queue/${id}`, jobAnswerSchema, { ...held, query: { t: Math.floor(now / 1000), ...held.query }, silent: true })
}

/** The caller's recent jobs (SPEC §7 `GET /v2/queue`, silent; used when signed in). */
export const listJobs = async (api: ApiClient): Promise<JobInfo[]> => (await api.call('/v2/queue', jobListSchema, { silent: true }))?.jobs ?? []

/** The capes skins can be signed with here (SPEC §7 `GET /v2/capes`): only the supported ones. */
export const listCapes = async (api: ApiClient): Promise<Cape[]> =>
  ((await api.call('/v2/capes', capesSchema, { silent: true }))?.capes ?? []).filter((cape) => cape.supported)

/** The verdict on a player field. `unknown`: the check itself failed; the server decides on submit. */
export type PlayerCheck =
  | { state: 'valid'; uuid: string; name: string }
  | { state: 'invalid'; reason: 'empty' | 'format' | 'not_found' }
  | { state: 'unknown'; message: string }

/**
 * Checks a player name or uuid (SPEC §5, §7 `/validate/name/{name}`, `/validate/uuid/{uuid}`): an
 * empty value, or one that can be neither, is invalid without a call.
 */
export async function validatePlayer(api: ApiClient, value: string): Promise<PlayerCheck> {
  const kind = playerInputKind(value)
  if (kind === 'empty') return { state: 'invalid', reason: 'empty' }
  if (kind === 'invalid') return { state: 'invalid', reason: 'format' }
  const input = value.trim()
  try {
    const answer = await api.call(`/validate/${kind}/${encodeURIComponent(input)}`, validateSchema, { silent: true })
    if (answer?.valid && answer.uuid) return { state: 'valid', uuid: answer.uuid, name: answer.name ?? input }
    return { state: 'invalid', reason: 'not_found' }
  } catch (error) {
    if (error instanceof ApiCallError && error.status === 404) return { state: 'invalid', reason: 'not_found' }
    return { state: 'unknown', message: error instanceof Error ? error.message : String(error) }
  }
}

/** The thumbnail of a job: the head render of its signed skin, else the uploaded image (SPEC §7: prefixed with the API host). */
function thumbnail(answer: Pick<JobAnswer, 'skin' | 'links'>, fallback?: string): string | undefined {
  const hash = answer.skin?.texture?.hash.skin
  if (hash) return renderUrl({ textureHash: hash, view: 'head', size: 'small' })
  return answer.links?.image ? `/api${answer.links.image}` : fallback
}

/** The skin of an answer: its skin object, or the job's result once completed (SPEC §5). */
const skinOf = (answer: Pick<JobAnswer, 'job' | 'skin'>): string | undefined =>
  answer.skin?.uuid ?? (answer.job.status === 'completed' ? answer.job.result : undefined)

/** The queue entry of a freshly queued job (a duplicate, or a job finished within the submit's wait, arrives finished). */
export function entryFromQueueAnswer(answer: QueueAnswer, source: JobSource): QueueEntry {
  const errors = answer.job.status === 'failed' ? (answer.errors ?? []) : []
  return { job: answer.job, source, check: { last: 0, count: 0 }, image: thumbnail(answer), skin: skinOf(answer), errors }
}

/** An entry updated with a poll's answer. */
export function entryWithJobAnswer(entry: QueueEntry, answer: JobAnswer, now: number): QueueEntry {
  const check = { last: now, count: entry.check.count + 1 }
  // A finished job stays finished: an answer read before it finished may arrive after the event that
  // said so (the stream's first read of unfinished jobs races its live events).
  const finished = (status: string) => status === 'completed' || status === 'failed'
  if (finished(entry.job.status) && !finished(answer.job.status)) return { ...entry, check }
  return {
    ...entry,
    job: answer.job,
    image: thumbnail(answer, entry.image),
    skin: skinOf(answer) ?? entry.skin,
    errors: answer.job.status === 'failed' ? (answer.errors ?? []) : [],
    check,
  }
}
