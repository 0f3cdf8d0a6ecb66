/**
 * Which URLs webhooks and job callbacks may be sent to: the image URL rules of the SSRF-safe fetcher
 * (src/api/fetch: at most 256 characters, no credentials, every address of the host public
 * unicast), and https only, since the body carries the job and the signed skin. Hosts on the
 * fetcher's test allowlist (`FETCH_ALLOW_PRIVATE_HOSTS`, "host:port") pass, http included, so tests
 * can run a receiver on 127.0.0.1.
 *
 * Each refusal names its problem ({@link WebhookUrlProblem}), so the keys page can say exactly what
 * to change; the API answers the same problems as 400 `invalid_callback_url` or `blocked_url_host`.
 * A checked URL comes with the addresses it was checked at, and an attempt connects to those
 * (src/api/fetch/pinned-fetch.ts), not to what the name resolves to later.
 * @module
 */
import { ApiError } from '../errors'
import { blockedAddressReason, isIpLiteral } from '../fetch/blocked-address'
import { MAX_IMAGE_URL_LENGTH } from '../fetch'

/** What the URL checks need; the same fields as the image fetcher's options. */
export interface WebhookUrlRules {
  /** TEST ONLY: "host:port" entries allowed although private (and over http). */
  allowPrivateHosts?: readonly string[]
  /** DNS resolver; default node:dns with every address. */
  resolve?: (host: string) => Promise<string[]>
  /** The runtime refuses private addresses itself (Workers): names are not resolved, IP literals still checked. */
  platformBlocksPrivate?: boolean
}

/** Why a URL is not one we send to. */
export type WebhookUrlProblem =
  | { kind: 'tooLong'; length: number; max: number }
  | { kind: 'notUrl' }
  | { kind: 'notHttps'; scheme: string }
  | { kind: 'credentials' }
  | { kind: 'noHost' }
  | { kind: 'unresolvable'; host: string }
  | { kind: 'noAddresses'; host: string }
  | { kind: 'blocked'; host: string; address: string; reason: string }

/** The API's words for a problem. */
function problemMessage(p: WebhookUrlProblem, raw: string): string {
  switch (p.kind) {
    case 'tooLong':
      return `the URL is ${p.length} characters; the limit is ${p.max}`
    case 'notUrl':
      return `"${raw.slice(0, 80)}" is not a valid URL`
    case 'notHttps':
      return `only https URLs are allowed, not ${p.scheme}`
    case 'credentials':
      return 'URLs with credentials are not allowed'
    case 'noHost':
      return 'the URL has no host'
    case 'unresolvable':
      return `the host ${p.host} could not be resolved`
    case 'noAddresses':
      return `the host ${p.host} has no addresses`
    case 'blocked':
      return `${p.host} resolves to ${p.reason}`
  }
}

/** A refused URL: 400 `blocked_url_host` (an address we never send to, the image fetcher's code) or `invalid_callback_url`. */
export class WebhookUrlError extends ApiError {
  constructor(
    readonly problem: WebhookUrlProblem,
    raw: string,
  ) {
    const blocked = problem.kind === 'blocked'
    super(blocked ? 'blocked_url_host' : 'invalid_callback_url', `${blocked ? 'Blocked URL host' : 'Invalid webhook URL'}: ${problemMessage(problem, raw)}`, 400, 'CLIENT')
  }
}

/** A URL that passed, and the addresses to connect to (null: connect as given — see {@link checkWebhookUrl}). */
export interface CheckedWebhookUrl {
  url: URL
  addresses: string[] | null
}

/** "host:port" with the scheme's default port, as the allowlist writes it. */
const hostPort = (u: URL): string => `${u.hostname}:${u.port || (u.protocol === 'https:' ? '443' : '80')}`

async function systemResolve(host: string): Promise<string[]> {
  const { lookup } = await import('node:dns/promises')
  return (await lookup(host, { all: true, verbatim: true })).map((a) => a.address)
}

/** Parses `raw` and checks scheme, length and credentials (no DNS); throws {@link WebhookUrlError}. */
export function parseWebhookUrl(raw: string, rules: WebhookUrlRules = {}): URL {
  if (raw.length > MAX_IMAGE_URL_LENGTH) throw new WebhookUrlError({ kind: 'tooLong', length: raw.length, max: MAX_IMAGE_URL_LENGTH }, raw)
  let u: URL
  try {
    u = new URL(raw)
  } catch {
    throw new WebhookUrlError({ kind: 'notUrl' }, raw)
  }
  const allowed = (rules.allowPrivateHosts ?? []).includes(hostPort(u))
  if (u.protocol !== 'https:' && !(allowed && u.protocol === 'http:')) throw new WebhookUrlError({ kind: 'notHttps', scheme: u.protocol }, raw)
  if (u.username || u.password) throw new WebhookUrlError({ kind: 'credentials' }, raw)
  if (!u.hostname) throw new WebhookUrlError({ kind: 'noHost' }, raw)
  return u
}

/**
 * Checks `raw` fully: {@link parseWebhookUrl}, then every address of its host must be public
 * (400 `blocked_url_host` otherwise). Run when the URL is given and again before every attempt,
 * since a name may point elsewhere later. The addresses are null for an IP literal (it is its own
 * address), an allow-listed test host, and a platform that refuses private addresses itself.
 */
export async function checkWebhookUrl(raw: string, rules: WebhookUrlRules = {}): Promise<CheckedWebhookUrl> {
  const u = parseWebhookUrl(raw, rules)
  if ((rules.allowPrivateHosts ?? []).includes(hostPort(u))) return { url: u, addresses: null }
  const host = u.hostname
  const literal = isIpLiteral(host)
  let addresses: string[]
  if (literal) addresses = [host]
  else if (rules.platformBlocksPrivate) return { url: u, addresses: null }
  else {
    try {
      addresses = await (rules.resolve ?? systemResolve)(host.replace(/\.$/, ''))
    } catch {
      throw new WebhookUrlError({ kind: 'unresolvable', host }, raw)
    }
    if (addresses.length === 0) throw new WebhookUrlError({ kind: 'noAddresses', host }, raw)
  }
  for (const address of addresses) {
    const reason = blockedAddressReason(address)
    if (reason) throw new WebhookUrlError({ kind: 'blocked', host, address, reason }, raw)
  }
  return { url: u, addresses: literal ? null : addresses }
}
