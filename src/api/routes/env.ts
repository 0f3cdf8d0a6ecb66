/**
 * Hono environment of the API routes: per-request variables set by the middleware.
 * @module
 */
import type { Identity } from '../users/identity'
import type { RateLimitInfo } from '../../shared/schemas/api'

/** Per-request variables. */
export interface ApiVariables {
  /** 8-hex request id (`MineSkin-Breadcrumb`). */
  breadcrumb: string
  /** The caller. */
  identity: Identity
  /** Rate-limit state, echoed in generate/queue error bodies (reference §1.3 "Errors"). */
  rateLimit?: RateLimitInfo
  /** Extra warnings for this response (e.g. `invalid_content_type`, `anchor_not_found`). */
  warnings: { code: string; message: string }[]
}

/** Hono env of the API. */
export interface ApiEnv {
  Variables: ApiVariables
}
