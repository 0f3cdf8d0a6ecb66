/**
 * CSP nonces (CSP3 nonce-source), for the web app's pages and the account site's pages alike.
 * @module
 */

/** 128 random bits, base64; a fresh one per response. */
export function createNonce(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))))
}
