/**
 * The PNG signature and the size in the IHDR, read from a file's first 24 bytes (PNG spec §5.2,
 * §5.6: IHDR is always the first chunk, so width and height sit at bytes 16–23). Light on purpose:
 * the generate form imports it in the browser to check a picked file before uploading it.
 * @module
 */

/** The 8-byte PNG signature (§5.2). */
export const PNG_SIGNATURE = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)

/** Bytes {@link peekPngSize} needs: signature, IHDR length and type, width, height. */
export const PNG_HEAD_BYTES = 24

/** True when `bytes` starts with the PNG signature. */
export function hasPngSignature(bytes: Uint8Array): boolean {
  return bytes.length >= 8 && PNG_SIGNATURE.every((v, i) => bytes[i] === v)
}

/** Width and height from the IHDR when `head` starts with the signature and an IHDR chunk, else null. Checks nothing else. */
export function peekPngSize(head: Uint8Array): { width: number; height: number } | null {
  if (head.length < PNG_HEAD_BYTES || !hasPngSignature(head)) return null
  if (String.fromCharCode(head[12]!, head[13]!, head[14]!, head[15]!) !== 'IHDR') return null
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength)
  return { width: view.getUint32(16), height: view.getUint32(20) }
}
