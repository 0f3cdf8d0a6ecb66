/**
 * The one error every image check throws (reference mineskin-api.md §1.10 `invalid_image`).
 * @module
 */
import { isPngError } from '../../shared/png'
import { ApiError } from '../errors'

/** ApiError 400 `invalid_image` whose message says what is wrong with the file. */
export function invalidImage(reason: string): ApiError {
  return new ApiError('invalid_image', `Invalid skin image: ${reason}`, 400, 'CLIENT')
}

/** Runs a PNG check, turning its {@link PngError} into 400 `invalid_image`; other errors pass through. */
export function asInvalidImage<T>(check: () => T): T {
  try {
    return check()
  } catch (e) {
    if (isPngError(e)) throw invalidImage(e.message)
    throw e
  }
}
