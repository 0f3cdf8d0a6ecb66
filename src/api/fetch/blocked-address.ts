/**
 * Which IP addresses an image URL may point at (SSRF guard).
 * Only addresses ipaddr.js classifies as `unicast` (public) pass; loopback, private, link-local,
 * multicast, unspecified, broadcast, reserved, carrier-grade NAT (RFC 6598), unique-local, and the
 * IPv6 forms that embed IPv4 (IPv4-mapped ::ffff:0:0/96 is unwrapped and judged as IPv4;
 * IPv4-compatible ::/96, NAT64 64:ff9b::/96, 6to4, Teredo) are refused.
 * @module
 */
import ipaddr from 'ipaddr.js'

/** Why `address` must not be fetched from, or null when it is a public unicast address. */
export function blockedAddressReason(address: string): string | null {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6
  try {
    parsed = ipaddr.process(address.replace(/^\[|\]$/g, ''))
  } catch {
    return `"${address}" is not an IP address`
  }
  const range = parsed.range()
  if (range !== 'unicast') return `${parsed.toString()} is a ${range} address`
  // ipaddr.js files ::/96 (deprecated IPv4-compatible, e.g. ::7f00:1) under unicast.
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).parts.slice(0, 6).every((p) => p === 0)) {
    return `${parsed.toString()} is an IPv4-compatible IPv6 address`
  }
  return null
}

/** True when `hostname` is an IP literal (IPv4 or bracketed/bare IPv6) rather than a DNS name. */
export function isIpLiteral(hostname: string): boolean {
  return ipaddr.isValid(hostname.replace(/^\[|\]$/g, ''))
}
