/**
 * Reading a v1 generate request the way MineSkin's legacy routes do (reference/mineskin-api.md §7;
 * MineSkin `routes/generate.ts` `getAndValidateOptions`, `util/compat.ts` `rewriteV2Options`,
 * `util/validate.ts`): every field may come from the body — JSON, urlencoded or multipart, or no body
 * at all — or from the query string (`req.body[x] || req.query[x]`), numbers may arrive as strings,
 * and odd values are normalised rather than refused. The result is the same {@link GenerateRequest}
 * the v2 routes produce.
 * @module
 */
import type { Context } from 'hono'
import { generateOptionsSchema, imageUrlSchema, userInputSchema } from '../../shared/schemas/api'
import { ApiError } from '../errors'
import type { ApiEnv } from '../routes/env'
import { parseOr400 } from '../routes/envelope'
import { readJsonObject, readMultipartParts, readUrlencoded, truthy, type GenerateRequest } from '../jobs/routes/generate-request'
import { INVALID_REQUEST, INVALID_UUID, MISSING_UUID } from './v1-messages'

/** Which v1 input a route takes. */
export type V1Input = 'url' | 'upload' | 'user'

/** A v1 body's fields (values as sent: strings, or JSON numbers and booleans) and its file. */
interface V1Body {
  fields: Record<string, unknown>
  file: File | null
}

/** Reads whatever body came; an empty or unknown-typed body has no fields (old clients send none). */
async function readV1Body(c: Context<ApiEnv>, timeoutMs?: number): Promise<V1Body> {
  const contentType = c.req.header('content-type') ?? ''
  const type = contentType.split(';')[0]!.trim().toLowerCase()
  if (type === 'multipart/form-data') return readMultipartParts(c, contentType, timeoutMs)
  const hasBody = c.req.raw.body !== null && c.req.header('content-length') !== '0'
  if (type === 'application/json' && hasBody) return { fields: await readJsonObject(c, timeoutMs), file: null }
  if (type === 'application/x-www-form-urlencoded' && hasBody) return { fields: await readUrlencoded(c, timeoutMs), file: null }
  return { fields: {}, file: null }
}

/** A field as text: body first, then query; empty means absent. */
function field(body: V1Body, c: Context<ApiEnv>, name: string): string | undefined {
  const raw = body.fields[name]
  // A JSON object or array is no v1 value, and `String()` throws on one whose `toString` is not a function (`{"toString":0}`).
  if (typeof raw === 'object' && raw !== null) throw new ApiError('validation_error', `\`${name}\` must be a string or a number`, 400)
  const value = raw === undefined || raw === null || raw === '' ? c.req.query(name) : String(raw)
  return value === undefined || value === '' ? undefined : value
}

/** MineSkin `validateVariant` / `validateModel`: `classic|default|steve` → classic, `slim|alex` → slim, else unknown. */
export function legacyVariant(value: string | undefined): 'classic' | 'slim' | 'unknown' {
  const v = value?.trim().toLowerCase()
  if (v === 'classic' || v === 'default' || v === 'steve') return 'classic'
  if (v === 'slim' || v === 'alex') return 'slim'
  return 'unknown'
}

/**
 * v1 visibility: 1 is unlisted (MineSkin `validateVisibility`: `visibility == 1`), anything else
 * public; our 2 (private) and the v2 words are understood too.
 */
export function legacyVisibility(value: string | undefined): 'public' | 'unlisted' | 'private' {
  const v = value?.trim().toLowerCase()
  if (v === '1' || v === 'unlisted' || v === 'true') return 'unlisted'
  if (v === '2' || v === 'private') return 'private'
  return 'public'
}

/** MineSkin `validateName` + `rewriteV2Options`: first 24 characters, trimmed, only `[a-zA-Z0-9_.- ]` kept. */
export function legacyName(value: string | undefined): string | undefined {
  const name = value?.slice(0, 24).trim().replace(/[^a-zA-Z0-9_.\- ]/g, '')
  return name ? name : undefined
}

/** Reads the v1 request of a route taking `input`; `pathUser` is the `:uuid` of `GET /generate/user/:uuid`. */
export async function readV1Request(c: Context<ApiEnv>, input: V1Input, timeoutMs?: number, pathUser?: string): Promise<GenerateRequest> {
  const body = await readV1Body(c, timeoutMs)
  const get = (name: string) => field(body, c, name)
  let variant = legacyVariant(get('variant'))
  if (variant === 'unknown') variant = legacyVariant(get('model'))
  // `remixOf` is our extension (docs/api.md "Remixes"); v1 callers may send it like any field, and it
  // is checked as on v2. The v1 answers keep MineSkin's shapes, so they do not echo it.
  const options = parseOr400(generateOptionsSchema, { name: legacyName(get('name')), visibility: legacyVisibility(get('visibility')), variant, cape: get('cape'), remixOf: get('remixOf') })
  const checkOnly = truthy(body.fields.checkOnly) || truthy(c.req.query('checkOnly'))
  if (input === 'upload') {
    if (!body.file) throw new ApiError('missing_file', 'No file in the multipart field `file`', 400)
    return { input: { kind: 'upload', bytes: new Uint8Array(await body.file.arrayBuffer()), fileName: body.file.name || null }, options, checkOnly }
  }
  if (input === 'url') {
    const url = get('url')
    if (!url) throw new ApiError('invalid_request', INVALID_REQUEST, 400)
    return { input: { kind: 'url', url: parseOr400(imageUrlSchema, url.trim()) }, options, checkOnly }
  }
  // MineskinClient sends `uuid`; v2-minded callers `user`. A name works too (our generator resolves it).
  const user = pathUser ?? get('uuid') ?? get('user')
  if (!user) throw new ApiError('invalid_user', MISSING_UUID, 400)
  const parsed = userInputSchema.safeParse(user.trim())
  if (!parsed.success) throw new ApiError('invalid_uuid', INVALID_UUID, 400)
  return { input: { kind: 'user', user: parsed.data }, options, checkOnly }
}
