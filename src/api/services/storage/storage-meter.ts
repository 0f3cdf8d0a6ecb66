/**
 * The storage meter (docs/operations.md "Storage budget and quotas"): every new PNG goes through
 * it, so the running total of stored bytes stays exact and a caller's new images are counted against
 * the global budget (`STORAGE_BUDGET_MB`, 507 `storage_full`) and the grant `storage_per_day` (429
 * `storage_quota`).
 * Admission reserves before anything is written: the bytes of the request's images are added to the
 * caller's day counter and to the total, one conditional statement each in one batch (for a single
 * upload, the batch of its duplicate lookup: `reserveAlong`), then stored; a
 * reservation whose image turned out to be stored already (a repeat, a lost race) or was never stored
 * (the request failed later) is given back. Images already stored cost nothing, also when full: a
 * refused reservation asks the store which of its images it holds and tries again without them. A crash
 * between a reservation and its refund leaves the total a few KiB high; one between an unreserved
 * store (a demo skin, a texture kept under a remote signer's hash) and its count, one PNG low.
 * Built over the platform's SqlClient and BlobStore, so the same code runs on Bun and on Workers.
 * @module
 */
import { textureKey, type BlobStore } from '../../blob/blob-store'
import { identityKey, type Identity } from '../../users/identity/identity'
import type { SqlBatchResult, SqlClient, SqlStatement } from '../../store/sql'
import { addedTo, addToDayAndTotalStatements, createStorageCounters, dayKey, secondsToNextUtcDay, subtractStatements, TOTAL_KEY, utcDay, type AddedTo } from './storage-counters'
import { storageFull, StorageQuotaError } from './storage-errors'

/** A texture PNG a request would store. */
export interface NewPng {
  textureHash: string
  png: Uint8Array
}

/** Bytes reserved for one request; stores its images and gives back what it did not use. */
export interface StorageHold {
  /** Stores the texture PNG (reserved, or stored already when reserved). */
  store(image: NewPng): Promise<void>
  /** Gives back every reservation not used by {@link StorageHold.store}. */
  release(): Promise<void>
}

/** Dependencies of {@link createStorageMeter}. */
export interface StorageMeterDeps {
  sql: SqlClient
  blobs: BlobStore
  /** Bytes the instance may store; 0 = no limit. */
  budgetBytes: number
  now: () => number
}

/**
 * Whose day counter a request spends, like its rate-limit bucket: a user (with all of their keys, so
 * new keys do not make new quotas), a key; for anonymous callers the address before the client cookie,
 * which a client can set or drop at will (one address gets one quota), and a cookie only when it was
 * not issued with this very request (else dropping cookies would mean a fresh quota each time).
 */
export function storageOwner(who: Pick<Identity, 'kind' | 'userId' | 'apiKeyId' | 'clientId' | 'ip'>, cookieIssued: boolean): string {
  if (who.kind !== 'anonymous') return identityKey(who) ?? 'anonymous'
  if (who.ip) return `ip:${who.ip}`
  return who.clientId && !cookieIssued ? `client:${who.clientId}` : 'anonymous'
}

/** Creates the meter. */
export function createStorageMeter(deps: StorageMeterDeps) {
  const { blobs, budgetBytes: budget } = deps
  const counters = createStorageCounters(deps.sql)
  let started: Promise<void> | null = null
  /** The total starts from what is really stored when it has no row yet (existing instances start right). */
  const start = () =>
    (started ??= (async () => {
      if ((await counters.value(TOTAL_KEY)) === null) await counters.startTotal(await blobs.usage())
    })().catch((e: unknown) => {
      started = null
      throw e
    }))
  let droppedBefore = ''

  /** Stores `png` without a reservation and counts it when new (accepted work: never refused). */
  const put = async (key: string, png: Uint8Array) => {
    await start()
    if (await blobs.put(key, png, 'image/png')) await counters.addToTotal(png.length, 0)
  }

  /**
   * Adds the bytes of `wanted` (key → bytes) to the day counter `day` and to the total, and returns what
   * it reserved. Optimistic: the images are nearly always new (the generator dedupes before it stores),
   * so both counters are raised in one batch without asking the store first, and only a refusal looks
   * at what is stored already: images stored cost nothing, also when full, so those are dropped and the
   * rest tried again. A full instance answers 507 whatever the caller's quota.
   */
  const admit = async (who: Pick<Identity, 'grants'>, day: string, now: number, wanted: Map<string, number>, first?: AddedTo): Promise<Map<string, number>> => {
    const limit = who.grants.storage_per_day * 1024
    let reserved = wanted
    let restarted = false
    let checkedStore = false
    // The first try's outcome when it rode in the caller's own batch (`reserveAlong`).
    let tried = first
    for (;;) {
      const need = bytesOf(reserved)
      if (need === 0) return reserved
      const added = tried ?? (await counters.addToDayAndTotal(day, need, limit, budget))
      tried = undefined
      if (added.day && added.total) return reserved
      // Take back the half that passed.
      if (added.day) await counters.subtract([day], need)
      if (added.total) await counters.subtract([TOTAL_KEY], need)
      if (!added.total && !restarted && (await counters.value(TOTAL_KEY)) === null) {
        // The row was removed to be counted again (docs/operations.md "Storage budget and quotas"): start anew.
        restarted = true
        started = null
        await start()
        continue
      }
      if (!checkedStore) {
        checkedStore = true
        const fresh = new Map<string, number>()
        for (const [key, bytes] of reserved) if (!(await blobs.has(key))) fresh.set(key, bytes)
        if (fresh.size < reserved.size) {
          reserved = fresh
          continue
        }
      }
      if (!added.total) throw storageFull(budget)
      const used = (await counters.value(day)) ?? 0
      throw new StorageQuotaError(who.grants.storage_per_day, Math.ceil(used / 1024), secondsToNextUtcDay(now))
    }
  }

  /** Yesterday's counters limit no one any more: dropped once a day, so the table stays small. */
  const dropOldDays = async (now: number) => {
    if (utcDay(now) === droppedBefore) return
    droppedBefore = utcDay(now)
    await counters.dropDaysBefore(now)
  }

  /** The hold over what {@link admit} reserved on the day counter `day` and the total. */
  const holdOf = (reserved: Map<string, number>, day: string): StorageHold => {
    const giveBack = (bytes: number) => counters.subtract([TOTAL_KEY, day], bytes)
    return {
      async store({ textureHash, png }) {
        const key = textureKey(textureHash)
        const bytes = reserved.get(key)
        if (bytes === undefined) return put(key, png)
        reserved.delete(key)
        let stored: boolean
        try {
          stored = await blobs.put(key, png, 'image/png')
        } catch (e) {
          await giveBack(bytes)
          throw e
        }
        // Another request stored the same image first; its reservation is the one that counts.
        if (!stored) await giveBack(bytes)
      },
      async release() {
        const left = bytesOf(reserved)
        reserved.clear()
        if (left > 0) await giveBack(left)
      },
    }
  }

  /** What one request asks to store, by blob key (an image once however often it comes). */
  const wantedOf = (images: readonly NewPng[]) => {
    const wanted = new Map<string, number>()
    for (const { textureHash, png } of images) {
      const key = textureKey(textureHash)
      if (!wanted.has(key)) wanted.set(key, png.length)
    }
    return wanted
  }

  const meter = {
    /**
     * Reserves room for the images of one request (a batch: all of its items, all or nothing) on the
     * day counter of `owner` ({@link storageOwner}) and returns the hold that stores them; 507
     * `storage_full` or 429 `storage_quota` before anything is written when they do not fit.
     */
    async reserve(who: Pick<Identity, 'grants'>, owner: string, images: readonly NewPng[]): Promise<StorageHold> {
      await start()
      const now = deps.now()
      await dropOldDays(now)
      const day = dayKey(now, owner)
      return holdOf(await admit(who, day, now, wantedOf(images)), day)
    },
    /**
     * {@link reserve}, its first try sent in a batch of the caller's own, before the caller knows whether
     * it needs the room (a single upload: with its duplicate lookup, one round trip for both; the image
     * is nearly always new). `statements` raise the day counter and the total as `reserve` would; with
     * their results (in order) `hold` gives what `reserve` would have given (the slow way when either was
     * refused: 507, 429, or images found stored already), and `giveBack` the statements that take back
     * what they raised when the room is not needed after all (a duplicate, a request refused for another
     * reason), for the caller's next batch or one of their own.
     */
    async reserveAlong(who: Pick<Identity, 'grants'>, owner: string, images: readonly NewPng[]): Promise<ReservationAlong> {
      await start()
      const now = deps.now()
      await dropOldDays(now)
      const day = dayKey(now, owner)
      const wanted = wantedOf(images)
      const need = bytesOf(wanted)
      const statements = need === 0 ? [] : addToDayAndTotalStatements(day, need, who.grants.storage_per_day * 1024, budget)
      const outcome = (results: readonly SqlBatchResult[]): AddedTo => (need === 0 ? { day: true, total: true } : addedTo(results))
      // Settled once, either way: `hold` takes back itself what a half-refused first try raised.
      let settled = false
      const settle = () => {
        if (settled) throw new Error('this reservation was settled already')
        settled = true
      }
      return {
        statements,
        async hold(results) {
          settle()
          return holdOf(await admit(who, day, now, wanted, outcome(results)), day)
        },
        giveBack(results) {
          settle()
          if (need === 0) return []
          const raised = outcome(results)
          return subtractStatements([...(raised.day ? [day] : []), ...(raised.total ? [TOTAL_KEY] : [])], need)
        },
      }
    },
    /** Stores a texture PNG of accepted work (a signed job, a demo skin): counted, never refused. */
    storeTexture: (textureHash: string, png: Uint8Array): Promise<void> => put(textureKey(textureHash), png),
    /** Bytes stored, as counted (null before the first image went through the meter). */
    totalBytes: () => counters.value(TOTAL_KEY),
  }
  return meter
}

/** Bytes of every image of `images` (blob key → bytes). */
const bytesOf = (images: Map<string, number>): number => [...images.values()].reduce((a, b) => a + b, 0)

/** A reservation whose first try rides in the caller's batch (`StorageMeter.reserveAlong`). */
export interface ReservationAlong {
  /** The first try: for the caller's batch, in this order. */
  statements: SqlStatement[]
  /** The hold, from the results of {@link ReservationAlong.statements} (in order); 507 or 429 when the images do not fit. */
  hold(results: readonly SqlBatchResult[]): Promise<StorageHold>
  /**
   * Statements that take back what the first try raised (from its results), when the room is not needed.
   * A reservation is settled once: by `hold` or by `giveBack`, never both.
   */
  giveBack(results: readonly SqlBatchResult[]): SqlStatement[]
}

/** The storage meter type. */
export type StorageMeter = ReturnType<typeof createStorageMeter>
