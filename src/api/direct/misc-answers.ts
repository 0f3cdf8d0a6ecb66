/**
 * The answers of the smaller read routes server renders call (reference/mineskin-api.md §1.5, §1.8,
 * §1.9): capes, stats, seeded random names and one job. Shared by the HTTP routes and the direct
 * table, like `./skin-answers.ts`.
 * @module
 */
import { jobIdSchema } from '../../shared/schemas/api'
import { ApiError } from '../errors'
import { randomName } from '../names'
import type { JobRow } from '../jobs/queue/job-queue'
import type { ApiServices } from '../services'
import type { Identity } from '../users/identity'
import { skinInfoFor } from '../skins/services/remix-link'
import { loadSkinRecordWithTags } from '../skins/services/skin-record'
import { msg, parseOr400, type Answer } from '../routes/envelope'
import { jobErrors, toJobInfo } from '../jobs/routes/job-json'

/** `GET /v2/capes`. */
export const capesAnswer = async (s: ApiServices): Promise<Answer> => ({ payload: { capes: await s.capes.list() } })

/** `GET /v2/stats`. */
export const statsAnswer = async (s: ApiServices): Promise<Answer> => ({ payload: { stats: await s.stats.get() } })

/** `GET /random-name[?seed=]`: the legacy `{name}` body; the same seed gives the same name. */
export const randomNameAnswer = (seed: string | undefined): Answer => ({ payload: { name: randomName(seed || undefined) }, raw: true })

/** How a finished job's skin is found for its answer. */
export interface JobSkinOptions {
  /**
   * The answer is its submit's own, right after the wait for its run (`POST /v2/queue?wait=`): the skin
   * the run wrote here is taken as written (src/api/jobs/generate/just-written.ts) instead of read. No
   * other request can have changed it yet; any other answer reads it.
   */
  justWritten?: boolean
}

/** A finished job's skin as the v2 skin object `who` reads, unless deleted since. */
export async function jobSkin(s: ApiServices, uuid: string, duplicate: boolean, who: Identity | null, opts: JobSkinOptions = {}) {
  const db = s.ctx.store.db
  const rec = (opts.justWritten ? s.generator.writtenRecord(uuid) : undefined) ?? (await loadSkinRecordWithTags(db, uuid))
  return rec && rec.skin.deletedAt === null ? skinInfoFor(db, rec, who, { duplicate }) : undefined
}

/** The job row of a raw job id (400 malformed, 404 unknown). */
export async function jobById(s: ApiServices, raw: string): Promise<JobRow> {
  const id = parseOr400(jobIdSchema, raw.toLowerCase())
  const job = await s.ctx.store.sql.get<JobRow>('SELECT * FROM jobs WHERE id = ?', [id])
  if (!job) throw new ApiError('job_not_found', 'Job not found', 404)
  return job
}

/** `GET /v2/queue/{id}` as `who` reads it: the job, its skin once completed, its errors once failed. */
export async function jobAnswer(s: ApiServices, job: JobRow, who: Identity | null, opts: JobSkinOptions = {}): Promise<Answer> {
  const links = {
    self: `/v2/queue/${job.id}`,
    job: `/v2/queue/${job.id}`,
    image: job.image_hash ? `/v2/images/${job.image_hash}` : undefined,
    skin: job.result ? `/v2/skins/${job.result}` : undefined,
  }
  const info = toJobInfo(job, s.queue)
  if (job.status === 'completed') {
    const skin = job.result ? await jobSkin(s, job.result, job.duplicate !== null, who, opts) : undefined
    return { payload: { job: info, ...(skin ? { skin } : {}) }, parts: { messages: [msg('job_completed', 'Job completed')], links } }
  }
  if (job.status === 'failed') return { payload: { job: info }, parts: { messages: [msg('job_failed', 'Job failed')], links, errors: jobErrors(job) } }
  return { payload: { job: info }, parts: { messages: [msg('job_pending', 'Job is pending')], links } }
}
