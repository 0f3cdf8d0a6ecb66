/**
 * The v2 response envelope (reference/mineskin-api.md §1.3 `formatV2Response`):
 * `{ success, ...payload, messages, warnings, errors?, links }` on success and
 * `{ success: false, [rateLimit], errors }` on errors; zod failures become `validation_error`
 * followed by one entry per issue.
 * @module
 */
import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { z } from 'zod'
import type { CodeAndMessage } from '../../shared/schemas/api'
import { ApiError } from '../errors'
import type { ApiEnv } from './env'

/** Optional envelope parts. */
export interface EnvelopeParts {
  messages?: CodeAndMessage[]
  links?: Record<string, string | undefined>
  errors?: CodeAndMessage[]
  /** Warnings of this answer, after the caller's own (e.g. `anchor_not_found`). */
  warnings?: CodeAndMessage[]
}

/**
 * The body of a successful v2 answer; the HTTP route and the direct in-process call (src/api/direct)
 * both build it here, so the two answers cannot drift apart.
 */
export function v2Body(warnings: CodeAndMessage[], payload: Record<string, unknown>, parts: EnvelopeParts = {}) {
  const links = Object.fromEntries(Object.entries(parts.links ?? {}).filter(([, v]) => v !== undefined))
  return {
    success: true as const,
    ...payload,
    messages: parts.messages ?? [],
    warnings: parts.warnings ? [...warnings, ...parts.warnings] : warnings,
    ...(parts.errors ? { errors: parts.errors } : {}),
    links,
  }
}

/** Sends a successful v2 JSON response. */
export function v2(c: Context<ApiEnv>, payload: Record<string, unknown>, status: ContentfulStatusCode = 200, parts: EnvelopeParts = {}) {
  return c.json(v2Body([...(c.get('identity')?.warnings ?? []), ...c.get('warnings')], payload, parts), status)
}

/**
 * What a read route answers, apart from its HTTP headers: a v2 payload with its envelope parts, or a
 * `raw` JSON body (the legacy shapes such as `/random-name`). Shared by the route and the direct call.
 */
export interface Answer {
  payload: Record<string, unknown>
  status?: ContentfulStatusCode
  parts?: EnvelopeParts
  raw?: boolean
}

/** Sends an {@link Answer} over HTTP. */
export const send = (c: Context<ApiEnv>, a: Answer) => (a.raw ? c.json(a.payload, a.status ?? 200) : v2(c, a.payload, a.status, a.parts))

/** One message entry. */
export const msg = (code: string, message: string): CodeAndMessage => ({ code, message })

/** Turns zod issues into the `validation_error` ApiError (reference §1.3). */
export function validationError(issues: readonly z.core.$ZodIssue[]): ApiError {
  return new ApiError(
    'validation_error',
    'Validation error',
    400,
    'CLIENT',
    issues.map((i) => ({ code: i.code, message: `${i.message} (${i.path.join('.')})` })),
  )
}

/** Parses `data` with `schema` or throws the `validation_error` ApiError. */
export function parseOr400<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const r = schema.safeParse(data)
  if (!r.success) throw validationError(r.error.issues)
  return r.data
}

/** The v2 error body of an ApiError. */
export function errorBody(e: ApiError, rateLimit?: unknown) {
  return {
    success: false as const,
    ...(rateLimit ? { rateLimit } : {}),
    errors: [{ code: e.code, message: e.message }, ...e.causes],
  }
}
