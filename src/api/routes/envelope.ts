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
}

/** Sends a successful v2 JSON response. */
export function v2(c: Context<ApiEnv>, payload: Record<string, unknown>, status: ContentfulStatusCode = 200, parts: EnvelopeParts = {}) {
  const warnings = [...(c.get('identity')?.warnings ?? []), ...c.get('warnings')]
  const links = Object.fromEntries(Object.entries(parts.links ?? {}).filter(([, v]) => v !== undefined))
  return c.json(
    {
      success: true,
      ...payload,
      messages: parts.messages ?? [],
      warnings,
      ...(parts.errors ? { errors: parts.errors } : {}),
      links,
    },
    status,
  )
}

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
