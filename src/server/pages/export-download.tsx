/**
 * `GET /export/download`: the Export page's form target. Loads the chosen skins'
 * full objects (`GET /v2/skins/{id}`, with the visitor's cookies, so their own private skins come
 * too) and answers the file as an attachment. Bad parameters get the Export page with a 400.
 * @module
 */
import type { Handler } from 'hono'
import { ApiCallError } from '../../shared/api/api-call-error'
import { EXPORT_MAX, EXPORT_PREVIEW_ROWS, parseExportQuery } from '../../shared/export/query'
import { exportFile } from '../../shared/export/skins'
import { skinResponseSchema, type SkinInfo } from '../../shared/schemas/api'
import type { AppEnv } from '../env'
import { listForExport, renderExport } from './export-page'
import { unavailable } from './unavailable'

/** Skin requests in flight at once: quick in-process, polite to a remote API. */
const PARALLEL = 8

/** Maps `items` with at most `limit` calls running. */
async function mapLimit<T, R>(items: readonly T[], limit: number, run: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const i = next++
      out[i] = await run(items[i]!)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return out
}

/** `GET /export/download?source&search&format&ids&pick`. */
export const exportDownload: Handler<AppEnv> = async (c) => {
  const parsed = parseExportQuery(new URL(c.req.url).searchParams, true)
  if (!parsed.ok) return renderExport(c, parsed.problem)
  const { query } = parsed
  const api = c.get('api')
  let ids = query.ids
  if (query.more) {
    // The rows past the preview: the source's skins after the last one shown, up to 100 in all.
    const rest = await listForExport(c, query, query.more, EXPORT_MAX - EXPORT_PREVIEW_ROWS)
    ids = [...new Set([...ids, ...rest.map((s) => s.uuid)])].slice(0, EXPORT_MAX)
  } else if (!query.picked) {
    ids = (await listForExport(c, query)).map((s) => s.uuid)
  }
  const found = await mapLimit(ids, PARALLEL, (id) =>
    api.call(`/v2/skins/${id}`, skinResponseSchema, { silent: true }).then(
      (answer) => answer?.skin ?? null,
      // A skin deleted since the list was shown, or private to someone else, is simply not in the file.
      (error: unknown) => (error instanceof ApiCallError && (error.status === 404 || error.status === 400) ? null : unavailable(error)),
    ),
  )
  const skins = found.filter((s): s is SkinInfo => s !== null)
  const file = exportFile(skins, query.format)
  const day = c.get('options').now().toISOString().slice(0, 10)
  return c.body(file.body, 200, {
    'Content-Type': file.type,
    'Content-Disposition': `attachment; filename="skins-${query.source}-${day}.${file.extension}"`,
    'Cache-Control': 'private, no-store',
    'X-Content-Type-Options': 'nosniff',
  })
}
