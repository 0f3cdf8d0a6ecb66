/**
 * The one error every image check throws (reference mineskin-api.md §1.10 `invalid_image`).
 * @module
 */
import { ApiError } from '../errors'

/** ApiError 400 `invalid_image` whose message says what is wrong with the file. */
export function invalidImage(reason: string): ApiError {
  return new ApiError('invalid_image', `Invalid skin image: ${reason}`, 400, 'CLIENT')
}
