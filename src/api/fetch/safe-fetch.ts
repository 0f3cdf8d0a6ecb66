/**
 * SSRF-safe image download (reference mineskin-api.md §2.1 URL handler):
 * http/https only, ≤ 256 characters, page rewrites, every host resolved (all addresses) and refused
 * when any address is not public unicast, redirects followed by hand (≤ 5) with the same checks on
 * each hop, `Content-Type: image/png` required, the size limit enforced on Content-Length and again
 * while the body streams in, and one deadline (AbortSignal) over the whole operation.
 *
 * The connection goes to the addresses that were checked (./pinned-fetch.ts: the URL names the IP,
 * `Host` and the TLS server name the host), so a DNS server that answers differently on a second
 * look (rebinding) cannot point the download at a private address.
 *
 * On Cloudflare Workers the platform itself refuses connections to private and
 * loopback networks and there is no DNS API: `platformBlocksPrivate` skips the resolution (IP
 * literals are still refused here); every other rule (length, rewrites, redirects, type, size,
 * deadline) is the same. node:dns is imported only when the default resolver runs.
 * @module
 */
import { readBodyUpTo } from '../../shared/read-body'
import { MAX_SKIN_BYTES } from '../image/limits'
import { isApiError } from '../errors'
import { blockedAddressReason, isIpLiteral } from './blocked-address'
import { blockedUrlHost, invalidImageUrl } from './errors'
import { rewriteImageUrl, type RewriteContext } from './rewrite-image-url'
import { fetchPinned } from './pinned-fetch'

/** Longest accepted URL (reference mineskin-api.md §1.5). */
export const MAX_IMAGE_URL_LENGTH = 256

/** Options of {@link createSafeFetcher}. */
export interface SafeFetchOptions {
  /** Deadline for one fetcher call (DNS, redirects and body together), ms. Default 5000. */
  timeoutMs?: number
  /** Max body bytes read. Default MAX_SKIN_BYTES. */
  maxBytes?: number
  /** Max redirects followed (each re-checked). Default 5. */
  maxRedirects?: number
  /** TEST ONLY: "host:port" entries allowed even though they resolve to loopback/private. */
  allowPrivateHosts?: string[]
  /** DNS resolver (injectable for tests); default uses node:dns lookup with all addresses. */
  resolve?: (host: string) => Promise<string[]>
  /** The runtime refuses private addresses itself (Workers): host names are not resolved, IP literals still checked. */
  platformBlocksPrivate?: boolean
  /** fetch implementation (injectable). */
  fetch?: typeof fetch
  /** TEST ONLY: a PEM certificate trusted besides the system's (./pinned-fetch.ts). */
  trust?: string
  /** Where minesk.in/<id> links point (this API's texture of that skin); without it they are fetched as given. Other page rewrites always apply. */
  rewrite?: RewriteContext
  /** User-Agent sent to remote hosts. */
  userAgent?: string
}

/** A downloaded image and the URLs it came through. */
export interface FetchedImage {
  bytes: Uint8Array<ArrayBuffer>
  originalUrl: string
  /** After page rewrites. */
  requestedUrl: string
  /** After redirects. */
  finalUrl: string
}

/** Default resolver: every A and AAAA answer, in the order the system gives them. */
async function systemResolve(host: string): Promise<string[]> {
  // Loaded on first use, so a Worker bundle (which never resolves) has no node:dns import to satisfy.
  const { lookup } = await import('node:dns/promises')
  const answers = await lookup(host, { all: true, verbatim: true })
  return answers.map((a) => a.address)
}

/** "host:port" with the scheme's default port filled in, as written in `allowPrivateHosts`. */
const hostPort = (u: URL): string => `${u.hostname}:${u.port || (u.protocol === 'https:' ? '443' : '80')}`

/** Rejects when `signal` aborts; lets a resolver that ignores signals still honour the deadline. */
function abortable<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason)
    if (signal.aborted) return onAbort()
    signal.addEventListener('abort', onAbort, { once: true })
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
  })
}

/** Parses and checks scheme and credentials of a URL (the user's or a redirect target). */
function parseHttpUrl(raw: string, base?: string): URL {
  let u: URL
  try {
    u = new URL(raw, base)
  } catch {
    throw invalidImageUrl(`"${raw.slice(0, 80)}" is not a valid URL`)
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw invalidImageUrl(`only http and https URLs are allowed, not ${u.protocol}`)
  if (u.username || u.password) throw invalidImageUrl('URLs with credentials are not allowed')
  if (!u.hostname) throw invalidImageUrl('the URL has no host')
  return u
}

/** Reads the body, aborting as soon as it grows past `maxBytes`. */
async function readLimited(res: Response, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const bytes = await readBodyUpTo(res, maxBytes)
  if (bytes) return bytes
  const declared = Number(res.headers.get('content-length') ?? NaN)
  throw invalidImageUrl(
    Number.isFinite(declared) && declared > maxBytes ? `the image is ${declared} bytes; the limit is ${maxBytes} bytes` : `the image is larger than the limit of ${maxBytes} bytes`,
  )
}

/** Returns a fetcher; throws ApiError 400 `invalid_image_url` or `blocked_url_host` (see module doc). */
export function createSafeFetcher(options: SafeFetchOptions = {}): (url: string) => Promise<FetchedImage> {
  const timeoutMs = options.timeoutMs ?? 5000
  const maxBytes = options.maxBytes ?? MAX_SKIN_BYTES
  const maxRedirects = options.maxRedirects ?? 5
  const allowed = new Set(options.allowPrivateHosts ?? [])
  const resolve = options.resolve ?? systemResolve
  const doFetch = options.fetch ?? fetch
  const userAgent = options.userAgent ?? 'SkinSignatureGenerator (+image fetch)'

  /**
   * Refuses `u` unless every address its host has is public (or it is on the test allowlist); returns
   * the addresses to connect to, or null to connect as given (an IP literal, the allowlist, Workers).
   */
  async function checkHost(u: URL, signal: AbortSignal): Promise<string[] | null> {
    if (allowed.has(hostPort(u))) return null
    const host = u.hostname
    const literal = isIpLiteral(host)
    let addresses: string[]
    if (literal) {
      addresses = [host]
    } else if (options.platformBlocksPrivate) {
      return null
    } else {
      try {
        addresses = await abortable(resolve(host.replace(/\.$/, '')), signal)
      } catch (e) {
        if (signal.aborted) throw e
        throw invalidImageUrl(`the host ${host} could not be resolved`)
      }
      if (addresses.length === 0) throw invalidImageUrl(`the host ${host} has no addresses`)
    }
    for (const address of addresses) {
      const reason = blockedAddressReason(address)
      if (reason) throw blockedUrlHost(`${host} resolves to ${reason}`)
    }
    return literal ? null : addresses
  }

  async function run(originalUrl: string, signal: AbortSignal): Promise<FetchedImage> {
    if (originalUrl.length > MAX_IMAGE_URL_LENGTH) {
      throw invalidImageUrl(`the URL is ${originalUrl.length} characters; the limit is ${MAX_IMAGE_URL_LENGTH}`)
    }
    parseHttpUrl(originalUrl)
    const requestedUrl = rewriteImageUrl(originalUrl, options.rewrite)
    let current = parseHttpUrl(requestedUrl)
    for (let hop = 0; ; hop++) {
      const addresses = await checkHost(current, signal)
      let res: Response
      try {
        res = await fetchPinned(current, addresses, { redirect: 'manual', signal, headers: { accept: 'image/png', 'user-agent': userAgent } }, { fetch: doFetch, ...(options.trust ? { trust: options.trust } : {}) })
      } catch (e) {
        if (signal.aborted) throw e
        throw invalidImageUrl(`${current.host} could not be reached`)
      }
      if (res.status >= 300 && res.status < 400 && res.headers.has('location')) {
        await res.body?.cancel()
        if (hop >= maxRedirects) throw invalidImageUrl(`more than ${maxRedirects} redirects`)
        current = parseHttpUrl(res.headers.get('location')!, current.href)
        continue
      }
      if (!res.ok) {
        await res.body?.cancel()
        throw invalidImageUrl(`${current.host} answered HTTP ${res.status}`)
      }
      const type = (res.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase()
      if (type !== 'image/png') {
        await res.body?.cancel()
        throw invalidImageUrl(`expected Content-Type image/png, got ${type || 'none'}`)
      }
      const bytes = await readLimited(res, maxBytes)
      return { bytes, originalUrl, requestedUrl, finalUrl: current.href }
    }
  }

  return async (url: string) => {
    const signal = AbortSignal.timeout(timeoutMs)
    try {
      return await run(url, signal)
    } catch (e) {
      if (isApiError(e)) throw e
      if (signal.aborted) throw invalidImageUrl(`the download timed out after ${timeoutMs} ms`)
      throw invalidImageUrl('the download failed')
    }
  }
}
