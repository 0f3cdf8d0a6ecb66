/**
 * The `id:` of job events as a client sees it: the log row's id sealed into an opaque token, so the
 * ids a caller gets tell nothing of other callers' jobs (the log's ids count the whole server's job
 * changes; raw, their gaps and the `ready` cursor would show how busy the instance is).
 *
 * The token is the row id as 8 big-endian bytes encrypted as one AES-128 block (AES-CBC with a zero
 * IV over a single block is the block cipher itself, a keyed permutation; the padding block makes a
 * forged token fail to open), in base64url: 22 characters. The key is derived from the API's session
 * secret (HMAC-SHA256 with a label of its own), so every process of a deployment reads every other's
 * ids and a token from another deployment opens to nothing. WebCrypto only: the same on Bun and Workers.
 * @module
 */

/** A token this codec made: 16 bytes in unpadded base64url. */
export const SEALED_EVENT_ID = /^[A-Za-z0-9_-]{22}$/

const LABEL = 'skin-signature-generator job event ids v1'
const ZERO_IV = new Uint8Array(16)

const base64url = (bytes: Uint8Array): string => btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  const raw = atob(text.replace(/-/g, '+').replace(/_/g, '/'))
  return Uint8Array.from(raw, (ch) => ch.charCodeAt(0))
}

/** Makes the codec of `secret` (the API session secret). */
export function createEventIds(secret: string) {
  let key: Promise<CryptoKey> | undefined
  const keyOf = () =>
    (key ??= (async () => {
      const hmac = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
      const derived = new Uint8Array(await crypto.subtle.sign('HMAC', hmac, new TextEncoder().encode(LABEL))).slice(0, 16)
      return crypto.subtle.importKey('raw', derived, { name: 'AES-CBC' }, false, ['encrypt', 'decrypt'])
    })())
  return {
    /** The token of row id `id` (a whole number ≥ 0). */
    async seal(id: number): Promise<string> {
      const plain = new Uint8Array(8)
      new DataView(plain.buffer).setBigUint64(0, BigInt(id))
      const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-CBC', iv: ZERO_IV }, await keyOf(), plain))
      return base64url(sealed)
    },
    /** The row id of `token`, or null when this codec did not make it. */
    async open(token: string): Promise<number | null> {
      if (!SEALED_EVENT_ID.test(token)) return null
      try {
        const plain = new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-CBC', iv: ZERO_IV }, await keyOf(), fromBase64url(token)))
        if (plain.length !== 8) return null
        const id = new DataView(plain.buffer).getBigUint64(0)
        return id <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(id) : null
      } catch {
        return null
      }
    },
  }
}

/** The codec. */
export type EventIds = ReturnType<typeof createEventIds>
