/**
 * `GET /openapi.json` (`/api/openapi.json` on the site; docs/api.md "API reference and OpenAPI"):
 * our OpenAPI 3.1 document. Public and the same for everyone; it changes only with a deploy.
 * @module
 */
import { Hono } from 'hono'
import type { ApiEnv } from '../routes/env'
import { openApiDocument } from '../../shared/openapi/document'

/** Builds the route serving the document. */
export function openApiRoutes() {
  const r = new Hono<ApiEnv>()
  r.get('/openapi.json', (c) => {
    c.header('Cache-Control', 'public, max-age=3600')
    return c.json(openApiDocument())
  })
  return r
}
