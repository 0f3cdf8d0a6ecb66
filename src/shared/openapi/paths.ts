/**
 * Every path the API app serves, as one table read from src/api/routes/*.ts:
 * method, path, parameters (zod), request body, answers per status with their headers, the error
 * codes of each error status, and who may call it. `document.ts` turns it into OpenAPI 3.1; the
 * contract test (test/contract) calls every entry. A route added without a row here fails the
 * contract test's coverage check only once a test calls it, so add the row with the route.
 * @module
 */
import { z } from 'zod'
import { JOB_WAIT_MAX_MS } from '../api/job-wait'
import * as api from '../schemas/api'
import { RATE_LIMIT_HEADERS, type HeaderName } from './headers'
import { legacyOperations } from './legacy-paths'
import type { OpError, Operation } from './operation'

export type { Auth, OpError, OpResponse, Operation } from './operation'

const skinId = z.object({ id: api.skinIdSchema.meta({ description: 'Skin uuid (32 hex digits or dashed) or 8-hex short id.' }) })
const skinUuid = z.object({ id: api.skinUuidSchema.meta({ description: 'Skin uuid: 32 hex digits, dashes allowed. Short ids are refused (`validation_error`).' }) })
const jobId = z.object({ jobId: api.jobIdSchema.meta({ description: 'Job id: 24 hex digits.' }) })
const hash = z.object({ hash: z.string().meta({ description: 'SHA-256 hex of the PNG (63 digits as Mojang prints some, or 64), optionally with `.png`.' }) })
const generateQuery = z.object({
  timeout: z.coerce.number().int().min(1).max(30).optional().meta({ description: 'Seconds to wait for the skin (default 10, clamped to 1–30).' }),
  checkOnly: z.enum(['true', '1']).optional().meta({ description: 'Only look for an existing skin; 400 `no_duplicate` when none.' }),
})

const CACHE: HeaderName[] = ['Cache-Control']
const RL = RATE_LIMIT_HEADERS
const COOKIE: HeaderName[] = ['Set-Cookie']

/**
 * 507 when a new image does not fit in the instance's storage budget (docs/operations.md "Storage
 * budget and quotas"); the 429 `storage_quota` (the caller's new images of the day) is listed with
 * the other 429s.
 */
const STORAGE_FULL = (opt: Pick<OpError, 'optionalHeaders'>): OpError => ({ status: 507, codes: ['storage_full'], ...opt })

/** Errors of reading a submitted generate request and preparing its input (generate-request.ts, generator.submit). */
const submitErrors = (withRateLimit: boolean): OpError[] => {
  const opt = withRateLimit ? { optionalHeaders: [...RL] } : {}
  return [
    // cape_unavailable: a known cape this instance cannot sign with now, e.g. no signing account owns it (docs/signing.md "Capes").
    // invalid_remix_of: the `remixOf` option names no skin the caller may see (docs/api.md "Remixes").
    // invalid_signature, invalid_skin_data: a `value` + `signature` Mojang did not sign, or without a skin (docs/api.md "Existing Mojang textures").
    // invalid_callback_url, blocked_url_host, callback_requires_key, webhook_secret_missing, callbacks_unavailable: the `callback` option (docs/webhooks.md).
    { status: 400, codes: ['validation_error', 'invalid_request', 'invalid_file', 'missing_file', 'invalid_image', 'invalid_image_url', 'blocked_url_host', 'invalid_user', 'invalid_cape', 'cape_unavailable', 'invalid_remix_of', 'invalid_signature', 'invalid_skin_data', 'no_duplicate', 'request_aborted', 'invalid_callback_url', 'callback_requires_key', 'webhook_secret_missing', 'callbacks_unavailable'], ...opt },
    { status: 401, codes: ['unauthorized'], ...opt },
    // texture_banned: a moderator banned this image.
    { status: 403, codes: ['insufficient_grants', 'texture_banned'], ...opt },
    { status: 408, codes: ['request_timeout'], ...opt },
    { status: 413, codes: ['invalid_file', 'payload_too_large'], ...opt },
    { status: 415, codes: ['invalid_content_type'], ...opt },
    { status: 429, codes: ['rate_limit', 'job_limit', 'concurrency_limit', 'insufficient_credits', 'storage_quota'], optionalHeaders: ['Retry-After', ...(withRateLimit ? RL : [])] },
    { status: 502, codes: ['upstream_error'], ...opt },
    { status: 504, codes: ['upstream_timeout'], ...opt },
    STORAGE_FULL(opt),
  ]
}

const generateBody = { json: 'GenerateJsonBody', multipart: 'GenerateMultipartBody', urlencoded: 'GenerateJsonBody', required: true } as const

/** The operations of the API, grouped as the route files are. */
export const OPERATIONS: Operation[] = [
  {
    id: 'generate',
    method: 'post',
    path: '/v2/generate',
    tag: 'Generate',
    summary: 'Generate a skin and wait for it',
    description: 'Upload a PNG (multipart `file`), or send JSON with `url` (http(s) or a PNG data URL) or `user` (name or uuid). Extension: a Mojang-signed `value` + `signature` (JSON or multipart fields) is stored as it is, without a skin change, when the signature verifies against Mojang\'s key (400 `invalid_signature` otherwise), and a textures.minecraft.net URL whose Mojang-signed form is stored is answered from it. Waits up to `timeout` seconds; counts against the minute, hour and delay limits. urlencoded bodies are accepted with an `invalid_content_type` warning.',
    auth: 'optional',
    grants: ['private_skins (visibility private)', 'capes (cape)'],
    query: generateQuery,
    body: generateBody,
    responses: { 200: { description: 'The skin (new, or an existing one with `duplicate: true`).', body: 'GenerateResponse', headers: RL, optionalHeaders: COOKIE } },
    errors: [
      ...submitErrors(true),
      { status: 500, codes: ['generator_timeout', 'job_failed', 'unexpected_error', 'invalid_image', 'invalid_image_url', 'blocked_url_host', 'invalid_skin_data', 'upstream_error', 'skin_change_failed', 'invalid_signature', 'no_account_available'], optionalHeaders: RL },
    ],
  },
  {
    id: 'queueSubmit',
    method: 'post',
    path: '/v2/queue',
    tag: 'Queue',
    summary: 'Queue a skin for generation',
    description:
      'Same inputs as `POST /v2/generate`; answers at once with the job. An existing matching skin answers 200 with `skin`. Extension: with `wait`, a job expected to finish within it is answered when it finished, 200 with what `GET /v2/queue/{jobId}` answers then (`skin`, or `errors` of a failed job).',
    auth: 'optional',
    grants: ['private_skins (visibility private)', 'capes (cape)'],
    query: generateQuery.pick({ checkOnly: true }).extend(api.queueSubmitQuerySchema.shape),
    body: generateBody,
    responses: {
      200: { description: 'An existing skin matched (`skin_found`), or (with `wait`) the job finished meanwhile (`job_queued` and `job_completed` or `job_failed`).', body: 'QueueResponse', headers: RL, optionalHeaders: COOKIE },
      202: { description: 'Job queued (`job_queued`).', body: 'QueueResponse', headers: RL, optionalHeaders: COOKIE },
    },
    errors: submitErrors(true),
  },
  {
    id: 'queueBatch',
    method: 'post',
    path: '/v2/queue/batch',
    tag: 'Queue',
    summary: 'Queue 1–24 url, user or value + signature items at once',
    description: 'Each item is a `/v2/queue` JSON body and is processed independently; answer `batch[i]` is the result of request item `batch[i]`, with its own `success`, `job`, `skin` or `errors`. The whole batch counts against the rate limit (more items than the remaining allowance → 429), and its new images against the storage budget (507 `storage_full`) and the daily storage quota (429 `storage_quota`) as a whole: refused, nothing is queued.',
    auth: 'optional',
    grants: ['batch_generation'],
    body: { json: 'QueueBatchRequest', required: true },
    responses: {
      202: { description: 'One result per item, in request order.', body: 'QueueBatchResponse', headers: RL, optionalHeaders: ['Retry-After', ...COOKIE] },
    },
    errors: [
      { status: 400, codes: ['validation_error', 'invalid_request', 'request_aborted'] },
      { status: 403, codes: ['insufficient_grants'] },
      { status: 408, codes: ['request_timeout'] },
      { status: 413, codes: ['payload_too_large'] },
      { status: 415, codes: ['invalid_content_type'] },
      { status: 429, codes: ['rate_limit', 'storage_quota'], headers: ['Retry-After', ...RL], optionalHeaders: COOKIE },
      STORAGE_FULL({ optionalHeaders: [...RL, ...COOKIE] }),
    ],
  },
  {
    id: 'queueList',
    method: 'get',
    path: '/v2/queue',
    tag: 'Queue',
    summary: "The caller's jobs of the last 3 hours",
    description: 'By API key, user, or (anonymous) the client cookie.',
    auth: 'optional',
    responses: { 200: { description: 'Jobs, newest first.', body: 'JobListResponse', headers: CACHE, optionalHeaders: COOKIE } },
    errors: [],
  },
  {
    id: 'queueEvents',
    method: 'get',
    path: '/v2/queue/events',
    tag: 'Queue',
    summary: "The caller's job changes as they happen (server-sent events)",
    description:
      'Extension. A `text/event-stream` (HTML Standard, server-sent events) of the jobs `GET /v2/queue` lists for the same caller (API key, user, or the anonymous client cookie): `ready` once the stream is live, then one `job` event per change (`waiting`, `processing`, `completed`, `failed`) whose `data` is what `GET /v2/queue/{jobId}` answers at that change (`job`; `skin` once completed; `errors` once failed), each with an opaque `id:` (22 characters; hand it back as it came). Reconnect with `Last-Event-ID` to receive every change after that id, none twice; `resync` means the id can no longer be resumed from (older than 3 hours, or from another server): read `GET /v2/queue` again. A `: keep-alive` comment comes every 15 s. An `end` event closes the stream once its API key is revoked or its session ended. One caller holds at most `EVENT_STREAMS_PER_CALLER` streams (429 `too_many_streams`) and opens at most `EVENT_STREAMS_OPENED_PER_MINUTE` a minute (429 `rate_limit`); a full server answers 503 `events_busy`. A deployment that offers no stream answers 501 `events_unavailable`; `wait` on `GET /v2/queue/{jobId}` then is the way to follow a job.',
    auth: 'optional',
    requestHeaders: ['Last-Event-ID'],
    responses: { 200: { description: 'The event stream; it does not end by itself.', raw: 'text/event-stream', headers: CACHE, optionalHeaders: COOKIE } },
    errors: [
      { status: 400, codes: ['invalid_last_event_id'] },
      { status: 429, codes: ['too_many_streams', 'rate_limit'] },
      { status: 501, codes: ['events_unavailable'] },
      { status: 503, codes: ['events_busy'] },
    ],
  },
  {
    id: 'queueJob',
    method: 'get',
    path: '/v2/queue/{jobId}',
    tag: 'Queue',
    summary: 'One job; its skin once completed, its errors once failed',
    description:
      `Extension: with \`wait\` (ms, at most ${JOB_WAIT_MAX_MS}) the answer is held until the job is completed or failed, or the wait runs out (a long-poll), then is the same answer a read without \`wait\` gives at that moment. Without \`wait\` it answers at once, as on MineSkin.`,
    auth: 'none',
    pathParams: jobId,
    query: api.jobQuerySchema,
    responses: { 200: { description: '`job_pending`, `job_completed` (with `skin`) or `job_failed` (with `errors`).', body: 'JobResponse', headers: CACHE } },
    errors: [
      { status: 400, codes: ['validation_error'] },
      { status: 404, codes: ['job_not_found'] },
    ],
  },
  ...skinOperations(),
  ...communityOperations(),
  ...meOperations(),
  ...miscOperations(),
  {
    id: 'image',
    method: 'get',
    path: '/v2/images/{hash}',
    tag: 'Files',
    summary: 'An uploaded original image (re-encoded), immutable',
    auth: 'none',
    pathParams: hash,
    requestHeaders: ['If-None-Match'],
    responses: {
      200: { description: 'The PNG.', raw: 'image/png', headers: ['Cache-Control', 'ETag'] },
      304: { description: 'Not modified (`If-None-Match` matched).', headers: ['Cache-Control', 'ETag'] },
    },
    errors: [
      { status: 400, codes: ['validation_error'] },
      { status: 404, codes: ['image_not_found'] },
    ],
  },
  {
    id: 'texture',
    method: 'get',
    path: '/textures/{hash}',
    tag: 'Files',
    summary: 'A signed skin texture PNG, immutable',
    auth: 'none',
    pathParams: hash,
    query: z.object({ attachment: z.string().optional().meta({ description: 'Present: download as a file (`Content-Disposition: attachment`).' }) }),
    requestHeaders: ['If-None-Match'],
    responses: {
      200: { description: 'The PNG.', raw: 'image/png', headers: ['Cache-Control', 'ETag'], optionalHeaders: ['Content-Disposition'] },
      304: { description: 'Not modified (`If-None-Match` matched).', headers: ['Cache-Control', 'ETag'], optionalHeaders: ['Content-Disposition'] },
    },
    errors: [
      { status: 400, codes: ['validation_error'] },
      { status: 404, codes: ['image_not_found'] },
    ],
  },
  ...legacyOperations(),
]

function skinOperations(): Operation[] {
  const list = (category: 'latest' | 'popular' | 'random', path: string): Operation => ({
    id: `skins${category[0]!.toUpperCase()}${category.slice(1)}${path.endsWith('latest') ? 'Path' : ''}`,
    method: 'get',
    path,
    tag: 'Skins',
    summary: `${category === 'latest' ? 'Latest' : category === 'popular' ? 'Most viewed' : 'Random'} public skins`,
    description: 'Cursor pagination: `after` (the last uuid of this page) for the next page, `before` for the previous one.',
    auth: 'none',
    query: api.skinListQuerySchema,
    responses: { 200: { description: 'One page of skins.', body: 'SkinListResponse', headers: CACHE } },
    errors: [{ status: 400, codes: ['validation_error'] }],
  })
  const notFound: OpError[] = [
    { status: 400, codes: ['validation_error'] },
    { status: 404, codes: ['skin_not_found'] },
  ]
  return [
    list('latest', '/v2/skins'),
    list('latest', '/v2/skins/latest'),
    list('popular', '/v2/skins/popular'),
    list('random', '/v2/skins/random'),
    {
      id: 'skinGet',
      method: 'get',
      path: '/v2/skins/{id}',
      tag: 'Skins',
      summary: 'One skin',
      description: 'Private skins answer only to their owner (404 otherwise); unlisted skins to anyone by their uuid, and by short id only to their owner.',
      auth: 'optional',
      pathParams: skinId,
      requestHeaders: ['If-Modified-Since'],
      responses: {
        200: { description: 'The skin object inside `{success, skin}`.', body: 'SkinResponse', headers: ['Cache-Control', 'Last-Modified'] },
        304: { description: 'Not modified since `If-Modified-Since`.', headers: ['Cache-Control', 'Last-Modified'] },
      },
      errors: notFound,
    },
    {
      id: 'skinUpdate',
      method: 'patch',
      path: '/v2/skins/{id}',
      tag: 'Skins',
      summary: 'Rename a skin or change its visibility (owner only)',
      auth: 'identified',
      grants: ['private_skins (visibility private)'],
      pathParams: skinId,
      body: { json: 'SkinUpdateBody', required: true },
      responses: { 200: { description: 'The updated skin (`updated`).', body: 'SkinResponse' } },
      errors: [
        { status: 400, codes: ['validation_error', 'invalid_request', 'request_aborted'] },
        { status: 401, codes: ['unauthorized'] },
        { status: 403, codes: ['insufficient_grants', 'skin_hidden'] },
        { status: 404, codes: ['skin_not_found'] },
        { status: 408, codes: ['request_timeout'] },
        { status: 413, codes: ['payload_too_large'] },
      ],
    },
    {
      id: 'skinDelete',
      method: 'delete',
      path: '/v2/skins/{id}',
      tag: 'Skins',
      summary: 'Delete a skin (owner only, within the delete window)',
      auth: 'identified',
      pathParams: skinId,
      responses: { 200: { description: 'Marked for deletion (`deleted`).', body: 'EmptyResponse' } },
      errors: [...notFound, { status: 401, codes: ['unauthorized'] }],
    },
    {
      id: 'skinTexture',
      method: 'get',
      path: '/v2/skins/{id}/texture',
      tag: 'Skins',
      summary: "Redirect to the skin's texture PNG",
      auth: 'none',
      pathParams: skinId,
      responses: { 301: { description: 'Permanent redirect to `/textures/{hash}`.', headers: ['Location'] } },
      errors: notFound,
    },
    {
      id: 'skinUser',
      method: 'get',
      path: '/v2/skins/{id}/user',
      tag: 'Skins',
      summary: "The caller's relation to a skin: owner, may edit or delete, liked",
      auth: 'identified',
      pathParams: skinUuid,
      responses: { 200: { description: 'Permissions of the caller.', body: 'SkinUserResponse', headers: CACHE } },
      errors: [...notFound, { status: 401, codes: ['unauthorized'] }],
    },
    {
      id: 'skinMeta',
      method: 'get',
      path: '/v2/skins/{id}/meta',
      tag: 'Skins',
      summary: 'A generated description of a skin',
      auth: 'none',
      pathParams: skinId,
      requestHeaders: ['If-Modified-Since'],
      responses: {
        200: { description: 'The meta object.', body: 'SkinMetaResponse', headers: ['Cache-Control', 'Last-Modified'] },
        304: { description: 'Not modified since `If-Modified-Since`.', headers: ['Cache-Control', 'Last-Modified'] },
      },
      errors: notFound,
    },
    {
      id: 'skinSimilar',
      method: 'get',
      path: '/v2/skins/{id}/similar',
      tag: 'Skins',
      summary: 'Skins similar to this one',
      auth: 'none',
      pathParams: skinId,
      responses: { 200: { description: 'A list page without further pages.', body: 'SkinListResponse', headers: CACHE } },
      errors: notFound,
    },
  ]
}

function communityOperations(): Operation[] {
  const skinErrors: OpError[] = [
    { status: 400, codes: ['validation_error'] },
    { status: 404, codes: ['skin_not_found'] },
  ]
  const proofErrors: OpError[] = [
    { status: 400, codes: ['validation_error', 'missing_turnstile_token', 'invalid_request', 'request_aborted'] },
    { status: 401, codes: ['unauthorized'] },
    { status: 403, codes: ['invalid_turnstile_token'] },
    { status: 404, codes: ['skin_not_found'] },
  ]
  const bodyErrors: OpError[] = [
    { status: 408, codes: ['request_timeout'] },
    { status: 413, codes: ['payload_too_large'] },
  ]
  return [
    {
      id: 'challenge',
      method: 'get',
      path: '/v2/challenge',
      tag: 'Community',
      summary: 'An anti-bot challenge (altcha proof of work) for `Turnstile-Token`',
      description: 'With the built-in altcha check: the raw altcha challenge. With another check: `{success, antibot}` naming it.',
      auth: 'none',
      responses: { 200: { description: 'The challenge.', body: ['AltchaChallenge', 'AntibotKindResponse'], headers: CACHE, optionalHeaders: COOKIE } },
      errors: [],
    },
    {
      id: 'tagsGet',
      method: 'get',
      path: '/v2/skins/{id}/tags',
      tag: 'Community',
      summary: "A skin's tags with the caller's votes",
      auth: 'optional',
      pathParams: skinUuid,
      responses: { 200: { description: 'Tags.', body: 'SkinTagsResponse', headers: CACHE } },
      errors: skinErrors,
    },
    {
      id: 'tagsVote',
      method: 'post',
      path: '/v2/skins/{id}/tags',
      tag: 'Community',
      summary: 'Vote a tag up or down',
      auth: 'identified',
      pathParams: skinUuid,
      requestHeaders: ['Turnstile-Token'],
      body: { json: 'TagVoteBody', required: true },
      responses: { 200: { description: '`vote_added` or `already_voted`.', body: 'EmptyResponse', optionalHeaders: COOKIE } },
      // tag_banned: a moderator banned this tag.
      errors: [...proofErrors, ...bodyErrors, { status: 400, codes: ['tag_banned'] }],
    },
    {
      id: 'report',
      method: 'post',
      path: '/v2/skins/{id}/report',
      tag: 'Community',
      summary: 'Report a skin (once per caller)',
      auth: 'identified',
      pathParams: skinUuid,
      requestHeaders: ['Turnstile-Token'],
      body: { json: 'ReportBody', required: true },
      responses: { 200: { description: '`reported`.', body: 'EmptyResponse', optionalHeaders: COOKIE } },
      errors: [
        ...proofErrors,
        ...bodyErrors,
        { status: 409, codes: ['already_reported'] },
        // REPORTS_PER_HOUR per reporter (the user, else the address) and per address.
        { status: 429, codes: ['report_limit'], headers: ['Retry-After'] },
      ],
    },
    {
      id: 'view',
      method: 'post',
      path: '/v2/skins/{id}/interactions/views',
      tag: 'Community',
      summary: 'Count a view (only with a valid anti-bot proof; always 204)',
      auth: 'none',
      pathParams: skinUuid,
      requestHeaders: ['Turnstile-Token'],
      responses: { 204: { description: 'Accepted.' } },
      errors: skinErrors,
    },
    {
      id: 'like',
      method: 'post',
      path: '/v2/skins/{id}/interactions/likes',
      tag: 'Community',
      summary: 'Like a skin (once per caller)',
      auth: 'identified',
      pathParams: skinUuid,
      requestHeaders: ['Turnstile-Token'],
      responses: { 204: { description: 'Liked.', optionalHeaders: COOKIE } },
      errors: [...proofErrors, { status: 409, codes: ['already_liked'] }],
    },
  ]
}

function meOperations(): Operation[] {
  return [
    {
      id: 'me',
      method: 'get',
      path: '/v2/me',
      tag: 'Me',
      summary: "The caller's user id and grants",
      auth: 'user',
      responses: { 200: { description: 'User and grants.', body: 'MeResponse', headers: CACHE } },
      errors: [{ status: 404, codes: ['user_not_found'] }],
    },
    {
      id: 'meSkins',
      method: 'get',
      path: '/v2/me/skins',
      tag: 'Me',
      summary: "The caller's own skins",
      auth: 'identified',
      query: api.skinListQuerySchema,
      responses: { 200: { description: 'One page of own skins.', body: 'SkinListResponse', headers: CACHE } },
      errors: [
        { status: 400, codes: ['validation_error'] },
        { status: 401, codes: ['unauthorized'] },
      ],
    },
    {
      id: 'meClient',
      method: 'get',
      path: '/v2/me/client',
      tag: 'Me',
      summary: 'What the API knows about the caller',
      auth: 'optional',
      responses: { 200: { description: 'Client facts.', body: 'MeClientResponse', headers: CACHE } },
      errors: [],
    },
    {
      id: 'meCredits',
      method: 'get',
      path: '/v2/me/credits',
      tag: 'Me',
      summary: "The caller's credits",
      auth: 'user',
      deprecated: true,
      responses: { 200: { description: 'Credit balance.', body: 'MeCreditsResponse', headers: CACHE, optionalHeaders: ['X-MineSkin-Credits-Type', 'X-MineSkin-Credits-Balance'] } },
      errors: [{ status: 401, codes: ['invalid_user'], headers: CACHE }],
    },
    {
      id: 'meApiKey',
      method: 'get',
      path: '/v2/me/apikey',
      tag: 'Me',
      summary: 'The API key of this request',
      auth: 'key',
      responses: { 200: { description: 'The key.', body: 'MeApiKeyResponse', headers: CACHE } },
      // 403 without a key, as MineSkin's OpenAPI documents it.
      errors: [{ status: 403, codes: ['invalid_api_key'], headers: CACHE }],
    },
    {
      id: 'meApiKeys',
      method: 'get',
      path: '/v2/me/apikeys',
      tag: 'Me',
      summary: "The API keys of the caller's user",
      description: 'Signed in, or with an API key of the account. Keys that are not revoked, oldest first; the key itself is never shown again, only its id, name, billing flags and the grants set on it.',
      auth: 'user',
      responses: { 200: { description: 'The keys.', body: 'MeApiKeysResponse', headers: CACHE } },
      errors: [{ status: 401, codes: ['unauthorized'], headers: CACHE }],
    },
    {
      id: 'meLegacySkins',
      method: 'get',
      path: '/v2/me/legacyskins',
      tag: 'Me',
      summary: "The skins the caller's user got from the v1 generate routes",
      description: 'The uuids of the skins a v1 generate request (`/generate/upload|url|user`) answered to this user, new or duplicate, oldest first; deleted skins are left out.',
      auth: 'user',
      responses: { 200: { description: '`skins.v1`: skin uuids.', body: 'MeLegacySkinsResponse', headers: CACHE } },
      errors: [{ status: 401, codes: ['unauthorized'], headers: CACHE }],
    },
    {
      id: 'usage',
      method: 'get',
      path: '/v2/usage',
      tag: 'Me',
      summary: "The caller's usage: credits and generate rate",
      description: 'Credits of the signed-in user (`remaining` of those that count now, `used` of them), and the delay and next allowed generate request of this caller. Readable cross-origin only by the site and trusted origins.',
      auth: 'user',
      responses: { 200: { description: 'Usage.', body: 'UsageResponse', headers: CACHE } },
      errors: [{ status: 401, codes: ['invalid_user'], headers: CACHE }],
    },
    {
      id: 'delay',
      method: 'get',
      path: '/v2/delay',
      tag: 'Me',
      summary: "The caller's rate-limit state",
      auth: 'optional',
      deprecated: true,
      responses: { 200: { description: 'Rate limit.', body: 'DelayResponse', headers: [...CACHE, ...RL] } },
      errors: [],
    },
  ]
}

function miscOperations(): Operation[] {
  const validateErrors = (what: string): OpError[] => [
    { status: 400, codes: [`invalid_${what}`], body: 'LegacyValidateError' },
    { status: 429, codes: ['rate_limit'], headers: ['Retry-After'] },
    { status: 502, codes: ['upstream_error'] },
    { status: 504, codes: ['upstream_timeout'] },
  ]
  return [
    {
      id: 'capes',
      method: 'get',
      path: '/v2/capes',
      tag: 'Misc',
      summary: 'Known capes and whether this instance can sign with them',
      description:
        '`supported` is true for the capes a job may ask for with `cape`: with the Mojang signer, those a signing account in rotation owns; with the local signer, those whose texture this instance stores. Any other known cape is refused with 400 `cape_unavailable`.',
      auth: 'none',
      responses: { 200: { description: 'Capes.', body: 'CapeListResponse', headers: CACHE } },
      errors: [],
    },
    {
      id: 'stats',
      method: 'get',
      path: '/v2/stats',
      tag: 'Misc',
      summary: 'Generation statistics',
      description: '`successRate` is a percentage 0–100 with one decimal, as MineSkin sends it.',
      auth: 'none',
      responses: { 200: { description: 'Statistics.', body: 'StatsResponse', headers: CACHE } },
      errors: [],
    },
    {
      id: 'signingKey',
      method: 'get',
      path: '/v2/signing-key',
      tag: 'Misc',
      summary: 'The public key this instance signs textures with',
      auth: 'none',
      query: z.object({ format: z.literal('json').optional().meta({ description: '`json`: a v2 answer instead of the PEM file.' }) }),
      responses: {
        200: {
          description: 'PEM (`application/x-pem-file`), or JSON with `?format=json`.',
          body: 'SigningKeyResponse',
          raw: 'application/x-pem-file',
          headers: CACHE,
        },
      },
      errors: [{ status: 404, codes: ['not_found'] }],
    },
    {
      id: 'authlibInjector',
      method: 'get',
      path: '/authlib-injector',
      tag: 'Misc',
      summary: 'authlib-injector metadata with `signaturePublickey`',
      auth: 'none',
      responses: { 200: { description: 'Metadata.', body: 'AuthlibMetadata' } },
      errors: [{ status: 404, codes: ['not_found'] }],
    },
    {
      id: 'validateName',
      method: 'get',
      path: '/validate/name/{name}',
      tag: 'Misc',
      summary: 'Look up a player by name (legacy shape)',
      auth: 'none',
      pathParams: z.object({ name: z.string().min(1).max(16).meta({ description: 'Player name.' }) }),
      responses: {
        200: { description: '`{valid: true, uuid, name}`.', body: 'ValidateResponse', headers: CACHE },
        404: { description: '`{valid: false, name}`: no such player (not an error).', body: 'ValidateResponse', headers: CACHE },
      },
      errors: validateErrors('name'),
    },
    {
      id: 'validateUuid',
      method: 'get',
      path: '/validate/uuid/{uuid}',
      tag: 'Misc',
      summary: 'Look up a player by uuid (legacy shape)',
      auth: 'none',
      pathParams: z.object({ uuid: z.string().meta({ description: 'Player uuid, 32 hex digits, dashes allowed.' }) }),
      responses: {
        200: { description: '`{valid: true, uuid, name}`.', body: 'ValidateResponse', headers: CACHE },
        404: { description: '`{valid: false, uuid}`: no such player (not an error).', body: 'ValidateResponse', headers: CACHE },
      },
      errors: validateErrors('uuid'),
    },
    {
      id: 'editorImport',
      method: 'get',
      path: '/v2/editor/import',
      tag: 'Misc',
      summary: "A player's current skin, or an image URL's PNG, for the skin editor",
      description:
        "Extension. Exactly one of `user` and `url`. The image is fetched as a generate input is (the player's profile and texture; the URL through the SSRF-safe fetcher: http(s), at most 256 characters, public addresses only, `image/png`, at most 20 000 bytes; a link to one of this site's skins answers its texture when the caller may see it) and checked as a skin. Answers the PNG re-encoded, 64×64 or 64×32 (legacy, as it was), with the model in `X-Skin-Variant` (a player's profile model; else detected from the pixels). Nothing is stored; counts against the same per-minute limit as `/validate/*`; needs no cookie.",
      auth: 'none',
      query: api.editorImportQuerySchema,
      responses: { 200: { description: 'The skin PNG.', raw: 'image/png', headers: ['Cache-Control', 'X-Skin-Variant'] } },
      errors: [
        { status: 400, codes: ['invalid_request', 'invalid_user', 'invalid_image_url', 'blocked_url_host', 'invalid_image'] },
        { status: 404, codes: ['player_not_found', 'player_without_skin'] },
        { status: 429, codes: ['rate_limit'], headers: ['Retry-After'] },
        { status: 502, codes: ['upstream_error'] },
        { status: 504, codes: ['upstream_timeout'] },
      ],
    },
    {
      id: 'randomName',
      method: 'get',
      path: '/random-name',
      tag: 'Misc',
      summary: 'A random skin name; the same `seed` always gives the same name',
      auth: 'none',
      query: z.object({ seed: z.string().optional().meta({ description: 'Any text, e.g. a skin uuid.' }) }),
      responses: { 200: { description: '`{name}` (legacy shape).', body: 'RandomNameResponse', headers: CACHE } },
      errors: [],
    },
  ]
}
