/**
 * Errors as values with a stable `code` (reference/mineskin-api.md §1.10, DESIGN.md §3).
 * Every layer of the embedded API throws `ApiError`; the route layer turns it into the v2
 * error envelope `{ success: false, errors: [{ code, message }] }` with `status`.
 * @module
 */
import type { ContentfulStatusCode } from 'hono/utils/http-status'

/** Where an error came from (SPEC §3 "Error source"). */
export const ERROR_SOURCES = ['UNKNOWN', 'CLIENT', 'SERVER', 'UPSTREAM'] as const
export type ErrorSource = (typeof ERROR_SOURCES)[number]

/** An error with a stable machine-readable code, an HTTP status and a readable message. */
export class ApiError extends Error {
  constructor(
    /** Stable code, e.g. `invalid_image` (reference §1.10). */
    readonly code: string,
    message: string,
    /** HTTP status the API answers with. */
    readonly status: ContentfulStatusCode = 400,
    /** Who is at fault (SPEC §3). */
    readonly source: ErrorSource = status >= 500 ? 'SERVER' : 'CLIENT',
    /** Extra causes, rendered as further `errors[]` entries after this one. */
    readonly causes: readonly { code: string; message: string }[] = [],
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

/** True when `e` is an {@link ApiError}. */
export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError
