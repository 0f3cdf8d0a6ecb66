/**
 * The wardrobe built from the API's configuration, the same way on Bun and on the account Worker:
 * the signing pool's Microsoft chain and token key, Mojang's services host and the pool's pacing.
 * @module
 */
import type { ApiConfig } from '../config'
import { authForFlow } from '../signing/pool/signing-pool'
import type { TokenBox } from '../signing/pool/token-box'
import type { Db } from '../store/db'
import type { SqlClient } from '../store/sql'
import { createWardrobe, type Wardrobe } from './wardrobe'

/** What the platform provides. */
export interface WardrobePlatform {
  sql: SqlClient
  db: Db
  box: TokenBox
  /** A stored texture PNG by texture hash, or null. */
  loadTexture: (hash: string) => Promise<Uint8Array | null>
  purge?: () => Promise<void>
  fetch?: typeof fetch
  now?: () => number
}

/** Builds the wardrobe over `config`. */
export function wardrobeFromConfig(config: Pick<ApiConfig, 'pool' | 'mojang'>, platform: WardrobePlatform): Wardrobe {
  const auth = { ...config.pool.auth, ...(platform.fetch ? { fetch: platform.fetch } : {}) }
  return createWardrobe({
    sql: platform.sql,
    db: platform.db,
    box: platform.box,
    authFor: authForFlow(auth),
    flow: auth.flow,
    servicesBase: config.mojang.servicesBase,
    rules: config.pool.rotation,
    loadTexture: platform.loadTexture,
    ...(platform.purge ? { purge: platform.purge } : {}),
    ...(platform.fetch ? { fetch: platform.fetch } : {}),
    now: platform.now ?? Date.now,
  })
}
