/**
 * Client user agent: `MineSkin-User-Agent` is preferred over `User-Agent` (browsers cannot set the
 * latter); a generic agent earns the `generic_user_agent` warning (reference/mineskin-api.md §1.2).
 * @module
 */

/** HTTP libraries' default agents: they say nothing about which application is calling. */
const GENERIC = /^(java|okhttp|apache-httpclient|axios|node-fetch|node|undici|bun|deno|python-requests|python-urllib|python-httpx|aiohttp|go-http-client|curl|wget|postmanruntime|insomnia|libwww-perl|ruby|php|dart|reqwest|got|ky|unirest)\b/i

/** The caller's user agent, or null. */
export function pickUserAgent(headers: Headers): string | null {
  return headers.get('mineskin-user-agent')?.trim() || headers.get('user-agent')?.trim() || null
}

/** True for a missing or library-default user agent. */
export function isGenericUserAgent(agent: string | null): boolean {
  return !agent || GENERIC.test(agent)
}
