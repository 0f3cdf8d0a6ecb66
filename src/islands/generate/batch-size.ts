/**
 * Items per `POST /v2/queue/batch` call (issue 12 point 4): `MAX_BATCH_ITEMS` of
 * `shared/schemas/api/batch.ts`, repeated here so the generate form does not pull in full zod
 * (DESIGN.md §4 JavaScript budget); `submit-batch.test.ts` checks that the two agree.
 * @module
 */

/** Most links or players per batch call, and per multi-line paste. */
export const BATCH_SIZE = 24
