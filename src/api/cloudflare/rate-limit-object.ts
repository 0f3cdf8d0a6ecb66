/**
 * The rate limiter's state on Workers: a Durable Object holding the buckets of the
 * keys that hash to it (src/api/cloudflare/shard.ts). An object runs one call at a time and its SQLite
 * storage is synchronous, so a hit's read-count-write is atomic: 40 concurrent requests from any
 * number of isolates against a limit of 25 get exactly 25 through. The object only stores buckets;
 * the window arithmetic is src/shared/rate-window.ts, the same the in-memory limiter runs, so both give
 * identical results and headers. Imports `cloudflare:workers`: only a Worker entry may import this file.
 * @module
 */
import type { DurableObjectState } from '@cloudflare/workers-types'
import { DurableObject } from 'cloudflare:workers'
import type { RateLimitInfo } from '../../shared/schemas/api'
import { applyHit, bucketInfo, HOUR, MINUTE, rollBucket, type HitOptions, type LimitGrants, type RateBucket, type RateLimitResult } from '../../shared/rate-window'

interface BucketRow extends Record<string, number | string> {
  minute_start: number
  minute_count: number
  hour_start: number
  hour_count: number
  last: number
}

/** Durable Object class of the limiter; bind it as `[[durable_objects.bindings]]` with a `new_sqlite_classes` migration. */
export class RateLimitObject extends DurableObject<unknown> {
  /** When buckets of past hours were last dropped (ms, this instance's memory; at most once a minute). */
  #prunedAt = 0

  constructor(ctx: DurableObjectState, env: unknown) {
    super(ctx, env)
    ctx.storage.sql.exec(
      `CREATE TABLE IF NOT EXISTS buckets (key TEXT PRIMARY KEY, minute_start INTEGER NOT NULL, minute_count INTEGER NOT NULL,
        hour_start INTEGER NOT NULL, hour_count INTEGER NOT NULL, last INTEGER NOT NULL);
       CREATE INDEX IF NOT EXISTS buckets_hour ON buckets (hour_start);`,
    )
  }

  /** RPC: counts `opts.count` requests of `key` when allowed (see RateLimiter.hit). */
  hit(key: string, grants: LimitGrants, now: number, opts: HitOptions = {}): RateLimitResult {
    this.#prune(now)
    const bucket = this.#load(key, now)
    const result = applyHit(bucket, grants, now, opts)
    this.ctx.storage.sql.exec(
      `INSERT INTO buckets (key, minute_start, minute_count, hour_start, hour_count, last) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (key) DO UPDATE SET minute_start = excluded.minute_start, minute_count = excluded.minute_count,
         hour_start = excluded.hour_start, hour_count = excluded.hour_count, last = excluded.last`,
      key,
      bucket.minuteStart,
      bucket.minuteCount,
      bucket.hourStart,
      bucket.hourCount,
      bucket.last,
    )
    return result
  }

  /** RPC: the state of `key` without counting. */
  peek(key: string, grants: LimitGrants, now: number): RateLimitInfo {
    return bucketInfo(this.#load(key, now), grants, now)
  }

  #load(key: string, now: number): RateBucket {
    const row = this.ctx.storage.sql.exec<BucketRow>('SELECT minute_start, minute_count, hour_start, hour_count, last FROM buckets WHERE key = ?', key).toArray()[0]
    const stored = row && { minuteStart: row.minute_start, minuteCount: row.minute_count, hourStart: row.hour_start, hourCount: row.hour_count, last: row.last }
    return rollBucket(stored, now)
  }

  /** Drops buckets whose hour has passed: they count nothing any more, and storage stays small. */
  #prune(now: number) {
    if (now - this.#prunedAt < MINUTE) return
    this.#prunedAt = now
    this.ctx.storage.sql.exec('DELETE FROM buckets WHERE hour_start < ?', now - HOUR)
  }
}
