/**
 * Token refresh at the account site (SPEC §7 "Account API": `POST /auth/tokens/api/refresh` with
 * credentials; status 200 means success). Its own module without zod: the auth check runs on every
 * page load, and a refresh answer has no body to parse (DESIGN.md §4 JavaScript budget).
 * @module
 */
import type { FetchLike } from './client'

/** Reads and drops a body: a response left unread keeps its request open in the browser. */
export const drain = (response: Response | null) => response?.text().catch(() => '')

/** The account API's base URL without a trailing slash. */
export const accountBase = (origin: string) => origin.replace(/\/+$/, '')

/** `POST /auth/tokens/api/refresh`: true when the account site issued a fresh API token (status 200). */
export async function refreshApiToken(origin: string, fetcher: FetchLike = (input, init) => fetch(input, init)): Promise<boolean> {
  const response = await fetcher(`${accountBase(origin)}/auth/tokens/api/refresh`, { method: 'POST', credentials: 'include' }).catch(() => null)
  await drain(response)
  return response?.status === 200
}

/** `POST /auth/tokens/web/refresh`: true when the account site re-issued the web cookie (status 200). */
export async function refreshWebToken(origin: string, fetcher: FetchLike = (input, init) => fetch(input, init)): Promise<boolean> {
  const response = await fetcher(`${accountBase(origin)}/auth/tokens/web/refresh`, { method: 'POST', credentials: 'include' }).catch(() => null)
  await drain(response)
  return response?.status === 200
}
