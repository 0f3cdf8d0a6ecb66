/**
 * Awaits a call that must fail with an ApiError and returns that error, so tests can assert its code,
 * status and source; any other outcome fails the test.
 * @module
 */
import { ApiError } from '../../src/api/errors'

/** The ApiError `run` rejects with. */
export async function apiFailure(run: Promise<unknown>): Promise<ApiError> {
  try {
    await run
  } catch (e) {
    if (e instanceof ApiError) return e
    throw e
  }
  throw new Error('the call succeeded but an ApiError was expected')
}
