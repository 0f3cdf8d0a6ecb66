/**
 * The API is down or answered badly: page loaders turn that into a 503 page that says so.
 * @module
 */
import { HTTPException } from 'hono/http-exception'
import { ApiCallError } from '../../shared/api/api-call-error'

/** Rethrows `error` as a 503 (an HTTPException passes through unchanged). */
export const unavailable = (error: unknown): never => {
  if (error instanceof HTTPException) throw error
  const message = error instanceof ApiCallError ? `${error.code}: ${error.message}` : undefined
  throw new HTTPException(503, { message, cause: error })
}
