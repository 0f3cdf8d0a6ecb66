/**
 * Reads a generate request body (reference/mineskin-api.md §1.5): multipart `file` (+ option
 * fields), JSON `{url | user, ...options}`, or urlencoded (accepted with a warning); anything else
 * is 415 `invalid_content_type`. A Mojang-signed `value` + `signature` pair (docs/api.md "Existing
 * Mojang textures") may stand in for the input in every one of them.
 * @module
 */
import type { Context } from 'hono'
import { z } from 'zod'
import {
  generateOptionsSchema,
  jsonGenerateBodySchema,
  texturesSignatureInputSchema,
  texturesValueInputSchema,
  type GenerateOptions,
} from '../../../shared/schemas/api'
import { ApiError } from '../../errors'
import type { GenerateInput } from '../generate/prepare-input'
import { readBodyLimited } from '../../routes/body'
import type { ApiEnv } from '../../routes/env'
import { parseOr400 } from '../../routes/envelope'

/** A parsed generate request. */
export interface GenerateRequest {
  input: GenerateInput
  options: GenerateOptions
  checkOnly: boolean
}

/**
 * Most non-file multipart fields: multer's `fields: 5` (reference §1.5) covers MineSkin's name,
 * visibility, variant, cape and checkOnly; one more for our `remixOf` option, two for a signed
 * `value` + `signature` input and one for `callback` (docs/webhooks.md), so a request may carry every
 * option at once.
 */
const MAX_FIELDS = 9

/** The input fields of a generate body, one kind of which must be present. */
interface InputFields {
  url?: string | undefined
  user?: string | undefined
  value?: string | undefined
  signature?: string | undefined
}

/**
 * The one input a body names — `url`, `user`, or `value` with `signature` (docs/api.md "Existing
 * Mojang textures") — or null when it names none; two kinds at once, or half a signed pair, is 400
 * `invalid_request`.
 */
export function inputOfFields(f: InputFields): GenerateInput | null {
  const signed = f.value !== undefined || f.signature !== undefined
  if ([f.url !== undefined, f.user !== undefined, signed].filter(Boolean).length > 1) {
    throw new ApiError('invalid_request', 'Send one input: url, user, or value with signature', 400)
  }
  if (signed) {
    if (f.value === undefined || f.signature === undefined) throw new ApiError('invalid_request', 'Send value and signature together', 400)
    return { kind: 'signed', value: f.value, signature: f.signature }
  }
  return f.url !== undefined ? { kind: 'url', url: f.url } : f.user !== undefined ? { kind: 'user', user: f.user } : null
}

/** Spellings of "no" a flag may carry; an empty value (`?checkOnly`) is "no" too. */
const FALSY = new Set(['', '0', 'false', 'no', 'off'])

/**
 * A boolean-ish flag as MineSkin reads `checkOnly` (`!!(body.checkOnly || query.checkOnly)`):
 * any present value is true — `true`, `1`, `yes`, `on`, a JSON `1` — except the spellings of
 * "no", which MineSkin would also take as true but no caller means so.
 */
export const truthy = (v: unknown): boolean => {
  if (typeof v === 'string') return !FALSY.has(v.trim().toLowerCase())
  return v !== undefined && v !== null && v !== false && v !== 0
}

/** The fields and the one `file` of a multipart generate body. */
export interface MultipartParts {
  fields: Record<string, string>
  file: File | null
}

/**
 * Reads a multipart generate body: at most one file (400 `invalid_file` for more), at most
 * {@link MAX_FIELDS} other fields (multer's limits, reference §1.5).
 */
export async function readMultipartParts(c: Context<ApiEnv>, contentType: string, timeoutMs?: number): Promise<MultipartParts> {
  const bytes = await readBodyLimited(c.req.raw, 'generateMultipart', timeoutMs)
  let form: FormData
  try {
    form = await new Response(bytes, { headers: { 'content-type': contentType } }).formData()
  } catch {
    throw new ApiError('invalid_file', 'Malformed multipart body', 400)
  }
  const fields: Record<string, string> = {}
  let file: File | null = null
  let fileCount = 0
  for (const [key, entry] of form.entries()) {
    const value = entry as unknown as string | File
    if (typeof value === 'string') {
      fields[key] = value
      continue
    }
    fileCount++
    if (key === 'file') file = value
  }
  if (fileCount > 1) throw new ApiError('invalid_file', 'Send exactly one file, in the field `file`', 400)
  if (Object.keys(fields).length > MAX_FIELDS) throw new ApiError('invalid_file', `At most ${MAX_FIELDS} fields besides the file`, 400)
  return { fields, file }
}

/** Reads a JSON generate body, which must be an object (400 `invalid_request` otherwise). */
export async function readJsonObject(c: Context<ApiEnv>, timeoutMs?: number): Promise<Record<string, unknown>> {
  const text = new TextDecoder().decode(await readBodyLimited(c.req.raw, 'generateJson', timeoutMs))
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw new ApiError('invalid_request', 'Malformed JSON body', 400)
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) throw new ApiError('invalid_request', 'Expected a JSON object', 400)
  return json as Record<string, unknown>
}

/** Reads an urlencoded generate body into its fields. */
export async function readUrlencoded(c: Context<ApiEnv>, timeoutMs?: number): Promise<Record<string, string>> {
  const text = new TextDecoder().decode(await readBodyLimited(c.req.raw, 'generateUrlencoded', timeoutMs))
  return Object.fromEntries(new URLSearchParams(text))
}

/** Multipart fields of a signed input (empty ones count as absent, as for the options). */
const multipartSignedSchema = z.object({
  value: z.preprocess((v) => (v === '' ? undefined : v), texturesValueInputSchema.optional()),
  signature: z.preprocess((v) => (v === '' ? undefined : v), texturesSignatureInputSchema.optional()),
})

async function fromMultipart(c: Context<ApiEnv>, contentType: string, timeoutMs?: number): Promise<GenerateRequest> {
  const { fields, file } = await readMultipartParts(c, contentType, timeoutMs)
  const { value, signature } = parseOr400(multipartSignedSchema, fields)
  const signed = inputOfFields({ value, signature })
  if (signed && file) throw new ApiError('invalid_request', 'Send either a file or value with signature, not both', 400)
  if (!signed && !file) throw new ApiError('missing_file', 'No file in the multipart field `file`', 400)
  const options = parseOr400(generateOptionsSchema, fields)
  return {
    input: signed ?? { kind: 'upload', bytes: new Uint8Array(await file!.arrayBuffer()), fileName: file!.name || null },
    options,
    checkOnly: truthy(fields.checkOnly) || truthy(c.req.query('checkOnly')),
  }
}

function fromObject(c: Context<ApiEnv>, raw: unknown): GenerateRequest {
  const body = parseOr400(jsonGenerateBodySchema, raw)
  const { url, user, value, signature, ...options } = body
  const input = inputOfFields({ url, user, value, signature })
  if (!input) throw new ApiError('invalid_request', 'Send a multipart file, or JSON with url, user, or value and signature', 400)
  const checkOnly = truthy((raw as { checkOnly?: unknown }).checkOnly) || truthy(c.req.query('checkOnly'))
  return { input, options, checkOnly }
}

/** Parses the generate request of `c`; `bodyTimeoutMs` bounds how long its body may take to arrive. */
export async function readGenerateRequest(c: Context<ApiEnv>, bodyTimeoutMs?: number): Promise<GenerateRequest> {
  const contentType = c.req.header('content-type') ?? ''
  const type = contentType.split(';')[0]!.trim().toLowerCase()
  if (type === 'multipart/form-data') return fromMultipart(c, contentType, bodyTimeoutMs)
  if (type === 'application/json') return fromObject(c, await readJsonObject(c, bodyTimeoutMs))
  if (type === 'application/x-www-form-urlencoded') {
    const fields = await readUrlencoded(c, bodyTimeoutMs)
    c.get('warnings').push({ code: 'invalid_content_type', message: 'Use application/json or multipart/form-data' })
    return fromObject(c, fields)
  }
  throw new ApiError('invalid_content_type', `Unsupported content type ${type || '(none)'}; use multipart/form-data or application/json`, 415)
}
