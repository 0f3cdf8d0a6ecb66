/**
 * On-the-fly compression of the Bun process's dynamic answers — pages, API JSON, text
 * (docs/performance.md "Compression"). Used only by src/server/bun.ts: on Workers the CDN compresses.
 * Static files are not passed here; they come with the build's precompressed copies
 * (src/server/static/static-files.ts).
 *
 * Brotli at quality 4 for clients that take it, gzip level 6 for the others. Measured on the 25 KB
 * `/skins` page (2 busy cores, best of 20 rounds): Brotli 4 → 5.8 KB in ~0.33 ms with a window fitted
 * to the body (~0.43 ms with the default 4 MB window, whose allocation dominates), gzip 6 → 6.1 KB in
 * ~0.36 ms, Brotli 5 → 5.6 KB in ~0.53 ms, gzip 1 → 8.3 KB in ~0.06 ms. Skipped: HEAD, 204/206/304, bodies under 1 KB, types
 * not in the list, answers with a Content-Encoding already, and `Cache-Control: no-transform`
 * (RFC 9111 §5.2.2.6).
 * @module
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { negotiateEncoding, type Coding } from './negotiate-encoding'

/** Types worth compressing (JavaScript only comes as static files, precompressed). */
const COMPRESSIBLE = new Set(['text/html', 'application/json', 'text/css', 'text/plain', 'image/svg+xml', 'application/problem+json', 'application/manifest+json'])

/** Options, with the defaults the Bun entry uses. */
export interface CompressOptions {
  /** Smaller bodies are sent as they are: the coding overhead eats the gain. */
  minBytes?: number
  brotliQuality?: number
  gzipLevel?: number
}

export const DEFAULT_COMPRESS_OPTIONS: Required<CompressOptions> = { minBytes: 1024, brotliQuality: 4, gzipLevel: 6 }

/** Whether a response of this status and these headers may be compressed at all. */
function compressible(response: Response): boolean {
  if (!response.body || response.status === 204 || response.status === 206 || response.status === 304 || response.status < 200) return false
  const headers = response.headers
  if (headers.has('content-encoding')) return false
  if (/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(headers.get('cache-control') ?? '')) return false
  const type = headers.get('content-type')?.split(';')[0]?.trim().toLowerCase()
  return !!type && COMPRESSIBLE.has(type)
}

/** `Vary` with `Accept-Encoding` added, keeping what was there. */
function withVary(vary: string | null): string {
  if (!vary) return 'Accept-Encoding'
  const names = vary.split(',').map((v) => v.trim().toLowerCase())
  return names.includes('accept-encoding') || names.includes('*') ? vary : `${vary}, Accept-Encoding`
}

/** The smallest Brotli window (2^16 … 2^22 bytes) that holds the whole body: same output, less to allocate. */
const windowBits = (length: number) => Math.min(22, Math.max(16, Math.ceil(Math.log2(length + 1))))

/** `bytes` in `coding`. */
export function encode(bytes: Uint8Array, coding: Coding, options: Required<CompressOptions> = DEFAULT_COMPRESS_OPTIONS): Uint8Array<ArrayBuffer> {
  // zlib's sync calls answer Buffers over their own (never shared) ArrayBuffer.
  if (coding === 'gzip') return gzipSync(bytes, { level: options.gzipLevel }) as Uint8Array<ArrayBuffer>
  return brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: options.brotliQuality,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_LGWIN]: windowBits(bytes.length),
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  }) as Uint8Array<ArrayBuffer>
}

/** A copy of `response` with `headers` and `body`. */
const rebuilt = (response: Response, body: BodyInit | null, headers: Headers) => new Response(body, { status: response.status, statusText: response.statusText, headers })

/** `response` compressed for `request` when it should be; see the module comment. */
export async function compressResponse(request: Request, response: Response, options: CompressOptions = {}): Promise<Response> {
  if (request.method === 'HEAD' || !compressible(response)) return response
  const settings = { ...DEFAULT_COMPRESS_OPTIONS, ...options }
  const length = response.headers.get('content-length')
  if (length !== null && Number(length) < settings.minBytes) return response
  const headers = new Headers(response.headers)
  // The answer depends on Accept-Encoding for every client, also the one that gets it plain.
  headers.set('Vary', withVary(headers.get('vary')))
  const coding = negotiateEncoding(request.headers.get('accept-encoding'))
  if (!coding) return rebuilt(response, response.body, headers)
  const bytes = new Uint8Array(await response.arrayBuffer())
  if (bytes.length < settings.minBytes) return rebuilt(response, bytes, headers)
  const encoded = encode(bytes, coding, settings)
  if (encoded.length >= bytes.length) return rebuilt(response, bytes, headers)
  headers.set('Content-Encoding', coding)
  headers.set('Content-Length', String(encoded.length))
  // A strong validator names exact bytes; the encoded bytes differ (RFC 9110 §8.8.3.3).
  const etag = headers.get('etag')
  if (etag && !etag.startsWith('W/')) headers.set('ETag', `W/${etag}`)
  return rebuilt(response, encoded, headers)
}
