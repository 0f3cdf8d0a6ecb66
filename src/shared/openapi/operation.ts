/**
 * The shape of one row of the API's operation table (./paths.ts, ./legacy-paths.ts): method, path,
 * parameters, body, answers and error codes, and who may call it. Its own module, so the two tables
 * import it and not each other.
 * @module
 */
import type { z } from 'zod'
import type { RequestComponent, ResponseComponent } from './components'
import type { HeaderName } from './headers'

/** An answer of an operation. */
export interface OpResponse {
  description: string
  /** JSON body: one component, or one of several. */
  body?: ResponseComponent | ResponseComponent[]
  /** Non-JSON body (served instead of, or as an alternative to, the JSON one). */
  raw?: 'image/png' | 'application/x-pem-file' | 'text/event-stream'
  /** Headers always sent with this answer (besides the base headers). */
  headers?: HeaderName[]
  /** Headers sent only sometimes. */
  optionalHeaders?: HeaderName[]
}

/** An error status of an operation and the `errors[0].code` values it carries. */
export interface OpError {
  status: number
  codes: string[]
  headers?: HeaderName[]
  optionalHeaders?: HeaderName[]
  /** Body other than the v2 error envelope. */
  body?: ResponseComponent
}

/** Who may call an operation. */
export type Auth = 'none' | 'optional' | 'key' | 'user' | 'identified'

/** One operation. */
export interface Operation {
  id: string
  method: 'get' | 'post' | 'patch' | 'delete'
  /** OpenAPI path template, relative to the API root (`/api` on the site). */
  path: string
  tag: 'Generate' | 'Queue' | 'Skins' | 'Community' | 'Me' | 'Misc' | 'Files' | 'Legacy'
  summary: string
  description?: string
  auth: Auth
  grants?: string[]
  deprecated?: boolean
  pathParams?: z.ZodObject
  query?: z.ZodObject
  requestHeaders?: ('Turnstile-Token' | 'If-Modified-Since' | 'If-None-Match' | 'MineSkin-User-Agent' | 'Last-Event-ID')[]
  body?: { json?: RequestComponent; multipart?: RequestComponent; urlencoded?: RequestComponent; required: boolean }
  responses: Record<number, OpResponse>
  errors: OpError[]
}
