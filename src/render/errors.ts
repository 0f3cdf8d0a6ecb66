/**
 * Errors of the renderer as values with a stable code (DESIGN.md §3). `src/render` may not import
 * `src/api` (it runs alone on Workers), so it carries its own error type with the same
 * `{ code, message, status }` shape as the API's `ApiError` and answers the same v2 envelope.
 * @module
 */
import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'

/** Stable codes the render service answers with. */
export type RenderErrorCode =
  | 'invalid_render_request'
  | 'invalid_image'
  | 'texture_not_found'
  | 'texture_fetch_failed'
  | (string & {})

/** An error with a stable machine-readable code and the HTTP status to answer with. */
export class RenderError extends Error {
  constructor(
    /** Stable code, e.g. `invalid_image`. */
    readonly code: RenderErrorCode,
    message: string,
    /** HTTP status the render routes answer with. */
    readonly status: ContentfulStatusCode = 400,
  ) {
    super(message)
    this.name = 'RenderError'
  }
}

/** True when `e` is a {@link RenderError}. */
export const isRenderError = (e: unknown): e is RenderError => e instanceof RenderError

/** Answers `{ success: false, errors: [{ code, message }] }` (reference/mineskin-api.md §1.10); never cached. */
export function errorResponse(c: Context, error: RenderError): Response {
  c.header('Cache-Control', 'no-store')
  return c.json({ success: false, errors: [{ code: error.code, message: error.message }] }, error.status)
}
