/**
 * The generation pipeline (reference/mineskin-api.md §2.1, DESIGN.md §2 flow 2).
 * `submit`: options checked → pending-job cap → input prepared (validated image, our own skin
 * link, or a texture Mojang signed: ./mojang-textures.ts) → dedupe → either an instantly completed job
 * (existing skin, a new skin row on existing data, or a Mojang-signed texture stored as given) or
 * the texture PNG stored once, through the storage meter (docs/operations.md "Storage budget and
 * quotas"), and a `waiting` job row. A batch prepares every item first and reserves their storage at once (`prepare`,
 * `reserve`, `submitPrepared`). `process` (the queue worker): stored image → signature (signer, or the
 * player's own signed profile with the mojang signer) → skin rows, in one atomic batch (docs/architecture.md "Storage").
 * @module
 */
import { refuseBannedTexture } from '../../moderation/bans'
import type { GenerateOptions } from '../../../shared/schemas/api'
import { imageKey, textureKey } from '../../blob/blob-store'
import type { CapeCatalogue } from '../../capes/capes'
import { keepCapeTexture } from '../../capes/cape-texture'
import { ApiError, isApiError } from '../../errors'
import type { Identity } from '../../users/identity'
import { newJobId } from '../../ids'
import { readSkinImage } from '../../image'
import { colourHistogram } from '../../image/colour-features'
import { decodeTexturesValue, hashFromTextureUrl } from '../../profiles/textures-value'
import type { JobCompletion, JobRow, JobStartSlot } from '../queue/job-queue'
import { jobs } from '../../store/schema'
import type { ApiContext } from '../../services/context'
import type { SqlBatchResult } from '../../store/sql'
import type { Counters } from '../../services/stats/counters'
import type { StorageHold, StorageMeter } from '../../services/storage/storage-meter'
import { createDuplicateFinder, type DuplicateDecision } from './duplicates'
import { createJustStored } from './just-stored'
import { createLookupHolds } from './lookup-holds'
import { createJustWritten } from './just-written'
import { recordOfRows, type SkinRecord } from '../../skins/services/skin-record'
import { checkPendingCap, pendingCountSql, refuseAtCap } from './pending-cap'
import { checkOptions, type CheckedOptions } from './options'
import { prepareInput, type GenerateInput, type PrepareOptions, type PreparedInput } from './prepare-input'
import { createSkinWriter, type SignedData } from './skin-writer'
import { insertClaimedJobRow, insertJobRow } from './job-insert'
import type { Creator, DuplicateSource, JobInput, JobOptions } from './types'
import { verifyTextureSignature } from '../../signing/signer/texture-signature-check'
import type { JobWebhooks } from '../../webhooks/job-events'
import type { JobLogJob } from '../job-log-line'

/** What a submit produced. */
export interface SubmitResult {
  /** Null for `checkOnly` requests, which create nothing. */
  jobId: string | null
  /** Set when the job completed instantly (duplicate). */
  skinUuid?: string
  duplicate?: DuplicateSource
  /** Texture hash of the stored input image (`links.image`). */
  imageHash?: string
  /** The job row as inserted (what a read right after would give), when the submit made one. */
  job?: JobRow
}

/** A generate request with its options checked and its input prepared; nothing is stored yet. */
export interface PreparedSubmit {
  input: GenerateInput
  opts: CheckedOptions
  prepared: PreparedInput
  /** The checked `callback` URL (docs/webhooks.md), or null. */
  callback?: string | null
}

/** Caller facts a submit records with the job. */
export interface SubmitMeta {
  breadcrumb: string
  /** Whose daily storage quota new images spend (`storageOwner` of services/storage/storage-meter). */
  storageOwner: string
  /** Only look for an existing skin (reference §1.5 `checkOnly`): no job, no blob, 400 `no_duplicate` otherwise. */
  checkOnly?: boolean
}

/**
 * Creates the generator. `notify` announces a `waiting` job row once it is inserted: it wakes the
 * in-process queue (returns at once), or sends the job's message to Cloudflare Queues (awaited, so the
 * request does not answer before the message is sent).
 */
export function createGenerator(
  ctx: ApiContext,
  deps: {
    capes: CapeCatalogue
    counters: Counters
    storage: StorageMeter
    notify: (jobId: string, opts?: { startNow?: boolean }) => void | Promise<void>
    /** A run at once for a job about to be inserted (JobQueue.reserveStart); null or absent: the job is announced with `notify`. */
    reserveStart?: () => Promise<JobStartSlot | null>
    /** Job callbacks and webhook events (Bun); absent where no delivery loop runs, and `callback` is refused there. */
    webhooks?: JobWebhooks
    /**
     * A job row was inserted (waiting, or completed at once as a duplicate): the job event stream reads
     * it. Awaited, so on Workers its notification is I/O of the request that inserted the row; it must
     * not reject (the notifier reports its own failures).
     */
    changed?: () => void | Promise<void>
    /** A job finished as it was stored (a duplicate found at once): its log line (../job-log-line.ts). */
    finishedAtOnce?: (job: JobLogJob) => void
    /**
     * The invocation running now (the API Worker: src/api/cloudflare/invocation-scope.ts); absent on Bun,
     * where one process is one scope. A job waits on another's signing promise only within one
     * invocation: a Worker may not await one request's I/O from another, so across invocations it
     * looks again every {@link SIGNING_RECHECK_MS} instead.
     */
    invocation?: () => object | undefined
    /** Resolves after `ms` (the re-checks above; default setTimeout). */
    pause?: (ms: number) => Promise<void>
  },
) {
  const { db, sql } = ctx.store
  const writer = createSkinWriter(sql, deps.counters)
  const dups = createDuplicateFinder(sql)
  const upstreamErrors: Record<string, number> = {}
  const markDuplicate = (source: string, jobId: string) => sql.run('UPDATE jobs SET duplicate = ? WHERE id = ?', [source, jobId])
  /** Dedupe keys being signed right now (with the invocation signing each), so a second worker waits instead of signing twice. */
  const signing = new Map<string, { done: Promise<void>; by: object | undefined }>()
  const invocation = deps.invocation ?? (() => undefined)
  /** Inputs of jobs submitted here and not yet run (./just-stored.ts). */
  const justStored = createJustStored(JUST_STORED_KEPT)
  /** Whether a submit's lookup stands for its job's run (./lookup-holds.ts). */
  const lookups = createLookupHolds(ctx.now)
  /** Skins jobs run here just wrote, for their submit's answer (./just-written.ts). */
  const justWritten = createJustWritten(JUST_STORED_KEPT, ctx.now)
  const pause = deps.pause ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)))

  const creatorOf = (who: Identity): Creator => ({ userId: who.userId, apiKeyId: who.apiKeyId, clientId: who.clientId, ip: who.ip })

  /** Inserts a job row (claimed at `claimedAt`, when given: ./job-insert.ts) and tells the event stream once. */
  const insertJob = async (v: typeof jobs.$inferInsert, claimedAt?: number): Promise<JobRow> => {
    const row = claimedAt === undefined ? await insertJobRow(sql, v) : await insertClaimedJobRow(sql, v, claimedAt)
    await deps.changed?.()
    // A job found at once is finished as it is stored: its webhook event goes out like a queued job's.
    if (v.status === 'completed') {
      deps.finishedAtOnce?.({ id: v.id, status: v.status, kind: v.kind, created_at: v.createdAt, started_at: v.startedAt ?? null, finished_at: v.finishedAt ?? null, errors: v.errors ?? null, attempts: v.attempts ?? 0 })
      await deps.webhooks?.finished(v.id)
    }
    return row
  }

  /** The caller's pending-job count for the texture lookup, with the caps' 429 (./pending-cap.ts). */
  const pendingLookup = (who: Identity, now: number) => {
    const count = pendingCountSql(who, now)
    return { sql: count?.sql ?? 'SELECT 0', params: count?.params ?? [], check: (n: number) => refuseAtCap(who, n) }
  }

  /** The request's checked `callback` (docs/webhooks.md); 400 where no delivery loop runs. */
  const checkCallback = async (raw: GenerateOptions, who: Identity): Promise<string | null> => {
    const callback = (raw as { callback?: string }).callback
    if (callback === undefined) return null
    if (!deps.webhooks) throw new ApiError('callbacks_unavailable', 'Job callbacks are not available on this server', 400)
    return deps.webhooks.checkCallback(callback, who)
  }

  /** Dedupes a prepared request and records its job; `hold` pays for its new image, else it reserves its own. */
  const commit = async (sub: PreparedSubmit, who: Identity, meta: SubmitMeta, hold?: StorageHold, capLater = false): Promise<SubmitResult> => {
    const { input, opts, prepared } = sub
    const callback = sub.callback ?? null
    const creator = creatorOf(who)
    const base = {
      kind: input.kind,
      userId: who.userId,
      apiKeyId: who.apiKeyId,
      clientId: who.clientId,
      ip: who.ip,
      breadcrumb: meta.breadcrumb,
    } as const
    const now = ctx.now()

    // A texture a moderator banned is refused on every generate, MineSkin-style: an existing skin's
    // here, a new texture's with its dedupe lookup below (one round trip for both).
    if (capLater && prepared.type !== 'image') await checkPendingCap(sql, who, now)
    if (prepared.type === 'signed') return commitSigned(sub, prepared, who, meta, base, hold)
    if (prepared.type === 'existing') {
      await refuseBannedTexture(ctx.store.sql, prepared.rec.data.textureHash)
      if (meta.checkOnly) return { jobId: null, skinUuid: prepared.rec.skin.uuid, duplicate: 'mineskin_url' }
      const id = newJobId()
      const job = await insertJob({
        ...base,
        id,
        status: 'completed',
        imageHash: prepared.rec.data.textureHash,
        sourceName: input.kind === 'url' ? input.url : null,
        options: JSON.stringify({ name: opts.name, visibility: opts.visibility, variant: prepared.rec.data.variant, cape: null, remixOf: opts.remixOf, ...(callback ? { callback } : {}) }),
        createdAt: now,
        startedAt: now,
        finishedAt: now,
        result: prepared.rec.skin.uuid,
        duplicate: 'mineskin_url',
      })
      await writer.recordDuplicate(now)
      return { jobId: id, skinUuid: prepared.rec.skin.uuid, duplicate: 'mineskin_url', imageHash: prepared.rec.data.textureHash, job }
    }

    const { image } = prepared
    // Reference §2.2: `unknown` means detect; a player's skin keeps the model of its profile.
    const variant = prepared.player?.variant ?? (opts.variant === 'unknown' ? image.detectedVariant : opts.variant)
    const jobOptions: JobOptions = {
      name: opts.name,
      visibility: opts.visibility,
      variant,
      cape: opts.cape ? { uuid: opts.cape.uuid, hash: opts.cape.hash } : null,
      remixOf: opts.remixOf,
      ...(callback ? { callback } : {}),
    }
    // A single upload's room is reserved in its lookup's batch (one round trip for both): the image is
    // nearly always new, and what a duplicate or a refusal did not need is given back.
    const along = hold || meta.checkOnly ? undefined : await deps.storage.reserveAlong(who, meta.storageOwner, [image])
    let reserved: SqlBatchResult[] = []
    let decision: DuplicateDecision
    try {
      decision = await dups.decide({
        textureHash: image.textureHash,
        variant,
        capeHash: opts.cape?.hash ?? '',
        name: opts.name,
        visibility: opts.visibility,
        origin: prepared.origin,
        who,
        refuseBanned: true,
        ...(capLater ? { pending: pendingLookup(who, now) } : {}),
        ...(along ? { alongside: { statements: along.statements, ran: (results: SqlBatchResult[]) => (reserved = results) } } : {}),
      })
    } catch (e) {
      // Refused (the pending-job cap, a banned texture): nothing is stored, so the room goes back.
      const back = along?.giveBack(reserved) ?? []
      if (back.length) await sql.batch(back)
      throw e
    }
    if (meta.checkOnly) {
      if (decision.type !== 'reuse') throw new ApiError('no_duplicate', 'No existing skin matches this image and these options', 400)
      return { jobId: null, skinUuid: decision.skinUuid, duplicate: decision.source, imageHash: image.textureHash }
    }
    // Inputs are blobs before the job row exists, so an accepted job always has its image. It is
    // stored clean, as its re-encode, and once: the texture PNG, whose SHA-256 is
    // its key, is also what `/v2/images/{hash}` serves. The meter refuses a new
    // image that the budget or the caller's quota has no room for, before anything is written.
    const own = hold ?? (along ? await along.hold(reserved) : await deps.storage.reserve(who, meta.storageOwner, [image]))
    try {
      await own.store(image)
    } finally {
      if (!hold) await own.release()
    }
    const jobInput: JobInput = { imageHash: image.imageHash, features: Buffer.from(colourHistogram(image.rgba)).toString('base64') }
    const id = newJobId()
    const row = {
      ...base,
      id,
      imageHash: image.textureHash,
      input: JSON.stringify(jobInput),
      userUuid: prepared.player?.uuid ?? null,
      sourceName: prepared.sourceName,
      options: JSON.stringify(jobOptions),
      createdAt: now,
    }
    if (decision.type === 'none') {
      justStored.keep(id, { png: image.png, lookedUpAt: now })
      // Where the job can start in this request (the API Worker), its row goes in claimed: inserted and
      // claimed in one batch.
      const slot = deps.reserveStart ? await deps.reserveStart() : null
      let job: JobRow
      try {
        job = await insertJob({ ...row, status: 'waiting' }, slot?.at)
      } catch (e) {
        slot?.cancel()
        throw e
      }
      if (slot) await slot.start(job)
      else await deps.notify(id, deps.reserveStart ? { startNow: false } : {})
      return { jobId: id, imageHash: image.textureHash, job }
    }
    let skinUuid: string
    if (decision.type === 'reuse') {
      skinUuid = decision.skinUuid
      await writer.recordDuplicate(now)
    } else {
      skinUuid = (await writer.insertOnData(decision.dataId, { name: opts.name, visibility: opts.visibility, remixOf: opts.remixOf }, creator, now)).uuid
    }
    const job = await insertJob({ ...row, status: 'completed', startedAt: now, finishedAt: now, result: skinUuid, duplicate: decision.source })
    return { jobId: id, skinUuid, duplicate: decision.source, imageHash: image.textureHash, job }
  }

  /**
   * Stores a texture Mojang signed (./mojang-textures.ts) at once, without a signer: deduplicated like
   * a texture URL (`texture_url`, `texture_url_data`); a new one becomes a data row with the signed
   * value as given, its texture PNG stored under the signed hash, and a job that is completed already.
   */
  const commitSigned = async (
    sub: PreparedSubmit,
    prepared: Extract<PreparedInput, { type: 'signed' }>,
    who: Identity,
    meta: SubmitMeta,
    base: Pick<typeof jobs.$inferInsert, 'kind' | 'userId' | 'apiKeyId' | 'clientId' | 'ip' | 'breadcrumb'>,
    hold?: StorageHold,
  ): Promise<SubmitResult> => {
    const { opts } = sub
    const { key, fresh } = prepared
    // The signed value decides the cape (reference mineskin-api.md §2.5): asking another one cannot be honoured.
    if (opts.cape && opts.cape.hash !== key.capeHash) throw new ApiError('invalid_request', 'The cape of a signed texture is the one in its value; send no cape', 400)
    const decision = await dups.decide({ ...key, name: opts.name, visibility: opts.visibility, origin: 'texture', who, refuseBanned: true })
    if (meta.checkOnly) {
      if (decision.type !== 'reuse') throw new ApiError('no_duplicate', 'No existing skin matches this texture and these options', 400)
      return { jobId: null, skinUuid: decision.skinUuid, duplicate: decision.source, imageHash: key.textureHash }
    }
    const now = ctx.now()
    const creator = creatorOf(who)
    const jobOptions: JobOptions = { name: opts.name, visibility: opts.visibility, variant: key.variant, cape: opts.cape ? { uuid: opts.cape.uuid, hash: opts.cape.hash } : null, remixOf: opts.remixOf, ...(sub.callback ? { callback: sub.callback } : {}) }
    let skinUuid: string
    let duplicate: DuplicateSource | undefined
    if (decision.type === 'reuse') {
      skinUuid = decision.skinUuid
      duplicate = decision.source
      await writer.recordDuplicate(now)
    } else if (decision.type === 'new-on-data') {
      skinUuid = (await writer.insertOnData(decision.dataId, { name: opts.name, visibility: opts.visibility, remixOf: opts.remixOf }, creator, now)).uuid
      duplicate = decision.source
    } else {
      // Only a verified value reaches here without a data row: a URL is prepared as signed only when its row exists.
      if (!fresh) throw new ApiError('internal_error', 'The stored signed texture vanished', 500)
      const png = { textureHash: key.textureHash, png: fresh.image.png }
      const own = hold ?? (await deps.storage.reserve(who, meta.storageOwner, [png]))
      try {
        await own.store(png)
      } finally {
        if (!hold) await own.release()
      }
      const stored = await writer.insertNew({
        imageHash: fresh.image.imageHash,
        features: colourHistogram(fresh.image.rgba),
        options: jobOptions,
        signed: fresh.signed,
        creator,
        worker: ctx.workerName,
        queueStart: now,
        queueEnd: now,
        now,
      })
      skinUuid = stored.uuid
      // Stored by another request between the dedupe and the write: its data row was used.
      if (stored.dataExisted) duplicate = 'texture_url_data'
    }
    const id = newJobId()
    const job = await insertJob({
      ...base,
      id,
      status: 'completed',
      imageHash: key.textureHash,
      sourceName: prepared.sourceName,
      options: JSON.stringify(jobOptions),
      createdAt: now,
      startedAt: now,
      finishedAt: now,
      result: skinUuid,
      duplicate: duplicate ?? null,
    })
    return { jobId: id, skinUuid, ...(duplicate ? { duplicate } : {}), imageHash: key.textureHash, job }
  }

  const generator = {
    /**
     * The record of skin `uuid` as a job's run here just wrote it, once and only briefly (./just-written.ts),
     * for the answer of the job's submit; undefined: read it.
     */
    writtenRecord: (uuid: string): SkinRecord | undefined => {
      const rows = justWritten.take(uuid)
      return rows && recordOfRows(rows.skin, rows.data)
    },

    /** Accepts a generation request; see the module doc. */
    async submit(input: GenerateInput, rawOptions: GenerateOptions, who: Identity, meta: SubmitMeta): Promise<SubmitResult> {
      const opts = await checkOptions(rawOptions, who, deps.capes, db)
      const callback = await checkCallback(rawOptions, who)
      // Before the input is prepared, a caller at the cap makes us download nothing. An upload has
      // nothing to download: its count is read with the texture's lookup (one round trip less).
      const capLater = input.kind === 'upload'
      if (!capLater) await checkPendingCap(sql, who, ctx.now())
      return commit({ input, opts, prepared: await prepareInput(ctx, input, who, prepareOptions(opts)), callback }, who, meta, undefined, capLater)
    },

    /** Checks the options and prepares the input of one batch item (nothing is stored). */
    async prepare(input: GenerateInput, rawOptions: GenerateOptions, who: Identity): Promise<PreparedSubmit> {
      const opts = await checkOptions(rawOptions, who, deps.capes, db)
      const callback = await checkCallback(rawOptions, who)
      return { input, opts, prepared: await prepareInput(ctx, input, who, prepareOptions(opts)), callback }
    },

    /** Reserves storage for the new images of prepared items, all or nothing (507 `storage_full`, 429 `storage_quota`). */
    reserve: (who: Identity, owner: string, subs: readonly PreparedSubmit[]): Promise<StorageHold> =>
      deps.storage.reserve(who, owner, subs.flatMap((s) => newPngsOf(s.prepared))),

    /** Submits a prepared item whose image `hold` reserved: pending-job cap, dedupe, storage, job row. */
    async submitPrepared(sub: PreparedSubmit, who: Identity, meta: SubmitMeta, hold: StorageHold): Promise<SubmitResult> {
      await checkPendingCap(sql, who, ctx.now())
      return commit(sub, who, meta, hold)
    },

    /** Queue worker step: signs a stored job input and stores the skin. */
    async process(job: JobRow, completion?: JobCompletion): Promise<{ skinUuid: string; completed?: JobRow }> {
      const kept = justStored.take(job.id)
      try {
        const opts = JSON.parse(job.options) as JobOptions
        if (!job.image_hash) throw new ApiError('job_failed', 'The job has no input image', 500, 'SERVER')
        const creator: Creator = { userId: job.user_id, apiKeyId: job.api_key_id, clientId: job.client_id, ip: job.ip }
        // The same texture may have been signed since this job was queued, or be being signed right
        // now by another worker (a burst of the same upload): wait for that, then answer like an
        // instant duplicate instead of signing it again.
        const dedupeKey = `${job.image_hash}|${opts.variant}|${opts.cape?.hash ?? ''}`
        const mine = invocation()
        for (let other = signing.get(dedupeKey); other; other = signing.get(dedupeKey)) await (other.by === mine ? other.done : pause(SIGNING_RECHECK_MS))
        // Claimed before the first await below (the store is async), so a second
        // worker with the same key waits for this one instead of deciding in parallel.
        let release = () => {}
        signing.set(dedupeKey, { done: new Promise<void>((r) => (release = r)), by: mine })
        try {
          const again: DuplicateDecision = lookups.stillHolds(kept, dedupeKey) ? { type: 'none' } : await dups.decide({
            textureHash: job.image_hash,
            variant: opts.variant,
            capeHash: opts.cape?.hash ?? '',
            name: opts.name,
            visibility: opts.visibility,
            origin: job.kind === 'user' ? 'user' : 'image',
            who: creator,
          })
          if (again.type !== 'none') {
            const now = ctx.now()
            const skinUuid =
              again.type === 'reuse'
                ? again.skinUuid
                : (await writer.insertOnData(again.dataId, { name: opts.name, visibility: opts.visibility, remixOf: opts.remixOf ?? null }, creator, now)).uuid
            if (again.type === 'reuse') await writer.recordDuplicate(now)
            await markDuplicate(again.source, job.id)
            return { skinUuid }
          }
          return await signAndStore(job, job.image_hash, opts, creator, kept?.png, completion)
        } finally {
          signing.delete(dedupeKey)
          lookups.runEnded(dedupeKey)
          release()
        }
      } catch (e) {
        await deps.counters.record('failed', ctx.now())
        if (isApiError(e) && e.source === 'UPSTREAM') upstreamErrors[e.code] = (upstreamErrors[e.code] ?? 0) + 1
        throw e
      }
    },

    /** Upstream error counts by code, for `/v2/stats`. */
    upstreamErrors: (): Record<string, number> => ({ ...upstreamErrors }),
  }

  /** Signs a job's stored texture (or takes the player's own signature) and stores the skin. */
  async function signAndStore(
    job: JobRow,
    textureHash: string,
    opts: JobOptions,
    creator: Creator,
    kept: Uint8Array | undefined,
    completion: JobCompletion | undefined,
  ): Promise<{ skinUuid: string; completed?: JobRow }> {
    const { png, imageHash, features } = await loadJobImage(ctx, job, textureHash, kept)
    const signed: SignedData =
      job.kind === 'user' && job.user_uuid && ctx.signer.kind === 'mojang'
        ? await playerSignedTextures(ctx, job.user_uuid)
        : await ctx.signer.sign({
            png,
            textureHash,
            variant: opts.variant,
            ...(opts.cape ? { cape: { uuid: opts.cape.uuid, textureHash: opts.cape.hash } } : {}),
          })
    // A remote signer may name the texture by its own hash (its re-encode differed from ours): then it
    // is also kept under that hash, for `/textures/{hash}` and texture-link inputs.
    if (signed.textureHash !== textureHash) await deps.storage.storeTexture(signed.textureHash, png)
    // The cape a Mojang account showed is on Mojang's host: copied so the skin page can draw it.
    if (signed.capeHash) await keepCapeTexture({ blobs: ctx.blobs, fetchTexture: ctx.fetchTexture, storeTexture: deps.storage.storeTexture }, signed.capeHash)
    const now = ctx.now()
    const stored = await writer.insertNew({
      imageHash,
      features,
      options: opts,
      signed,
      creator,
      worker: ctx.workerName,
      queueStart: job.started_at ?? job.created_at,
      queueEnd: now,
      now,
      // The job's completion in the same batch, marked a duplicate when its texture was stored meanwhile.
      ...(completion ? { after: ({ uuid, dataExisted }: { uuid: string; dataExisted: boolean }) => [completion.statement(uuid, dataExisted ? 'image_hash_data' : null)] } : {}),
    })
    if (stored.written.data) justWritten.keep(stored.uuid, { skin: stored.written.skin, data: stored.written.data })
    const completed = stored.afterRows?.[0]?.[0] as JobRow | undefined
    if (completed) return { skinUuid: stored.uuid, completed }
    if (stored.dataExisted) await markDuplicate('image_hash_data', job.id)
    return { skinUuid: stored.uuid }
  }

  return generator
}

/** Texture PNGs of jobs not yet run that the generator keeps in memory (a few KiB each). */
const JUST_STORED_KEPT = 64

/** How often a job looks again whether a texture another invocation is signing is done, ms (`invocation` of createGenerator). */
export const SIGNING_RECHECK_MS = 25

/** The generator type. */
export type Generator = ReturnType<typeof createGenerator>

/** What of the checked options decides which stored signed texture a texture URL may be answered with. */
const prepareOptions = (opts: CheckedOptions): PrepareOptions => ({ variant: opts.variant, capeHash: opts.cape?.hash ?? '' })

/** The PNGs a prepared input may add to storage, under the hash they are kept by. */
const newPngsOf = (p: PreparedInput): { textureHash: string; png: Uint8Array }[] =>
  p.type === 'image' ? [p.image] : p.type === 'signed' && p.fresh ? [{ textureHash: p.key.textureHash, png: p.fresh.image.png }] : []

/** The player's own signed textures (mojang signer, user jobs: reference §2.4 "User jobs do not upload"). */
async function playerSignedTextures(ctx: ApiContext, uuid: string): Promise<SignedData> {
  const profile = await ctx.profiles.getProfile(uuid, { signed: true })
  const prop = profile?.properties.find((p) => p.name === 'textures')
  if (!profile || !prop?.signature) throw new ApiError('invalid_skin_data', 'The player profile carries no signed textures', 502, 'UPSTREAM')
  // Like every signature the pool reads (reference account-pool.md §5): one no server accepts is never stored.
  if (!(await verifyTextureSignature(ctx.config.mojang.signatureKeyPem, prop.value, prop.signature))) {
    throw new ApiError('invalid_signature', "The player profile's textures signature does not verify against Mojang's public key (MOJANG_SIGNATURE_KEY)", 502, 'UPSTREAM')
  }
  const payload = decodeTexturesValue(prop.value)
  const skinUrl = payload.textures.SKIN?.url
  const textureHash = skinUrl ? hashFromTextureUrl(skinUrl) : null
  if (!skinUrl || !textureHash) throw new ApiError('invalid_skin_data', 'The signed profile has no skin texture', 502, 'UPSTREAM')
  const capeUrl = payload.textures.CAPE?.url
  const capeHash = capeUrl ? hashFromTextureUrl(capeUrl) ?? undefined : undefined
  return {
    value: prop.value,
    signature: prop.signature,
    textureHash,
    textureUrl: skinUrl,
    ...(capeUrl && capeHash ? { capeUrl, capeHash } : {}),
    account: profile.id.slice(0, 16),
    server: 'mojang',
  }
}

/**
 * The normalised PNG and facts of a job's input: the bytes its submit kept (`kept`), else the stored
 * texture, or (older rows) by decoding the stored image.
 */
async function loadJobImage(ctx: ApiContext, job: JobRow, hash: string, kept?: Uint8Array): Promise<{ png: Uint8Array; imageHash: string; features: Uint8Array }> {
  const texture = kept ? { bytes: kept } : await ctx.blobs.get(textureKey(hash))
  if (texture && job.input) {
    const input = JSON.parse(job.input) as JobInput
    return { png: texture.bytes, imageHash: input.imageHash, features: new Uint8Array(Buffer.from(input.features, 'base64')) }
  }
  // Jobs queued before `jobs.input` (migration 0003) stored only their original; migration 0009 keeps
  // it where it differed from the texture and else leaves the texture as the one copy.
  const stored = texture ?? (await ctx.blobs.get(imageKey(hash)))
  if (!stored) throw new ApiError('job_failed', 'The stored input image is missing', 500, 'SERVER')
  const image = await readSkinImage(stored.bytes)
  return { png: image.png, imageHash: image.imageHash, features: colourHistogram(image.rgba) }
}
