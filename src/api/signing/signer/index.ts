/**
 * Signers of the embedded API behind one interface: local (own RSA key), mojang (pooled Minecraft
 * accounts), upstream (another MineSkin-compatible API) (api-contract "P").
 * @module
 */
export type { SignedTexture, Signer, SignRequest } from './types'
export { createLocalSigner, SIGNING_KEY_FILE, type LocalSignerConfig } from './local-signer'
export { createSecretSigner, signerFromEnv, SIGNING_KEY_SECRET } from './secret-signer'
export { createMojangSigner, type MojangSignerConfig } from './mojang-signer'
export { createUpstreamSigner, type UpstreamSignerConfig } from './upstream-signer'
export { ACCOUNT_TYPES, minecraftAccountSchema, TOKEN_SOURCES, type MinecraftAccount } from './account'
export {
  applyOutcome,
  createMemoryAccountPool,
  DEFAULT_POOL_OPTIONS,
  isAccountUsable,
  type AccountOutcome,
  type AccountPool,
  type AccountPoolOptions,
} from './account-pool'
