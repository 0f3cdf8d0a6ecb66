/**
 * The two error codes of URL fetching (reference mineskin-api.md §1.10).
 * @module
 */
import { ApiError } from '../errors'

/** 400 `invalid_image_url`: bad scheme/length/syntax, unreachable, wrong type, too big, HTTP error, timeout. */
export const invalidImageUrl = (reason: string): ApiError =>
  new ApiError('invalid_image_url', `Invalid image URL: ${reason}`, 400, 'CLIENT')

/** 400 `blocked_url_host`: the host is or resolves to an address we never fetch from (SSRF guard). */
export const blockedUrlHost = (reason: string): ApiError =>
  new ApiError('blocked_url_host', `Blocked URL host: ${reason}`, 400, 'CLIENT')
