/**
 * The anonymous client cookie (`ssg_client`): a random id the API ties a browser's jobs, skins, votes,
 * likes and reports to (src/api/users/identity). The API issues it to a request that has none; the web app
 * issues it with the pages whose islands call the API at once (src/server/middleware/client-cookie.ts).
 * @module
 */

/** Cookie name. */
export const CLIENT_COOKIE = 'ssg_client'

/** What a client id looks like: 24 hex digits. */
export const CLIENT_ID = /^[0-9a-f]{24}$/

/** How long the cookie lives: 365 days, in seconds. */
export const CLIENT_COOKIE_MAX_AGE = 365 * 24 * 3600

/** A new random client id. */
export const newClientId = (): string => [...crypto.getRandomValues(new Uint8Array(12))].map((b) => b.toString(16).padStart(2, '0')).join('')
