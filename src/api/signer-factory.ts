/**
 * Picks the signer named by `SIGNER` (DESIGN.md §1): `local` (RSA key in DATA_DIR, the default),
 * `mojang` (the `accounts` table as the account pool) or `upstream` (another MineSkin-compatible
 * API with a key).
 * @module
 */
import type { ApiConfig } from './config'
import { ApiError } from './errors'
import { createLocalSigner } from './signer/local-signer'
import type { Signer } from './signer/types'
import type { Db } from './store/db'

/** Builds the configured signer. */
export async function createSigner(config: ApiConfig, deps: { db: Db; now: () => number; fetch?: typeof fetch }): Promise<Signer> {
  switch (config.signer) {
    case 'local':
      return createLocalSigner({ dataDir: config.dataDir, textureBaseUrl: config.textureBaseUrl, now: deps.now })
    default:
      throw new ApiError('service_unavailable', `Signer ${config.signer} is not available yet`, 503, 'SERVER')
  }
}
