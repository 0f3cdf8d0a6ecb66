/**
 * The caller of a v1 request that changes state over GET (`GET /generate/user/{uuid}`, MineskinClient
 * 1.x): a browser sends the site's SameSite=Lax cookies with a top-level GET from any other site
 * (`location.href`, a link) and with any same-site `<img>`, without a preflight and without `Origin`,
 * so those cookies cannot show that their owner meant the request. Such a request therefore acts
 * anonymously unless it names an API key (`Authorization: Bearer` or `?key=`), which a foreign page
 * cannot know. The POST routes keep cookies: a cross-site POST is refused by `./../routes/cors.ts`.
 * @module
 */
import type { Grants } from '../config'
import type { Identity } from '../users/identity'

/** Warning of a GET whose cookies were set aside. */
export const COOKIES_IGNORED = {
  code: 'cookies_ignored',
  message: 'GET requests ignore cookies, so this skin belongs to no account: send your API key (Authorization: Bearer <key> or ?key=) or use POST',
}

/**
 * `who` without what its cookies gave it: a keyed caller stays as it is (the key, not the browser,
 * decides); anyone else becomes an anonymous caller with `anonymous` grants, no user and no client id.
 */
export function withoutCookies(who: Identity, anonymous: Grants): Identity {
  if (who.apiKeyId) return who
  const hadCookies = who.userId !== null || who.clientId !== null
  return {
    ...who,
    kind: 'anonymous',
    userId: null,
    clientId: null,
    apiKeyOrigins: null,
    grants: anonymous,
    warnings: hadCookies ? [...who.warnings, COOKIES_IGNORED] : who.warnings,
  }
}
