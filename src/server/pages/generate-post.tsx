/**
 * The generate form without JavaScript: `POST /generate` (every language prefix)
 * takes the plain multipart form — one file, one image URL or one player, plus name, visibility and
 * variant — queues it through the API as the visitor (their cookies, so the anonymous client owns the
 * skin), and answers 303 to the job page, or straight to the skin page for a skin that exists already.
 * A refused post renders the home page again with the reasons and the values that were sent.
 * @module
 */
import type { Context, Handler } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { DEFAULT_HEADERS } from '../../shared/api/client'
import { readEnvelope } from '../../shared/api/envelope'
import { STORAGE_REFUSALS, storageRefusalText } from '../../shared/api/storage-codes'
import { DEFAULT_BODY_TIMEOUT_MS, readBody } from '../../shared/read-body'
import { jobPath, skinPath } from '../../shared/routes'
import { queueResponseSchema } from '../../shared/schemas/api'
import { MAX_SKIN_BYTES } from '../../shared/skin/skin-file'
import type { GenerateForm } from '../../shared/stores/generate-form'
import type { AppEnv } from '../env'
import { renderError } from './error-page'
import { setForwardedOrigin } from '../../shared/public-origin'
import { renderHome } from './home'

/** Largest accepted form post: a 20 000-byte skin plus the form's other fields and boundaries. */
export const MAX_FORM_BYTES = 64 * 1024

const VISIBILITY = new Set(['public', 'unlisted', 'private'])
const VARIANT = new Set(['unknown', 'classic', 'slim'])

/** Origins a form post may come from: this site as the visitor sees it, and as the server sees it. */
function sameSite(c: Context<AppEnv>): boolean {
  // A page on another site may not make a visitor's browser create jobs in their name (their cookies go along).
  if (c.req.header('sec-fetch-site') === 'cross-site') return false
  const origin = c.req.header('origin')
  if (!origin || origin === 'null') return origin === undefined
  const own = [new URL(c.req.url).origin, c.get('options').publicUrl].filter(Boolean)
  return own.includes(origin)
}

const text = (form: FormData, key: string) => {
  const value = form.get(key)
  return typeof value === 'string' ? value.trim() : ''
}

/** `POST /generate`. */
export const generatePost: Handler<AppEnv> = async (c) => {
  const { t } = c.get('i18n')
  if (!sameSite(c)) return renderError(c, 403, t('generate.notQueued'))
  const refuse = (status: ContentfulStatusCode, serverErrors: string[], submitted: NonNullable<Parameters<typeof renderHome>[1]>['submitted'] = {}) => {
    c.status(status)
    return renderHome(c, { serverErrors, submitted })
  }

  // Bounded in size and time (docs/operations.md "Request limits"); a client that went away mid-body
  // gets a plain 400, nothing logged.
  const read = await readBody(c.req.raw, { maxBytes: MAX_FORM_BYTES, timeoutMs: DEFAULT_BODY_TIMEOUT_MS })
  if (!read.ok && read.reason === 'timeout') return renderError(c, 408)
  if (!read.ok && read.reason === 'aborted') return renderError(c, 400)
  const bytes = read.ok ? read.bytes : null
  if (!bytes) return refuse(413, [t('generate.fileTooLarge', { size: Number(c.req.header('content-length') ?? MAX_FORM_BYTES), max: MAX_SKIN_BYTES })])
  let form: FormData
  try {
    form = await new Response(bytes, { headers: { 'content-type': c.req.header('content-type') ?? '' } }).formData()
  } catch {
    return refuse(400, [t('generate.nothingToSend')])
  }

  const file = form.get('file')
  const upload = file instanceof File && file.size > 0 ? file : null
  const url = text(form, 'url')
  const user = text(form, 'user')
  const name = text(form, 'name')
  const visibility = text(form, 'visibility')
  const variant = text(form, 'variant')
  const submitted = {
    url: url || undefined,
    user: user || undefined,
    name: name || undefined,
    visibility: VISIBILITY.has(visibility) ? (visibility as GenerateForm['visibility']) : undefined,
    variant: VARIANT.has(variant) ? (variant as GenerateForm['variant']) : undefined,
  }
  const given = [upload, url, user].filter(Boolean).length
  if (given === 0) return refuse(400, [t('generate.nothingToSend')], submitted)
  if (given > 1) return refuse(400, [t('generate.oneWay')], submitted)

  // The API validates every option; this only passes on what was sent.
  const options: Record<string, string> = {}
  if (name) options.name = name
  if (visibility) options.visibility = visibility
  if (variant) options.variant = variant
  let body: FormData | string
  const headers = new Headers(DEFAULT_HEADERS)
  if (upload) {
    body = new FormData()
    body.append('file', upload, upload.name)
    for (const [key, value] of Object.entries(options)) body.append(key, value)
  } else {
    body = JSON.stringify({ ...options, ...(url ? { url } : { user }) })
    headers.set('Content-Type', 'application/json')
  }
  for (const header of ['cookie', 'x-forwarded-for', 'user-agent']) {
    const value = c.req.header(header)
    if (value) headers.set(header, value)
  }
  // An API Worker without PUBLIC_URL signs texture URLs for the host the visitor used (src/shared/public-origin.ts).
  setForwardedOrigin(headers, new URL(c.req.url))
  const response = await c.get('options').api.fetch(new Request('http://api.internal/v2/queue', { method: 'POST', headers, body }))
  // The API's client cookie makes this browser the owner of the new skin, as it would with JavaScript.
  for (const cookie of response.headers.getSetCookie()) c.header('Set-Cookie', cookie, { append: true })
  const json: unknown = await response.json().catch(() => undefined)

  if (response.ok) {
    const answer = queueResponseSchema.safeParse(json)
    if (answer.success) {
      const { job, skin } = answer.data
      const locale = c.get('locale')
      if (skin) return c.redirect(skinPath(skin.uuid, locale), 303)
      return c.redirect(jobPath(job.id, locale), 303)
    }
  }
  const errors = readEnvelope(json).errors
  // A used-up storage quota or a full instance (docs/operations.md "Storage budget and quotas") is not
  // "too many requests": the visitor reads the reason in their language, and the status stays what
  // the API said.
  const storage = errors.some((error) => STORAGE_REFUSALS.has(error.code))
  if (response.status === 429 && !storage) {
    const seconds = Math.max(1, Number(response.headers.get('retry-after')) || 60)
    c.header('Retry-After', String(seconds))
    return refuse(429, [t('generate.retryIn', { seconds })], submitted)
  }
  const retryAfter = response.headers.get('retry-after')
  if (storage && retryAfter) c.header('Retry-After', retryAfter)
  const messages = errors.map((error) => storageRefusalText(error.code, t) ?? (error.message || error.code))
  const status = ((response.status >= 400 && response.status < 500) || storage ? response.status : 502) as ContentfulStatusCode
  return refuse(status, messages.length ? messages : [`HTTP ${response.status}`], submitted)
}
