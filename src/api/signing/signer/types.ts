/**
 * The signer interface every signing back end implements (DESIGN.md §1 "Signing is an interface",
 * api-contract "P"): given a normalised skin, produce a `textures` property value + signature.
 * @module
 */
import type { SkinVariant } from '../../image/variant'

/** What to sign: the re-encoded PNG, its texture hash and the arm model, optionally a cape. */
export interface SignRequest {
  png: Uint8Array
  textureHash: string
  variant: SkinVariant
  cape?: { uuid: string; textureHash: string }
}

/** A signed `textures` property and what it points at. */
export interface SignedTexture {
  value: string
  signature: string
  /** The texture hash that is in the signed URL (for local: equals request hash; for mojang: read back from Mojang). */
  textureHash: string
  textureUrl: string
  capeHash?: string
  capeUrl?: string
  /** Who signed: first 16 chars of the account uuid for mojang, 'local' for local, upstream's for upstream. */
  account: string
  server: string
}

/** A signing back end. */
export interface Signer {
  readonly kind: 'local' | 'mojang' | 'upstream'
  /** Signs `req`; throws ApiError (skin_change_failed, no_account_available, upstream errors with source UPSTREAM). */
  sign(req: SignRequest): Promise<SignedTexture>
  /** Public key published by the API (local: SPKI PEM; others: null). */
  publicKeyPem(): Promise<string | null>
}
