/**
 * Which URLs webhooks and job callbacks may be sent to: the image URL rules of the SSRF-safe fetcher
 * (src/api/fetch: at most 256 characters, no credentials, every address of the host public
 * unicast), and https only, since the body carries the job and the signed skin. Hosts on the
 * fetcher's test allowlist (`FETCH_ALLOW_PRIVATE_HOSTS`, "host:port") pass, http included, so tests
 * can run a receiver on 127.0.0.1.
 * @module
 */
import { ApiError } from '../errors'
import { blockedAddressReason, isIpLiteral } from '../fetch/blocked-address'
import { MAX_IMAGE_URL_LENGTH } from '../fetch'
import { blockedUrlHost } from '../fetch/errors'

/** What the URL checks need; the same fields as the image fetcher's options. */
export interface WebhookUrlRules {
  /** TEST ONLY: "host:port" entries allowed although private (and over http). */
  allowPrivateHosts?: readonly string[]
  /** DNS resolver; default node:dns with every address. */
  resolve?: (host: string) => Promise<string[]>
  /** The runtime refuses private addresses itself (Workers): names are not resolved, IP literals still checked. */
  platformBlocksPrivate?: boolean
}

/** 400 `invalid_callback_url`: not an https URL we send to. */
export const invalidCallbackUrl = (reason: string): ApiError => new ApiError('invalid_callback_url', `Invalid webhook URL: ${reason}`, 400, 'CLIENT')

/** "host:port" with the scheme's default port, as the allowlist writes it. */
const hostPort = (u: URL): string => `${u.hostname}:${u.port || (u.protocol === 'https:' ? '443' : '80')}`

async function systemResolve(host: string): Promise<string[]> {
  const { lookup } = await import('node:dns/promises')
  return (await lookup(host, { all: true, verbatim: true })).map((a) => a.address)
}

/** Parses `raw` and checks scheme, length and credentials (no DNS); throws 400 `invalid_callback_url`. */
export function parseWebhookUrl(raw: string, rules: WebhookUrlRules = {}): URL {
  if (raw.length > MAX_IMAGE_URL_LENGTH) throw invalidCallbackUrl(`the URL is ${raw.length} characters; the limit is ${MAX_IMAGE_URL_LENGTH}`)
  let u: URL
  try {
    u = new URL(raw)
  } catch {
    throw invalidCallbackUrl(`"${raw.slice(0, 80)}" is not a valid URL`)
  }
  const allowed = (rules.allowPrivateHosts ?? []).includes(hostPort(u))
  if (u.protocol !== 'https:' && !(allowed && u.protocol === 'http:')) throw invalidCallbackUrl(`only https URLs are allowed, not ${u.protocol}`)
  if (u.username || u.password) throw invalidCallbackUrl('URLs with credentials are not allowed')
  if (!u.hostname) throw invalidCallbackUrl('the URL has no host')
  return u
}

/**
 * Checks `raw` fully: {@link parseWebhookUrl}, then every address of its host must be public
 * (400 `blocked_url_host` otherwise, the image fetcher's code). Run when the URL is given and again
 * before every attempt, since a name may point elsewhere later.
 */
export async function checkWebhookUrl(raw: string, rules: WebhookUrlRules = {}): Promise<URL> {
  const u = parseWebhookUrl(raw, rules)
  if ((rules.allowPrivateHosts ?? []).includes(hostPort(u))) return u
  const host = u.hostname
  let addresses: string[]
  if (isIpLiteral(host)) addresses = [host]
  else if (rules.platformBlocksPrivate) return u
  else {
    try {
      addresses = await (rules.resolve ?? systemResolve)(host.replace(/\.$/, ''))
    } catch {
      throw invalidCallbackUrl(`the host ${host} could not be resolved`)
    }
    if (addresses.length === 0) throw invalidCallbackUrl(`the host ${host} has no addresses`)
  }
  for (const address of addresses) {
    const reason = blockedAddressReason(address)
    if (reason) throw blockedUrlHost(`${host} resolves to ${reason}`)
  }
  return u
}
