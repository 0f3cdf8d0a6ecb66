/**
 * The legacy v1 operations (reference/mineskin-api.md §7), listed under the
 * "Legacy" tag of the API reference. Their errors are all in the v1 shape (`V1Error`, chosen by
 * `document.ts` for this tag). Served by src/api/legacy.
 * @module
 */
import { z } from 'zod'
import { RATE_LIMIT_HEADERS, type HeaderName } from './headers'
import type { OpError, OpResponse, Operation } from './operation'

const CACHE: HeaderName[] = ['Cache-Control']
const RL = RATE_LIMIT_HEADERS
const DEPRECATED: HeaderName[] = ['MineSkin-Api-Deprecated']

const generateQuery = z.object({
  key: z.string().optional().meta({ description: 'API key, instead of `Authorization: Bearer <key>` (legacy routes only).' }),
  timeout: z.string().optional().meta({ description: 'Seconds to wait for the skin (default 25, at most 30).' }),
  name: z.string().optional().meta({ description: 'Any body field may come in the query instead.' }),
})
const keyQuery = z.object({ key: z.string().optional().meta({ description: 'API key, instead of `Authorization: Bearer <key>`.' }) })

/** Errors of a v1 generate request (the v2 submit errors, in the v1 shape). */
const generateErrors: OpError[] = [
  { status: 400, codes: ['validation_error', 'invalid_request', 'invalid_file', 'missing_file', 'invalid_image', 'invalid_image_url', 'blocked_url_host', 'invalid_user', 'invalid_uuid', 'invalid_cape', 'cape_unavailable', 'no_duplicate', 'request_aborted'], optionalHeaders: [...RL, ...DEPRECATED] },
  { status: 403, codes: ['insufficient_grants', 'texture_banned'], optionalHeaders: [...RL, ...DEPRECATED] },
  { status: 408, codes: ['request_timeout'], optionalHeaders: [...RL, ...DEPRECATED] },
  { status: 413, codes: ['invalid_file', 'payload_too_large'], optionalHeaders: [...RL, ...DEPRECATED] },
  { status: 429, codes: ['rate_limit', 'job_limit', 'concurrency_limit', 'insufficient_credits', 'storage_quota'], optionalHeaders: ['Retry-After', ...RL, ...DEPRECATED] },
  { status: 500, codes: ['generator_timeout', 'job_failed', 'unexpected_error', 'invalid_skin_data', 'skin_change_failed', 'invalid_signature', 'no_account_available'], optionalHeaders: [...RL, ...DEPRECATED] },
  { status: 502, codes: ['upstream_error'], optionalHeaders: [...RL, ...DEPRECATED] },
  { status: 504, codes: ['upstream_timeout'], optionalHeaders: [...RL, ...DEPRECATED] },
  { status: 507, codes: ['storage_full'], optionalHeaders: [...RL, ...DEPRECATED] },
]

const generated: OpResponse = { description: 'The skin in the v1 shape (new, or an existing one with `duplicate: true`).', body: 'V1GenerateResponse', headers: [...RL, ...DEPRECATED], optionalHeaders: ['Set-Cookie'] }
const skinFound: OpResponse = { description: 'The skin in the v1 shape, with the caller’s `delayInfo`.', body: 'V1SkinResponse', headers: CACHE }
const GENERATE_TEXT = 'Waits for the skin like `POST /v2/generate` (up to `timeout` seconds) and counts against the same limits. Bodies may be JSON, urlencoded or multipart, or absent with every field in the query.'

/** The v1 operations. */
export function legacyOperations(): Operation[] {
  return [
    {
      id: 'v1GenerateUrl',
      method: 'post',
      path: '/generate/url',
      tag: 'Legacy',
      summary: 'Generate from an image URL',
      description: `${GENERATE_TEXT} A link to a skin of this site (\`/{uuid}\`, the skin page, a texture URL) answers with that skin.`,
      auth: 'optional',
      deprecated: true,
      query: generateQuery,
      body: { json: 'V1UrlBody', urlencoded: 'V1UrlBody', required: false },
      responses: { 200: generated },
      errors: generateErrors,
    },
    {
      id: 'v1GenerateUpload',
      method: 'post',
      path: '/generate/upload',
      tag: 'Legacy',
      summary: 'Generate from a PNG upload',
      description: GENERATE_TEXT,
      auth: 'optional',
      deprecated: true,
      query: generateQuery,
      body: { multipart: 'V1UploadBody', required: true },
      responses: { 200: generated },
      errors: generateErrors,
    },
    {
      id: 'v1GenerateUser',
      method: 'post',
      path: '/generate/user',
      tag: 'Legacy',
      summary: "Generate from a player's skin",
      description: GENERATE_TEXT,
      auth: 'optional',
      deprecated: true,
      query: generateQuery,
      body: { json: 'V1UserBody', urlencoded: 'V1UserBody', required: false },
      responses: { 200: generated },
      errors: generateErrors,
    },
    {
      id: 'v1GenerateUserGet',
      method: 'get',
      path: '/generate/user/{uuid}',
      tag: 'Legacy',
      summary: "Generate from a player's skin (GET)",
      description: `${GENERATE_TEXT} Options in the query. Cookies are ignored (another page can make a browser send this GET): without an API key the skin belongs to no one, with the warning \`cookies_ignored\`.`,
      auth: 'optional',
      deprecated: true,
      pathParams: z.object({ uuid: z.string().meta({ description: 'Player uuid (dashed or not) or name.' }) }),
      query: generateQuery,
      responses: { 200: generated },
      errors: generateErrors,
    },
    {
      id: 'v1Delay',
      method: 'get',
      path: '/get/delay',
      tag: 'Legacy',
      summary: "The caller's delay and next request",
      auth: 'optional',
      deprecated: true,
      query: keyQuery,
      responses: { 200: { description: 'Delay in seconds and milliseconds; `next` in epoch seconds, `nextRequest.time` in epoch ms.', body: 'V1DelayResponse', headers: CACHE } },
      errors: [],
    },
    {
      id: 'v1Stats',
      method: 'get',
      path: '/get/stats',
      tag: 'Legacy',
      summary: 'Statistics (also /get/stats/details)',
      auth: 'none',
      deprecated: true,
      responses: { 200: { description: 'Counts from the same counters as `GET /v2/stats`.', body: 'V1StatsResponse', headers: CACHE } },
      errors: [],
    },
    {
      id: 'v1SkinById',
      method: 'get',
      path: '/get/id/{id}',
      tag: 'Legacy',
      summary: 'One skin by integer id',
      description: 'A 32- or 36-character uuid is answered like `/get/uuid/{uuid}`. Integer ids are sequential, so they name public skins only, and unlisted or private ones to their creators (404 to anyone else).',
      auth: 'none',
      deprecated: true,
      pathParams: z.object({ id: z.string().meta({ description: 'Integer id (`id` of v1 answers), or a uuid.' }) }),
      responses: { 200: skinFound },
      errors: [
        { status: 400, codes: ['invalid_number', 'validation_error'] },
        { status: 404, codes: ['skin_not_found'] },
      ],
    },
    {
      id: 'v1SkinByUuid',
      method: 'get',
      path: '/get/uuid/{uuid}',
      tag: 'Legacy',
      summary: 'One skin by uuid',
      auth: 'none',
      deprecated: true,
      pathParams: z.object({ uuid: z.string().meta({ description: 'Skin uuid, 32 hex digits, dashes allowed.' }) }),
      responses: { 200: skinFound },
      errors: [
        { status: 400, codes: ['invalid_uuid'] },
        { status: 404, codes: ['skin_not_found'] },
      ],
    },
    {
      id: 'v1SkinForTexture',
      method: 'get',
      path: '/get/forTexture/{value}',
      tag: 'Legacy',
      summary: 'The skin with this texture value',
      auth: 'none',
      deprecated: true,
      pathParams: z.object({ value: z.string().meta({ description: 'The `textures` property value (URL-encoded).' }) }),
      responses: { 200: skinFound },
      errors: [{ status: 404, codes: ['skin_not_found'] }],
    },
    {
      id: 'v1SkinForTextureSigned',
      method: 'get',
      path: '/get/forTexture/{value}/{signature}',
      tag: 'Legacy',
      summary: 'The skin with this value and signature',
      auth: 'none',
      deprecated: true,
      pathParams: z.object({
        value: z.string().meta({ description: 'The `textures` property value (URL-encoded).' }),
        signature: z.string().meta({ description: 'Its signature (URL-encoded).' }),
      }),
      responses: { 200: skinFound },
      errors: [{ status: 404, codes: ['skin_not_found'] }],
    },
    {
      id: 'v1ListFirstPage',
      method: 'get',
      path: '/get/list',
      tag: 'Legacy',
      summary: 'First page of public skins',
      auth: 'none',
      deprecated: true,
      query: z.object({
        size: z.string().optional().meta({ description: 'Skins per page, 1–64 (default 16; read as an integer).' }),
        filter: z.string().optional().meta({ description: 'Search text (first 32 characters).' }),
      }),
      responses: { 200: { description: 'Page 1 with the total.', body: 'V1PageListResponse', headers: CACHE } },
      errors: [],
    },
    {
      id: 'v1List',
      method: 'get',
      path: '/get/list/{pageOrAnchor}',
      tag: 'Legacy',
      summary: 'A numbered page, or skins after an anchor',
      description: 'Digits: that page (`size` 1–64). `start` or a skin uuid: the public skins created before it (`size` 1–512); continue with the last uuid.',
      auth: 'none',
      deprecated: true,
      pathParams: z.object({ pageOrAnchor: z.string().meta({ description: 'Page number, `start`, or the uuid of the last skin seen.' }) }),
      query: z.object({
        size: z.string().optional().meta({ description: 'Skins per answer (read as an integer).' }),
        filter: z.string().optional().meta({ description: 'Search text (first 32 characters).' }),
      }),
      responses: {
        200: { description: 'A numbered page or an anchor page.', body: ['V1PageListResponse', 'V1AnchorListResponse'], headers: CACHE },
        404: { description: 'The anchor names no skin (`msg: "anchor not found"`, no skins).', body: 'V1AnchorListResponse' },
      },
      errors: [],
    },
    {
      id: 'v1Random',
      method: 'get',
      path: '/get/random',
      tag: 'Legacy',
      summary: 'A random public skin',
      auth: 'none',
      deprecated: true,
      responses: { 200: { ...skinFound, description: 'A random public skin.' } },
      errors: [{ status: 404, codes: ['skin_not_found'] }],
    },
  ]
}
