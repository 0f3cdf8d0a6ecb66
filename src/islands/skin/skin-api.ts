/**
 * The per-skin calls of the skin page's islands (SPEC §7, reference/mineskin-api.md §1.7): tag votes,
 * reports, views and likes (each with an anti-bot proof, SPEC §6), and the owner's PATCH and DELETE.
 * The API client and the proof solver load on first use (DESIGN.md §4).
 * @module
 */
import type { ProofHeaders } from '../../shared/antibot/proof-client'
import type { Parser } from '../../shared/api/client'
import { loadBrowserApi } from '../load-api'

/** Answers whose payload the islands do not read (envelope messages are handled by the client). */
const anyAnswer: Parser<unknown> = { parse: (value) => value }

/** The browser's proof client, loaded on first use (altcha-lib stays out of the first paint). */
export const loadProof = () => import('../../shared/antibot/browser-proof').then((m) => m.browserProof)

/**
 * Runs a call that needs an anti-bot proof (SPEC §6). Fetching the challenge gives a browser without
 * one the API's client cookie, so its first vote, like or report counts as its own (src/api/skins/routes/community.ts).
 */
async function withProof<T>(call: (headers: ProofHeaders) => Promise<T>): Promise<T> {
  const proof = await loadProof()
  return proof.withProof(call)
}

/** Counts a view (SPEC §7 `POST …/interactions/views` with the anti-bot header). */
export const countView = (uuid: string) =>
  withProof(async (headers) => (await loadBrowserApi()).call(`/v2/skins/${uuid}/interactions/views`, anyAnswer, { method: 'POST', headers, silent: true }))

/** Likes a skin (our `POST …/interactions/likes`; 409 `already_liked` when liked before). */
export const likeSkin = (uuid: string) =>
  withProof(async (headers) => (await loadBrowserApi()).call(`/v2/skins/${uuid}/interactions/likes`, anyAnswer, { method: 'POST', headers, silent: true }))

/** Votes on a tag, or adds it with an up vote (SPEC §7 `POST …/tags {tag, vote}`). */
export const voteTag = (uuid: string, tag: string, vote: 'up' | 'down') =>
  withProof(async (headers) => (await loadBrowserApi()).call(`/v2/skins/${uuid}/tags`, anyAnswer, { method: 'POST', body: { tag, vote }, headers, silent: true }))

/** Reports a skin (SPEC §7 `POST …/report {reason}`; 409 `already_reported`). */
export const reportSkin = (uuid: string, reason: 'skin' | 'name' | 'tags') =>
  withProof(async (headers) => (await loadBrowserApi()).call(`/v2/skins/${uuid}/report`, anyAnswer, { method: 'POST', body: { reason }, headers, silent: true }))

/** Changes a skin's name and/or visibility (SPEC §7 `PATCH /v2/skins/{id}`, JSON body). */
export const updateSkin = async (uuid: string, body: { name?: string; visibility?: string }) =>
  (await loadBrowserApi()).call(`/v2/skins/${uuid}`, anyAnswer, { method: 'PATCH', body, silent: true })

/** Deletes a skin (SPEC §7 `DELETE /v2/skins/{id}`). */
export const deleteSkin = async (uuid: string) => (await loadBrowserApi()).call(`/v2/skins/${uuid}`, anyAnswer, { method: 'DELETE', silent: true })
