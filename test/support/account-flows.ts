/**
 * The account site's flows over real HTTP against a running server, as a browser without JavaScript
 * would go through them: sign-up (the address only), the mail (from the test SMTP sink), and the
 * link's page, where the password is chosen.
 * @module
 */
import { solveChallenge, type Challenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/sha'
import type { MailSink } from './mail-sink'

/** A urlencoded POST to the account site from its own origin, not following redirects. */
export const accountForm = (origin: string, fields: Record<string, string>, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  redirect: 'manual',
  headers: { 'content-type': 'application/x-www-form-urlencoded', origin, ...headers },
  body: new URLSearchParams(fields),
})

/** The `name=value` pairs of a response's Set-Cookie headers, as a Cookie header. */
export const cookiesOf = (res: Response) => res.headers.getSetCookie().map((l) => l.split(';')[0]!).join('; ')

/** A Cookie header's pairs as browser cookies of `url` (for a browser context's `addCookies`). */
export const browserCookies = (header: string, url: string) =>
  header
    .split('; ')
    .filter(Boolean)
    .map((pair) => ({ name: pair.slice(0, pair.indexOf('=')), value: pair.slice(pair.indexOf('=') + 1), url }))

/** Uses a mailed link: opens its page (200), then sends its confirmation form; returns the form's answer. */
async function useMailedLink(link: string, fields: Record<string, string> = {}, headers: Record<string, string> = {}): Promise<Response> {
  const url = new URL(link)
  const page = await fetch(link, { redirect: 'manual' })
  if (page.status !== 200) throw new Error(`${url.pathname} answered ${page.status}`)
  await page.body?.cancel()
  return fetch(`${url.origin}${url.pathname}`, accountForm(url.origin, { token: url.searchParams.get('token')!, ...fields }, headers))
}

/** Signs up `email` and chooses `password` on the page of the mailed link; the answer carries the session cookies. */
export async function signUpOverHttp(origin: string, sink: MailSink, input: { email: string; password: string; redirect?: string; headers?: Record<string, string> }): Promise<Response> {
  const since = sink.messages.length
  const res = await fetch(`${origin}/accounts/sign-up`, accountForm(origin, { email: input.email, ...(input.redirect ? { redirect: input.redirect } : {}) }, input.headers))
  if (res.status !== 200) throw new Error(`sign-up answered ${res.status}`)
  await res.body?.cancel()
  return useMailedLink(await sink.link(input.email, '/accounts/verify', { since }), { password: input.password }, input.headers)
}

/** A solved anti-bot proof for a credential form's `proof` field, from the account site's own challenge (as the page's script makes it). */
export async function solvedProof(origin: string): Promise<string> {
  const challenge = (await (await fetch(`${origin}/accounts/challenge`)).json()) as Challenge
  const solution = await solveChallenge({ challenge, deriveKey })
  if (!solution) throw new Error('could not solve the challenge')
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64')
}
