/**
 * Builds our OpenAPI 3.1 document from the operation table (`./paths`) and the
 * zod schemas (`./components`) with zod 4's `z.toJSONSchema` (JSON Schema draft 2020-12, the dialect
 * of OpenAPI 3.1): responses as the API sends them (`io: 'output'`), request bodies and parameters
 * as it accepts them (`io: 'input'`). Every answer carries the base `MineSkin-*` headers; every
 * error answer is the v2 error envelope, with its possible `errors[0].code` values listed in the
 * description and in `x-error-codes`. Imports only src/shared and this folder (see `./components`).
 * @module
 */
import { z } from 'zod'
import { REQUEST_COMPONENTS, RESPONSE_COMPONENTS, type ResponseComponent } from './components'
import { BASE_HEADERS, RESPONSE_HEADERS, type HeaderName } from './headers'
import { OPERATIONS, type OpError, type Operation, type OpResponse } from './paths'

type Json = Record<string, unknown>

const REF = (name: string) => `#/components/schemas/${name}`

/** Errors every route can answer: a bad key or a locked key owner (identity middleware), a foreign cookie write, a crash. */
const COMMON_ERRORS = (op: Operation): OpError[] => [
  { status: 403, codes: op.method === 'get' ? ['invalid_api_key', 'account_locked'] : ['invalid_api_key', 'account_locked', 'origin_not_allowed'] },
  { status: 500, codes: ['internal_error'] },
]

/** Tags in reference order, with a line each. */
export const TAGS = [
  { name: 'Generate', description: 'Turn a PNG, an image URL or a player into a signed skin.' },
  { name: 'Queue', description: 'Queue generation jobs and follow them.' },
  { name: 'Skins', description: 'Skin lists and single skins.' },
  { name: 'Community', description: 'Tags, votes, reports, views and likes; the anti-bot challenge.' },
  { name: 'Me', description: 'The caller: user, API key, credits, rate limit, own skins.' },
  { name: 'Misc', description: 'Capes, statistics, signing key, legacy helpers.' },
  { name: 'Files', description: 'Stored images and textures.' },
  { name: 'Legacy', description: "MineSkin's v1 API, for plugins that still call it: answers and errors in the v1 shape." },
] as const

const strip = (schema: Json): Json => {
  const { $schema: _s, $id: _i, ...rest } = schema
  return dropZodFormats(rest) as Json
}

/** zod marks `startsWith` as `format: "starts_with"`, which is no JSON Schema format; the `pattern` beside it says the same. */
function dropZodFormats(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(dropZodFormats)
  if (!node || typeof node !== 'object') return node
  const out: Json = {}
  for (const [k, v] of Object.entries(node)) if (!(k === 'format' && v === 'starts_with')) out[k] = dropZodFormats(v)
  return out
}

/** All component schemas: responses as sent, request bodies as accepted. */
function componentSchemas(): Record<string, Json> {
  const build = (components: Record<string, z.ZodType | z.core.$ZodType>, io: 'input' | 'output') => {
    const registry = z.registry<{ id: string }>()
    for (const [id, schema] of Object.entries(components)) registry.add(schema as z.core.$ZodType, { id })
    const out = z.toJSONSchema(registry, { target: 'draft-2020-12', io, unrepresentable: 'any', uri: REF }) as { schemas: Record<string, Json> }
    return Object.fromEntries(Object.entries(out.schemas).map(([k, v]) => [k, strip(v)]))
  }
  return { ...build(RESPONSE_COMPONENTS, 'output'), ...build(REQUEST_COMPONENTS, 'input') }
}

/** Parameters of a zod object (`in` path, query). */
function parameters(shape: z.ZodObject | undefined, where: 'path' | 'query'): Json[] {
  if (!shape) return []
  return Object.entries(shape.shape).map(([name, s]) => {
    const schema = strip(z.toJSONSchema(s as z.ZodType, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }) as Json)
    const { description, ...rest } = schema
    const required = where === 'path' || !(s as z.ZodType).safeParse(undefined).success
    return { name, in: where, required, ...(description ? { description } : {}), schema: rest }
  })
}

const REQUEST_HEADER_TEXT = {
  'Turnstile-Token': 'Anti-bot proof: base64 of the solved `GET /v2/challenge` (altcha), or a Turnstile token where deployed.',
  'If-Modified-Since': 'HTTP date of the copy you have; 304 when unchanged.',
  'If-None-Match': 'The `ETag` of the copy you have; 304 when unchanged.',
  'MineSkin-User-Agent': 'Descriptive client name (e.g. `MyPlugin/1.0`) when `User-Agent` cannot be set.',
  'Last-Event-ID': 'The `id:` of the last event received: the stream resumes after it (EventSource sends it by itself when it reconnects).',
} as const

/** Header component name: required and optional uses are separate components (`required` lives on the header object). */
const headerRef = (name: HeaderName, required: boolean) => ({ $ref: `#/components/headers/${name}${required ? '' : '.optional'}` })

function headerObjects(required: HeaderName[], optional: HeaderName[] = []): Json {
  return Object.fromEntries([
    ...[...BASE_HEADERS, ...required].map((n) => [n, headerRef(n, true)]),
    ...optional.filter((n) => !required.includes(n)).map((n) => [n, headerRef(n, false)]),
  ])
}

/** Every documented response header, once required and once optional. */
function headerComponents(): Json {
  const out: Json = {}
  for (const [name, h] of Object.entries(RESPONSE_HEADERS)) {
    const schema = strip(z.toJSONSchema(h.schema, { target: 'draft-2020-12' }) as Json)
    out[name] = { description: h.description, required: true, schema }
    out[`${name}.optional`] = { description: h.description, required: false, schema }
  }
  return out
}

const jsonContent = (body: ResponseComponent | ResponseComponent[]) => ({
  'application/json': { schema: Array.isArray(body) ? { oneOf: body.map((b) => ({ $ref: REF(b) })) } : { $ref: REF(body) } },
})

function response(r: OpResponse): Json {
  const content = {
    ...(r.body ? jsonContent(r.body) : {}),
    ...(r.raw ? { [r.raw]: { schema: r.raw === 'image/png' ? { type: 'string', contentMediaType: 'image/png' } : { type: 'string' } } } : {}),
  }
  return { description: r.description, headers: headerObjects(r.headers ?? [], r.optionalHeaders), ...(Object.keys(content).length ? { content } : {}) }
}

/** Error statuses of an operation, merged with the common ones. */
export function errorsOf(op: Operation): OpError[] {
  const byStatus = new Map<number, OpError>()
  for (const e of [...op.errors, ...COMMON_ERRORS(op)]) {
    const prev = byStatus.get(e.status)
    if (!prev) byStatus.set(e.status, { ...e, codes: [...e.codes] })
    else {
      for (const c of e.codes) if (!prev.codes.includes(c)) prev.codes.push(c)
      prev.optionalHeaders = [...new Set([...(prev.optionalHeaders ?? []), ...(e.optionalHeaders ?? []), ...(e.headers ?? [])])].filter((h) => !(prev.headers ?? []).includes(h))
    }
  }
  return [...byStatus.values()].sort((a, b) => a.status - b.status)
}

function errorResponse(e: OpError, op: Operation): Json {
  const codes = e.codes.map((c) => `\`${c}\``).join(', ')
  return {
    description: `Error codes: ${codes}`,
    'x-error-codes': e.codes,
    headers: headerObjects(e.headers ?? [], e.optionalHeaders),
    // The legacy v1 routes answer every error in the v1 shape (src/api/legacy/v1-errors.ts).
    content: jsonContent(e.body ?? (op.tag === 'Legacy' ? 'V1Error' : 'ApiError')),
  }
}

const SECURITY: Record<Operation['auth'], Json[]> = {
  none: [{}, { apiKey: [] }],
  optional: [{}, { apiKey: [] }, { session: [] }, { clientCookie: [] }],
  key: [{ apiKey: [] }],
  user: [{ apiKey: [] }, { session: [] }],
  identified: [{ apiKey: [] }, { session: [] }, { clientCookie: [] }],
}

function operation(op: Operation): Json {
  const headerParams = (op.requestHeaders ?? []).map((name) => ({ name, in: 'header', required: false, description: REQUEST_HEADER_TEXT[name], schema: { type: 'string' } }))
  const body = op.body && {
    required: op.body.required,
    content: {
      ...(op.body.json ? { 'application/json': { schema: { $ref: REF(op.body.json) } } } : {}),
      ...(op.body.multipart ? { 'multipart/form-data': { schema: { $ref: REF(op.body.multipart) } } } : {}),
      ...(op.body.urlencoded ? { 'application/x-www-form-urlencoded': { schema: { $ref: REF(op.body.urlencoded) } } } : {}),
    },
  }
  const responses: Json = {}
  for (const [status, r] of Object.entries(op.responses)) responses[status] = response(r)
  for (const e of errorsOf(op)) if (!responses[e.status]) responses[e.status] = errorResponse(e, op)
  const grants = op.grants?.length ? ` Grants: ${op.grants.map((g) => `\`${g}\``).join(', ')}.` : ''
  return {
    operationId: op.id,
    tags: [op.tag],
    summary: op.summary,
    ...(op.description || grants ? { description: `${op.description ?? ''}${grants}`.trim() } : {}),
    ...(op.deprecated ? { deprecated: true } : {}),
    ...(op.grants?.length ? { 'x-grants': op.grants } : {}),
    security: SECURITY[op.auth],
    parameters: [...parameters(op.pathParams, 'path'), ...parameters(op.query, 'query'), ...headerParams],
    ...(body ? { requestBody: body } : {}),
    responses,
  }
}

/** Builds the document; `serverUrl` is the API root (`/api` on the site). */
export function buildOpenApiDocument(serverUrl = '/api'): Json {
  const paths: Record<string, Json> = {}
  for (const op of OPERATIONS) (paths[op.path] ??= {})[op.method] = operation(op)
  return {
    openapi: '3.1.0',
    info: {
      title: 'Skin Signature Generator API',
      version: 'v2',
      summary: 'A MineSkin-v2-compatible API: generate signed Minecraft skin textures, browse and manage skins.',
      description:
        'Successful v2 answers are `{success: true, ...payload, messages, warnings, links}`; errors are `{success: false, errors: [{code, message}, ...causes]}` (plus `rateLimit` on generate and queue). Times are epoch milliseconds unless named seconds, except the ISO 8601 key dates of `/v2/me/apikey` (as MineSkin sends them). Paths also answer with a trailing slash, with repeated slashes and with their fixed words in any case (`/V2/Skins`), as on MineSkin.',
    },
    servers: [{ url: serverUrl }],
    tags: TAGS,
    security: SECURITY.optional,
    paths,
    components: {
      schemas: componentSchemas(),
      headers: headerComponents(),
      securitySchemes: {
        // Any other Authorization value is no key, as in MineSkin's `middleware/apikey.ts`.
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          description: 'API key: `Authorization: Bearer <key>`. Any other value (a bare key, `bearer <key>`) is ignored, as on MineSkin: the request runs anonymously, with the warning `invalid_authorization`.',
        },
        session: { type: 'apiKey', in: 'cookie', name: 'ssg_api', description: 'Session of a signed-in user (set by the account service).' },
        clientCookie: { type: 'apiKey', in: 'cookie', name: 'ssg_client', description: 'Anonymous client id; issued by the API on first write.' },
      },
    },
  }
}

let cached: Json | null = null
/** The document for the site (`servers: [{url: '/api'}]`), built once. */
export function openApiDocument(): Json {
  cached ??= buildOpenApiDocument()
  return cached
}
