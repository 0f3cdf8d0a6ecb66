/**
 * Sealing pool-account tokens at rest: the MSA refresh token, the Minecraft access
 * token and a pending device code are stored AES-256-GCM encrypted, so the database file, its WAL and
 * every backup snapshot hold no token bytes. WebCrypto only, so the same code runs on Bun and on
 * Workers. The key is derived with HKDF-SHA-256 from a secret (`POOL_TOKEN_KEY`, or the key file
 * `<DATA_DIR>/pool-token.key` made on first start, see ./token-key-file.ts).
 *
 * A sealed value is `g1.<iv>.<ciphertext>` (base64url). The row it belongs to is the additional data,
 * so a sealed token copied into another account's row does not open there.
 * @module
 */

/** Prefix of sealed values; a stored token without it was written before sealing existed. */
export const SEALED_PREFIX = 'g1.'

/** Seals and opens token strings. */
export interface TokenBox {
  /** Encrypts `plain` for the row named by `context` (e.g. `accounts:<id>:access`). */
  seal(plain: string, context: string): Promise<string>
  /** Decrypts a sealed value; throws when it was sealed with another key or for another context. */
  open(sealed: string, context: string): Promise<string>
}

const encoder = new TextEncoder()
const b64url = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
const fromB64url = (text: string) => Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0))

/** True when `value` is a sealed token (not one stored in clear by an older version). */
export const isSealed = (value: string) => value.startsWith(SEALED_PREFIX)

/** Builds the box over a secret of at least 32 characters. */
export async function createTokenBox(secret: string): Promise<TokenBox> {
  if (secret.length < 32) throw new Error('The pool token key must be at least 32 characters')
  const material = await crypto.subtle.importKey('raw', encoder.encode(secret), 'HKDF', false, ['deriveKey'])
  const key = await crypto.subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: encoder.encode('ssg-pool-token-box'), info: encoder.encode('aes-256-gcm v1') },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  )
  return {
    async seal(plain, context) {
      const iv = crypto.getRandomValues(new Uint8Array(12))
      const data = await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: encoder.encode(context) }, key, encoder.encode(plain))
      return `${SEALED_PREFIX}${b64url(iv)}.${b64url(new Uint8Array(data))}`
    },
    async open(sealed, context) {
      const [, iv, data] = sealed.split('.')
      if (!isSealed(sealed) || !iv || !data) throw new Error('Not a sealed token')
      const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: fromB64url(iv), additionalData: encoder.encode(context) }, key, fromB64url(data))
      return new TextDecoder().decode(plain)
    },
  }
}

/** The additional data of a pool account's token column. */
export const accountTokenContext = (accountId: string, column: 'access' | 'refresh') => `accounts:${accountId}:${column}`
/** The additional data of a pending sign-in's device code. */
export const signInContext = (signInId: string) => `pool_sign_ins:${signInId}`
