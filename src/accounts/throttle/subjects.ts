/**
 * Throttle subjects: what "the same account" and "the same address" mean. An IPv6
 * client is counted by its /64, the block a single host or household usually holds, so walking
 * through the addresses of one connection does not reset its counters.
 * @module
 */
import ipaddr from 'ipaddr.js'

/** The subject of a client address: IPv4 as is, IPv6 as its /64 prefix, `unknown` when there is none. */
export function addressSubject(address: string | undefined): string {
  if (!address) return 'unknown'
  try {
    const parsed = ipaddr.process(address)
    if (parsed.kind() === 'ipv4') return parsed.toString()
    const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4).map((p) => p.toString(16))
    return `${parts.join(':')}::/64`
  } catch {
    return address.slice(0, 64)
  }
}

/** The subject of an account and an address together. */
export const pairSubject = (email: string, address: string | undefined) => `${email}|${addressSubject(address)}`
