/**
 * The `error` text of a v1 error, as MineSkin's v1 routes word it (MineSkin/api.mineskin.org:
 * `index.ts` errorHandler sends `err.msg` alone, without the chained causes v2 lists). Plugins
 * match some of these texts: SkinsRestorer ≤ 15.4 switches on "Invalid API Key", "Client not
 * allowed", "Origin not allowed" and "Agent not allowed" to tell the server owner what to fix.
 * Codes MineSkin's public source gives a fixed text for get that text; the others (image and URL
 * checks, whose MineSkin texts come from its private generator) keep ours (docs/api.md "v1").
 * @module
 */
import type { RateLimitInfo } from '../../shared/schemas/api'
import type { ApiError } from '../errors'

/** v1 `/generate/user` without a uuid (MineSkin `routes/generate.ts`). */
export const MISSING_UUID = 'missing uuid'
/** v1 `/generate/user` with a uuid that is none (MineSkin `routes/generate.ts`). */
export const INVALID_UUID = 'invalid uuid'
/** v1 `/generate/url` without a url: MineSkin's v2 layer under it (`models/v2/generate.ts`). */
export const INVALID_REQUEST = 'invalid request properties (expected url or user)'

/** Texts MineSkin sends for a code whatever the details (file and function named beside each). */
const FIXED: Readonly<Record<string, string>> = {
  missing_file: 'No file uploaded', // generator/v2/V2UploadHandler.ts
  job_limit: 'You have too many jobs in the queue', // models/v2/generate.ts v2SubmitGeneratorJob
  generator_timeout: 'generator request timed out', // models/v2/generate.ts v2GenerateAndWait
  unexpected_error: 'unexpected error', // models/v2/generate.ts v2GenerateAndWait
  no_duplicate: 'No duplicate found', // models/v2/generate.ts v2GenerateAndWait
  no_account_available: 'No account available', // generator/Generator.ts
  internal_error: 'An unexpected error occurred', // index.ts errorHandler, for errors of no known kind
}

/** The key texts SkinsRestorer tells apart; any other key failure is "Invalid API Key" (util `getAndValidateRequestApiKey`). */
const KEY_REFUSALS = new Set(['Client not allowed', 'Origin not allowed', 'Agent not allowed'])

/**
 * MineSkin's 429 texts (`middleware/rateLimit.ts`): the per-minute limit names the count and the
 * limit, the delay the milliseconds to wait. `info` is the caller's state when refused (nothing was
 * counted); the hour limit, which MineSkin's v1 does not have, keeps our text.
 */
function rateLimitText(e: ApiError, info: RateLimitInfo | undefined): string {
  if (!info) return e.message
  if (info.limit.minute.remaining <= 0) return `rate limit exceeded, ${info.limit.minute.used + 1} > ${info.limit.minute.limit}`
  if (info.limit.hour.remaining <= 0) return e.message
  return `request too soon, next request in ${Math.max(0, Math.round(info.next.relative))}ms`
}

/** The v1 `error` of `e`; `info` is the caller's rate-limit state when the request was counted. */
export function v1Message(e: ApiError, info?: RateLimitInfo): string {
  const fixed = FIXED[e.code]
  if (fixed) return fixed
  switch (e.code) {
    case 'invalid_api_key':
      return KEY_REFUSALS.has(e.message) ? e.message : 'Invalid API Key'
    case 'invalid_user':
      return e.message === MISSING_UUID ? MISSING_UUID : 'invalid user'
    case 'rate_limit':
      return rateLimitText(e, info)
    case 'validation_error':
      // `index.ts` preErrorHandler: "Validation error: <code>: <message> (<path>), …".
      return e.causes.length ? `Validation error: ${e.causes.map((c) => `${c.code}: ${c.message.replace(/ \(\)$/, '')}`).join(', ')}` : e.message
    default:
      return e.message
  }
}
