/**
 * Error codes of the API's storage limits (issue 26 point 7): 507 `storage_full` (the instance's
 * storage budget is used up) and 429 `storage_quota` (the caller's new images of the day). Waiting
 * minutes helps with neither, and only new images are refused, so clients show the API's message
 * beside the item instead of a retry countdown.
 * @module
 */

/** The codes of the storage refusals. */
export const STORAGE_REFUSALS: ReadonlySet<string> = new Set(['storage_full', 'storage_quota'])
