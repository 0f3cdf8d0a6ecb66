/**
 * A request sent to the very addresses a host was checked at (the SSRF guard, ./blocked-address.ts),
 * so a DNS answer that changes between the check and the connection (rebinding) cannot turn a public
 * name into a private address: the URL names the checked IP, the `Host` header the name, and for
 * https the TLS server name (SNI) is the name and the certificate is verified against it, as for the
 * name itself. IPv4 addresses are tried before IPv6 ones, the next one only when a connection could
 * not be made; an answer of any status is final. Bun's fetch (`tls.serverName`); Workers never pin,
 * since the platform refuses private addresses itself and has no DNS API.
 * @module
 */

/** An IPv6 address has colons, an IPv4 one never (no node:net: the Worker bundle shares this file). */
const isIPv6 = (address: string) => address.includes(':')

/** Options of {@link fetchPinned}. */
export interface PinnedFetchOptions {
  fetch: typeof fetch
  /** TEST ONLY: a PEM certificate trusted besides the system's (a local https receiver). */
  trust?: string
}

/** One way to reach `url` at `address`: the URL to fetch, its Host header and its TLS server name. */
export function pinnedTarget(url: URL, address: string): { href: string; host: string; serverName: string | null } {
  const pinned = new URL(url.href)
  pinned.hostname = isIPv6(address) ? `[${address}]` : address
  const name = url.hostname.replace(/\.$/, '')
  return { href: pinned.href, host: url.port ? `${name}:${url.port}` : name, serverName: url.protocol === 'https:' ? name : null }
}

/** The order addresses are tried in: IPv4 first (a host without IPv6 routes fails those at once anyway). */
const ordered = (addresses: readonly string[]) => [...addresses.filter((a) => !isIPv6(a)), ...addresses.filter((a) => isIPv6(a))]

/**
 * Fetches `url` at one of `addresses` (checked by the caller; null: as given — an allow-listed test
 * host, an IP literal, a platform that guards itself). Throws the last connection error when none answered.
 */
export async function fetchPinned(url: URL, addresses: readonly string[] | null, init: RequestInit, opts: PinnedFetchOptions): Promise<Response> {
  if (!addresses) return opts.fetch(url.href, init)
  let last: unknown = new Error(`no address to connect to for ${url.hostname}`)
  for (const address of ordered(addresses)) {
    const target = pinnedTarget(url, address)
    const headers = new Headers(init.headers)
    headers.set('host', target.host)
    const tls = target.serverName ? { serverName: target.serverName, ...(opts.trust ? { ca: opts.trust } : {}) } : undefined
    try {
      return await opts.fetch(target.href, { ...init, headers, ...(tls ? { tls } : {}) } as RequestInit)
    } catch (e) {
      if (init.signal?.aborted) throw e
      last = e
    }
  }
  throw last
}
