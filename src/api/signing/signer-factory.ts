/**
 * Picks the signer named by `SIGNER` (DESIGN.md §1): `local` (RSA key in DATA_DIR, the default),
 * `mojang` (the `accounts` table as the account pool) or `upstream` (another MineSkin-compatible
 * API with a key).
 * @module
 */
import type { ApiConfig } from '../config'
import { mojangSignerConfig } from './signer/mojang-signer-config'
import type { SigningPool } from './pool/signing-pool'
import { createLocalSigner, createMojangSigner, createUpstreamSigner, type Signer } from './signer'

/** Builds the configured signer. */
export async function createSigner(config: ApiConfig, deps: { signingPool: Pick<SigningPool, 'pool'>; now: () => number; fetch?: typeof fetch }): Promise<Signer> {
  const fetchOpt = deps.fetch ? { fetch: deps.fetch } : {}
  switch (config.signer) {
    case 'local':
      return createLocalSigner({ dataDir: config.dataDir, textureBaseUrl: config.textureBaseUrl, now: deps.now })
    case 'mojang':
      return createMojangSigner(mojangSignerConfig(config, deps.signingPool, deps.now, deps.fetch))
    case 'upstream':
      if (!config.upstream.origin) throw new Error('SIGNER=upstream needs UPSTREAM_ORIGIN')
      return createUpstreamSigner({ origin: config.upstream.origin, apiKey: config.upstream.apiKey, now: deps.now, ...fetchOpt })
  }
}

