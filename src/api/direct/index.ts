/**
 * Direct in-process calls into the embedded API (DESIGN.md §3): the Bun entry hands
 * this to the web app, whose server API client answers the GETs of `./table.ts` by calling the services
 * — no Request, no JSON, no zod parse of the answer. The caller is resolved from the same headers and
 * cookies as over HTTP (`src/api/users/identity`), once per caller; errors carry the v2 error body and status
 * the HTTP route would send. The web app sees only the structural `DirectApi` of src/server/app-options.ts.
 * @module
 */
import { parse } from 'hono/utils/cookie'
import { ApiError, isApiError } from '../errors'
import type { Identity } from '../users/identity'
import { errorBody, v2Body } from '../routes/envelope'
import type { ApiServices } from '../services'
import { requireVisibleSkin } from '../skins/services/skin-access'
import type { SkinRecord } from '../skins/services/skin-record'
import { matchDirect } from './table'

/** An answer: its status and its JSON-shaped body (a v2 envelope, or a v2 error body when status ≥ 400). */
export interface DirectResult {
  status: number
  body: unknown
}

/** Calls of one caller (one page request). */
export interface DirectCaller {
  /** Answers `GET path?query`, or returns undefined when the table has no entry for the path. */
  get(path: string, query: Record<string, string | number | undefined>): Promise<DirectResult> | undefined
}

/** What the Bun entry passes to the web app. */
export interface DirectApi {
  /** A caller with these request headers (the visitor's `Cookie`, the client identification header). */
  caller(headers: Record<string, string>): DirectCaller
}

/** Builds the direct API over the embedded API's services; `report` logs unexpected errors as the app does. */
export function createDirectApi(s: ApiServices, report: (e: unknown) => void): DirectApi {
  return {
    caller(headers) {
      let who: Promise<Identity> | undefined
      const identity = () => {
        if (!who) {
          const h = new Headers(headers)
          const cookie = h.get('cookie')
          who = s.ctx.resolveIdentity(h, cookie ? parse(cookie) : {})
        }
        return who
      }
      // Keyed by the checked id: a uuid, dashed uuid or short id each load once; refusals are not kept.
      // The loading promise is kept, so the parallel calls of one page share one load.
      const skins = new Map<string, Promise<SkinRecord>>()
      const visibleSkin = (id: string) => {
        let rec = skins.get(id)
        if (!rec) {
          skins.set(id, (rec = identity().then((who) => requireVisibleSkin(s.ctx.store.db, id, who))))
          rec.catch(() => skins.delete(id))
        }
        return rec
      }
      return {
        get(path, rawQuery) {
          const cut = path.indexOf('?')
          const query: Record<string, string> = {}
          if (cut >= 0) for (const [k, v] of new URLSearchParams(path.slice(cut + 1))) query[k] ??= v
          for (const [k, v] of Object.entries(rawQuery)) if (v !== undefined) query[k] = String(v)
          const match = matchDirect(cut >= 0 ? path.slice(0, cut) : path)
          if (!match) return undefined
          return (async (): Promise<DirectResult> => {
            try {
              // Every v2 answer carries the caller's warnings, so the caller is resolved first, as the middleware does.
              const caller = await identity()
              const answer = await match.entry.answer(s, { params: match.params, query, who: identity, visibleSkin })
              return { status: answer.status ?? 200, body: answer.raw ? answer.payload : v2Body(caller.warnings, answer.payload, answer.parts) }
            } catch (error) {
              if (isApiError(error)) return { status: error.status, body: errorBody(error) }
              report(error)
              return { status: 500, body: errorBody(new ApiError('internal_error', 'An internal error occurred', 500)) }
            }
          })()
        },
      }
    },
  }
}
