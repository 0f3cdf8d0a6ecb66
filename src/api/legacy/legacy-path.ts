/**
 * Which paths belong to the legacy v1 API (reference/mineskin-api.md §7), so the app answers their
 * errors and unknown paths in the v1 shape.
 * @module
 */

/** True for a path of the v1 API (`/generate/...`, `/get/...`), however cased or slashed. */
export const isLegacyPath = (path: string): boolean => /^\/+(?:generate|get)(?:\/|$)/i.test(path)
