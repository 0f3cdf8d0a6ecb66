/**
 * Response headers the API sends (`X-RateLimit-*`, `Retry-After`, `MineSkin-*`),
 * each with the zod schema of its value. Listed from the code that sets them: `baseHeaders`
 * (src/api/routes/middleware.ts), `rateLimitHeaders` (src/shared/rate-limiter.ts), the 429 paths of
 * src/api/jobs/routes/generate.ts and misc.ts, the credit headers of me-account.ts, and the caching
 * headers of skins.ts and files.ts. The contract test fails on any `MineSkin-*`, `X-MineSkin-*`,
 * `X-RateLimit-*` or `Retry-After` header an answer carries that its operation does not document.
 * @module
 */
import { z } from 'zod'

const int = z.string().regex(/^-?\d+$/)

/** Header name → description and value schema. */
export const RESPONSE_HEADERS = {
  'MineSkin-Breadcrumb': { description: 'Request id (8 hex digits); on `GET /v2/queue/{jobId}` the id of the request that created the job.', schema: z.string().regex(/^[0-9a-f]{8}$/) },
  'MineSkin-Api-Version': { description: '`v2`; `v1` on the legacy `/generate/*` and `/get/*` routes.', schema: z.enum(['v2', 'v1']) },
  'MineSkin-Api-Deprecated': { description: '`true` on the legacy `/generate/*` routes.', schema: z.literal('true') },
  'MineSkin-Version': { description: 'Version of this API implementation.', schema: z.string().min(1) },
  'X-RateLimit-Limit': { description: 'Requests allowed in the current minute window.', schema: int },
  'X-RateLimit-Remaining': { description: 'Requests left in the current minute window.', schema: int },
  'X-RateLimit-Reset': { description: 'Epoch seconds at which the minute window resets.', schema: int },
  'X-RateLimit-Delay': { description: 'Delay between `/v2/generate` requests, milliseconds.', schema: int },
  'X-RateLimit-NextRequest': { description: 'Epoch milliseconds of the earliest next `/v2/generate` request.', schema: int },
  'MineSkin-Delay': { description: 'Delay between `/v2/generate` requests, seconds (legacy name).', schema: int },
  'MineSkin-Delay-Seconds': { description: 'Delay between `/v2/generate` requests, seconds.', schema: int },
  'MineSkin-Delay-Millis': { description: 'Delay between `/v2/generate` requests, milliseconds.', schema: int },
  'Retry-After': { description: 'Seconds to wait before retrying (1 or more).', schema: z.string().regex(/^[1-9]\d*$/) },
  'X-MineSkin-Credits-Type': { description: 'Type of the credit row spent next.', schema: z.enum(['free', 'paid', 'reward', 'internal', 'auto']) },
  'X-MineSkin-Credits-Balance': { description: 'Balance of the credit row spent next.', schema: int },
  'Cache-Control': { description: 'Caching policy of this answer.', schema: z.string().min(1) },
  'Last-Modified': { description: 'Last change of the skin (HTTP date); send it back as `If-Modified-Since`.', schema: z.string().min(1) },
  ETag: { description: 'Strong validator: the quoted content hash; send it back as `If-None-Match`.', schema: z.string().regex(/^"[0-9a-f]{64}"$/) },
  Location: { description: 'Where the texture PNG is.', schema: z.string().min(1) },
  'Content-Disposition': { description: '`attachment` with the file name, when `?attachment` was asked for.', schema: z.string().startsWith('attachment') },
  'X-Skin-Variant': { description: 'The skin model of the imported PNG (`GET /v2/editor/import`): `classic` or `slim`.', schema: z.enum(['classic', 'slim']) },
  'Set-Cookie': { description: 'The anonymous client cookie `ssg_client` (HttpOnly, SameSite=Lax, one year), issued to callers without one.', schema: z.string().min(1) },
} as const
/** Name of a documented response header. */
export type HeaderName = keyof typeof RESPONSE_HEADERS

/** Headers every answer carries (src/api/routes/middleware.ts `baseHeaders`). */
export const BASE_HEADERS: HeaderName[] = ['MineSkin-Breadcrumb', 'MineSkin-Api-Version', 'MineSkin-Version']

/** Headers of a counted generate/queue request (`rateLimitHeaders`). */
export const RATE_LIMIT_HEADERS: HeaderName[] = [
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
  'X-RateLimit-Delay',
  'X-RateLimit-NextRequest',
  'MineSkin-Delay',
  'MineSkin-Delay-Seconds',
  'MineSkin-Delay-Millis',
]

/** Header names the contract test holds every answer to: present only where documented. */
export const CHECKED_HEADER = /^(mineskin-|x-mineskin-|x-ratelimit-|retry-after$)/i
