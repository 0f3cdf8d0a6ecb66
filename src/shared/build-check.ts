/**
 * The build check's shared names (SPEC §7 "Build check"): the server answers
 * `{ buildId }` at {@link LATEST_BUILD_PATH}; the client (src/islands/build-check.ts) asks it and
 * compares with the page's `<html data-build>`.
 * @module
 */

/** Where the latest build id is served (asked with `?t=<unix seconds>`). */
export const LATEST_BUILD_PATH = '/builds/latest.json'
