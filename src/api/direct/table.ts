/**
 * The GET endpoints server renders call, as functions of (params, query, caller) — the same answers
 * the HTTP routes send, built by the same functions (`./skin-answers.ts`, `./misc-answers.ts`), in the
 * route order of `src/api/app.ts` (literal paths before `:id`). Only reads live here: writes, and
 * anything a page does not call while rendering, keep going through the HTTP path.
 * @module
 */
import { skinListCategorySchema } from '../../shared/schemas/api'
import type { Identity } from '../users/identity'
import type { ApiServices } from '../services'
import type { Answer } from '../routes/envelope'
import type { SkinRecord } from '../skins/services/skin-record'
import { capesAnswer, jobAnswer, jobById, randomNameAnswer, statsAnswer } from './misc-answers'
import { listAnswer, metaAnswer, requireIdentified, similarAnswer, skinAnswer, skinIdParam, skinUuidParam, tagsAnswer, userAnswer } from './skin-answers'

/** One direct request: path parameters (decoded), query values, and the caller, resolved on demand. */
export interface DirectRequest {
  params: Record<string, string>
  query: Record<string, string>
  who: () => Promise<Identity>
  /**
   * The skin of a checked id that the caller may see (404 otherwise). A skin page asks for one skin
   * five times; the caller loads it once per page request.
   */
  visibleSkin: (id: string) => Promise<SkinRecord>
}

/** One endpoint: a path pattern (`:name` segments are parameters) and its answer. */
export interface DirectEntry {
  pattern: string
  answer: (s: ApiServices, req: DirectRequest) => Answer | Promise<Answer>
}

/** The table, in route order. */
export const DIRECT_ENDPOINTS: DirectEntry[] = [
  { pattern: '/v2/queue/:jobId', answer: async (s, r) => jobAnswer(s, await jobById(s, r.params.jobId!), await r.who()) },
  { pattern: '/v2/skins', answer: (s, r) => listAnswer(s, 'latest', r.query) },
  ...skinListCategorySchema.options.map((category): DirectEntry => ({ pattern: `/v2/skins/${category}`, answer: (s, r) => listAnswer(s, category, r.query) })),
  { pattern: '/v2/skins/:id', answer: async (s, r) => skinAnswer(s, await r.visibleSkin(skinIdParam(r.params.id)), await r.who()) },
  {
    pattern: '/v2/skins/:id/user',
    answer: async (s, r) => {
      const who = await r.who()
      requireIdentified(who)
      return userAnswer(s, await r.visibleSkin(skinUuidParam(r.params.id)), who)
    },
  },
  { pattern: '/v2/skins/:id/meta', answer: async (s, r) => metaAnswer(s, await r.visibleSkin(skinIdParam(r.params.id))) },
  { pattern: '/v2/skins/:id/similar', answer: async (s, r) => similarAnswer(s, await r.visibleSkin(skinIdParam(r.params.id))) },
  {
    pattern: '/v2/skins/:id/tags',
    answer: async (s, r) => {
      const who = await r.who()
      return tagsAnswer(s, await r.visibleSkin(skinUuidParam(r.params.id)), who)
    },
  },
  { pattern: '/v2/capes', answer: (s) => capesAnswer(s) },
  { pattern: '/v2/stats', answer: (s) => statsAnswer(s) },
  { pattern: '/random-name', answer: (_s, r) => randomNameAnswer(r.query.seed) },
]

/** Each pattern's segments, split once (a skin page matches six paths). */
const PATTERN_PARTS = DIRECT_ENDPOINTS.map((entry) => entry.pattern.split('/'))

/** Matches `path` (no query string) against the table: the entry and its decoded parameters, or undefined. */
export function matchDirect(path: string): { entry: DirectEntry; params: Record<string, string> } | undefined {
  // One trailing slash is ignored, as the API app's routing does. Server renders
  // call canonical paths, so case and repeated slashes (routes/path-normalize.ts) are left to HTTP.
  const segments = (path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path).split('/')
  for (const [index, entry] of DIRECT_ENDPOINTS.entries()) {
    const parts = PATTERN_PARTS[index]!
    if (parts.length !== segments.length) continue
    const params: Record<string, string> = {}
    let ok = true
    for (let i = 0; i < parts.length && ok; i++) {
      const part = parts[i]!
      const segment = segments[i]!
      if (part.startsWith(':')) {
        // An empty or undecodable segment is left to the HTTP path, which answers it as it always did.
        if (!segment) ok = false
        else {
          try {
            params[part.slice(1)] = segment.includes('%') ? decodeURIComponent(segment) : segment
          } catch {
            return undefined
          }
        }
      } else ok = part === segment
    }
    if (ok) return { entry, params }
  }
  return undefined
}
