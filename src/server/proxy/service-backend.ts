/**
 * The Worker's backends (docs/cloudflare.md "The web Worker"): a service binding to another Worker (no
 * public hop), or a MineSkin-compatible origin, both through {@link remoteBackend} so retries and
 * header stripping are the same; and the answer when neither is configured, which says exactly what to
 * set.
 * @module
 */
import type { Fetcher } from '@cloudflare/workers-types'
import type { Backend } from '../app-options'
import { remoteBackend, type RemoteBackendOptions } from './remote-backend'
import { BINDING_BASE, forBinding } from '../../shared/public-origin'

export { BINDING_BASE }

/**
 * A binding wins over an origin; undefined when neither is set. Over a binding the visitor's origin
 * travels in X-Forwarded-Host/Proto (src/shared/public-origin.ts), so the bound Worker's links name the
 * site when PUBLIC_URL is unset, and redirects reach the visitor rather than being followed by the binding.
 */
export function serviceBackend(binding: Fetcher | undefined, origin: string | undefined, options: RemoteBackendOptions = {}): Backend | undefined {
  if (binding) {
    // A service binding's fetch takes a Request; its Response type is workerd's, the same object at run time.
    const bound = remoteBackend(BINDING_BASE, { ...options, fetch: (request) => binding.fetch(request as never) as unknown as Promise<Response> })
    return { fetch: (request) => bound.fetch(forBinding(request)) }
  }
  if (origin) return remoteBackend(origin, options)
  return undefined
}

/**
 * What to do when the Worker has no API, in one message the 503 page and `/api/*` show as they are.
 * A process environment variable is not read by `wrangler dev`; the message names the settings that are.
 */
export const MISSING_API_MESSAGE =
  'This Worker has no API configured. Bind the API Worker as "API" (wrangler.toml [env.stack], `wrangler deploy --env stack`) ' +
  'or set API_ORIGIN to a MineSkin-compatible API: locally `wrangler dev --var API_ORIGIN:https://your-api.example/api` ' +
  'or a line API_ORIGIN=https://your-api.example/api in .dev.vars; deployed, API_ORIGIN under [vars] in wrangler.toml, then `wrangler deploy`. ' +
  'A shell environment variable (API_ORIGIN=… wrangler dev) is not passed to the Worker.'

/** Answers 503 with the v2 error envelope and {@link MISSING_API_MESSAGE}. */
export const missingApi: Backend = {
  fetch: async () => Response.json({ success: false, errors: [{ code: 'api_not_configured', message: MISSING_API_MESSAGE }] }, { status: 503 }),
}
