/**
 * The SpentProofStore on a Durable Object namespace: each proof id goes to the one
 * object of its shard, which records it atomically. No `cloudflare:workers` import.
 * @module
 */
import type { DurableObjectNamespace } from '@cloudflare/workers-types'
import type { SpentProofStore } from '../antibot/spent-proof-store'
import type { SpentProofObject } from './spent-proof-object'
import { shardName } from './shard'

/** A SpentProofStore over the `SpentProofObject`s of `namespace`, spread over `shards` objects (default 16). */
export function durableSpentProofStore(namespace: DurableObjectNamespace<SpentProofObject>, opts: { shards?: number } = {}): SpentProofStore {
  const shards = opts.shards ?? 16
  return {
    spend: (id, expiresAt) => namespace.get(namespace.idFromName(shardName('spent', id, shards))).spend(id, expiresAt),
  }
}
