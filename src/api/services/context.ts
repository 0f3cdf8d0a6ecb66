/**
 * Everything the services and routes of the embedded API share, built once by `createEmbeddedApi`.
 * No globals: tests build their own context with their own clock, data dir and stand-ins.
 * @module
 */
import type { AntiBotVerifier } from '../antibot/verifier'
import type { BlobStore } from '../blob/blob-store'
import type { ApiConfig } from '../config'
import type { FetchedImage } from '../fetch'
import type { IdentityResolver } from '../users/identity'
import type { RateLimiter } from '../../shared/rate-limiter'
import type { ProfileService } from '../profiles'
import type { Signer } from '../signing/signer'
import type { Store } from '../store/db'
import type { SigningPool } from '../signing/pool/signing-pool'
import type { EventIds } from '../jobs/events/event-ids'

/** Shared dependencies of the API. */
export interface ApiContext {
  config: ApiConfig
  store: Store
  blobs: BlobStore
  signer: Signer
  profiles: ProfileService
  /** SSRF-safe fetch of a user-supplied image URL. */
  fetchImage: (url: string) => Promise<FetchedImage>
  /** Downloads a texture by hash from the configured texture host (trusted, bounded). */
  fetchTexture: (hash: string) => Promise<Uint8Array>
  antibot: AntiBotVerifier
  limiter: RateLimiter
  resolveIdentity: IdentityResolver
  /** Seals the ids of the job event stream (../jobs/events/event-ids.ts), keyed by the session secret. */
  eventIds: EventIds
  now: () => number
  random: () => number
  /** Name of this worker in `generator.worker`. */
  workerName: string
  /**
   * The Mojang signing pool when it signs (SIGNER=mojang): `/v2/delay`, job `eta` and the queue's
   * concurrency follow its capacity instead of constants.
   */
  signingPool?: Pick<SigningPool, 'capacity' | 'lastCapacity' | 'ownedCapes'>
}
