/**
 * PEM armour for DER keys (RFC 7468): SPKI "PUBLIC KEY" and PKCS#8 "PRIVATE KEY".
 * @module
 */

/** PEM labels we read and write. */
export type PemLabel = 'PUBLIC KEY' | 'PRIVATE KEY'

/** Wraps DER bytes in a PEM block with 64-character lines. */
export function toPem(der: ArrayBuffer | Uint8Array, label: PemLabel): string {
  const bytes = der instanceof Uint8Array ? der : new Uint8Array(der)
  let binary = ''
  for (const b of bytes) binary += String.fromCharCode(b)
  const body = btoa(binary).replace(/.{1,64}/g, '$&\n')
  return `-----BEGIN ${label}-----\n${body}-----END ${label}-----\n`
}

/** Extracts the DER bytes of the first `label` block; throws when there is none. */
export function fromPem(pem: string, label: PemLabel): Uint8Array<ArrayBuffer> {
  const m = pem.match(new RegExp(`-----BEGIN ${label}-----([A-Za-z0-9+/=\\s]+)-----END ${label}-----`))
  if (!m) throw new Error(`No ${label} block in PEM`)
  return Uint8Array.from(atob(m[1]!.replace(/\s+/g, '')), (c) => c.charCodeAt(0))
}
