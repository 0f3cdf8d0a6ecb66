/**
 * The mojang signer's settings from config (rotation and URL-check defaults from
 * MineSkin, all `POOL_*` variables; the key signatures must verify against, `MOJANG_SIGNATURE_KEY`),
 * shared by Bun's signer factory and the API Worker, so both check signatures alike. Kept apart
 * from the signer barrel, which loads the file-key signer (node:fs) the Worker must not bundle.
 * @module
 */
import type { ApiConfig } from '../../config'
import type { SigningPool } from '../pool/signing-pool'
import type { MojangSignerConfig } from './mojang-signer'

/** The mojang signer's configuration over `signingPool`. */
export function mojangSignerConfig(config: ApiConfig, signingPool: Pick<SigningPool, 'pool'>, now: () => number, fetch?: typeof globalThis.fetch): MojangSignerConfig {
  return {
    pool: signingPool.pool,
    servicesBase: config.mojang.servicesBase,
    sessionBase: config.mojang.sessionBase,
    now,
    minAccountDelayMs: config.pool.rotation.minDelayMs,
    delayMarginMs: config.pool.rotation.delayMarginMs,
    signatureKeyPem: config.mojang.signatureKeyPem,
    maxWaitMs: config.pool.rotation.maxWaitMs,
    urlCheckRetries: config.pool.urlCheckRetries,
    urlCheckDelayMs: config.pool.urlCheckDelayMs,
    ...(fetch ? { fetch } : {}),
  }
}
