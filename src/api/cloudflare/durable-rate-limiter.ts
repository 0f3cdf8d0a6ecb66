/**
 * The RateLimiter on a Durable Object namespace: each call goes to the object that
 * holds the key (one of `shards` named objects), which counts atomically. Plain RPC calls, no
 * `cloudflare:workers` import, so services can be wired with it from any module.
 * @module
 */
import type { DurableObjectNamespace } from '@cloudflare/workers-types'
import type { RateLimiter } from '../../shared/rate-limiter'
import type { RateLimitObject } from './rate-limit-object'
import { shardName } from './shard'

/** Options of {@link durableRateLimiter}. */
export interface DurableRateLimiterOptions {
  /**
   * Objects the keys are spread over (default 64). Each object handles its keys one call at a time;
   * more shards, more parallel throughput. Changing it moves keys, which resets their current windows.
   */
  shards?: number
}

/** A RateLimiter whose buckets live in the `RateLimitObject`s of `namespace`. */
export function durableRateLimiter(namespace: DurableObjectNamespace<RateLimitObject>, opts: DurableRateLimiterOptions = {}): RateLimiter {
  const shards = opts.shards ?? 64
  const stub = (key: string) => namespace.get(namespace.idFromName(shardName('rate', key, shards)))
  return {
    hit: (key, grants, now, o) => stub(key).hit(key, grants, now, o ?? {}),
    peek: (key, grants, now) => stub(key).peek(key, grants, now),
  }
}
