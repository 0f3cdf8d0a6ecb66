/**
 * Picks the signer named by `SIGNER` (DESIGN.md §1): `local` (RSA key in DATA_DIR, the default),
 * `mojang` (the `accounts` table as the account pool) or `upstream` (another MineSkin-compatible
 * API with a key).
 * @module
 */
import type { ApiConfig } from './config'
import { createDbAccountPool } from './pool/db-account-pool'
import type { SqlClient } from './store/sql'
import { createLocalSigner, createMojangSigner, createUpstreamSigner, type Signer } from './signer'

/** Builds the configured signer. */
export async function createSigner(config: ApiConfig, deps: { sql: SqlClient; now: () => number; fetch?: typeof fetch }): Promise<Signer> {
  const fetchOpt = deps.fetch ? { fetch: deps.fetch } : {}
  switch (config.signer) {
    case 'local':
      return createLocalSigner({ dataDir: config.dataDir, textureBaseUrl: config.textureBaseUrl, now: deps.now })
    case 'mojang':
      return createMojangSigner({
        pool: createDbAccountPool(deps.sql),
        servicesBase: config.mojang.servicesBase,
        sessionBase: config.mojang.sessionBase,
        now: deps.now,
        ...fetchOpt,
      })
    case 'upstream':
      if (!config.upstream.origin) throw new Error('SIGNER=upstream needs UPSTREAM_ORIGIN')
      return createUpstreamSigner({ origin: config.upstream.origin, apiKey: config.upstream.apiKey, now: deps.now, ...fetchOpt })
  }
}
