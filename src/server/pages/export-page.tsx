/**
 * Export (reference/mineskin-api.md §3.2): pick skins — mine, a search, or the latest
 * 100 — preview them with a checkbox per row, and download JSON (full skin objects) or CSV. Two plain
 * GET forms, so it works without JavaScript; only 'mine' needs the browser (its list lives there),
 * and the `export-form` island fills those rows.
 * @module
 */
import type { Context, Handler } from 'hono'
import { useI18n } from '../../shared/i18n/context'
import type { MessageKey } from '../../shared/i18n/translator'
import { EXPORT_MAX, EXPORT_PREVIEW_ROWS, parseExportQuery, type ExportProblem, type ExportQuery, type ExportSource } from '../../shared/export/query'
import { ROUTES, localizePath, skinPath } from '../../shared/routes'
import { skinListResponseSchema, type SkinListItem } from '../../shared/schemas/api'
import type { AppEnv } from '../env'
import { Island } from '../render/island'
import { unavailable } from './unavailable'
import { ExportTableHead } from '../../shared/ui/export-table-head'

const SOURCES: { source: ExportSource; label: MessageKey }[] = [
  { source: 'mine', label: 'pages.export.sourceMine' },
  { source: 'search', label: 'pages.export.sourceSearch' },
  { source: 'latest', label: 'pages.export.sourceLatest' },
]

/** The translated text of each refusal. */
export const EXPORT_PROBLEMS: Record<ExportProblem, MessageKey> = {
  source: 'pages.export.problem.source',
  format: 'pages.export.problem.format',
  search: 'pages.export.problem.search',
  ids: 'pages.export.problem.ids',
  tooMany: 'pages.export.problem.tooMany',
  noneChosen: 'pages.export.problem.noneChosen',
}

/** What the page shows. */
export interface ExportPageProps {
  query: ExportQuery
  /** Server-listed skins (latest or search); absent for 'mine'. */
  skins?: SkinListItem[]
  problem?: string
}

function SkinTable({ skins }: { skins: SkinListItem[] }) {
  const { t, locale } = useI18n()
  return (
    <div className="export__table-wrap">
      <table className="export-table">
        <ExportTableHead />
        <tbody>
          {skins.map((skin) => (
            <tr key={skin.uuid}>
              <td>
                <input type="checkbox" name="ids" value={skin.uuid} defaultChecked aria-label={t('pages.export.includeSkin', { name: skin.name || skin.shortId })} />
              </td>
              <td>
                <a className="export-table__skin" href={skinPath(skin.uuid, locale)}>
                  {skin.name || skin.shortId}
                </a>
              </td>
              <td>
                <time dateTime={new Date(skin.timestamp).toISOString()}>{new Date(skin.timestamp).toLocaleDateString(locale)}</time>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** The Export page body. */
export function ExportPage({ query, skins, problem }: ExportPageProps) {
  const { t, locale } = useI18n()
  const needsTerm = query.source === 'search' && !query.search
  const rows =
    query.source === 'mine' ? (
      <>
        <noscript>
          <p className="notice">{t('pages.export.mineNeedsScript')}</p>
        </noscript>
        <Island name="export-form" props={{}} />
      </>
    ) : skins && skins.length > 0 ? (
      <>
        <p className="export__count">
          {skins.length > EXPORT_PREVIEW_ROWS ? t('pages.export.listedPart', { count: skins.length, shown: EXPORT_PREVIEW_ROWS }) : t('pages.export.listed', { count: skins.length })}
        </p>
        {/* The first rows only (HTML budget, DESIGN.md §4); the rest are included through `more`. */}
        <SkinTable skins={skins.slice(0, EXPORT_PREVIEW_ROWS)} />
        {skins.length > EXPORT_PREVIEW_ROWS && <input type="hidden" name="more" value={skins[EXPORT_PREVIEW_ROWS - 1]!.uuid} />}
      </>
    ) : (
      <p className="notice">{t('pages.export.none')}</p>
    )
  return (
    <section className="page export">
      <h1>{t('pages.export.title')}</h1>
      <p className="page__lead">{t('pages.export.lead')}</p>
      {problem && (
        <p className="notice notice--error" role="alert">
          {problem}
        </p>
      )}
      <form method="get" action={localizePath(ROUTES.export, locale)} className="card export__choose">
        <fieldset className="export__sources">
          <legend className="card__title">{t('pages.export.source')}</legend>
          {SOURCES.map(({ source, label }) => (
            <label key={source} className="export__source">
              <input type="radio" name="source" value={source} defaultChecked={query.source === source} />
              {t(label, { max: EXPORT_MAX })}
            </label>
          ))}
        </fieldset>
        <div className="field export__search">
          <label htmlFor="export-search">{t('pages.export.searchLabel')}</label>
          <input id="export-search" className="text-input" type="search" name="search" defaultValue={query.search} maxLength={32} pattern="[a-zA-Z0-9\-_ ]*" />
        </div>
        <button type="submit" className="button button--outlined">
          {t('pages.export.show')}
        </button>
      </form>
      {needsTerm ? (
        <p className="notice">{t('pages.export.enterTerm')}</p>
      ) : (
        <form method="get" action={localizePath(ROUTES.exportDownload, locale)} className="card export__download">
          <h2 className="card__title">{t('pages.export.preview')}</h2>
          <input type="hidden" name="source" value={query.source} />
          {query.search && <input type="hidden" name="search" value={query.search} />}
          <input type="hidden" name="pick" value="1" />
          {rows}
          <fieldset className="export__formats">
            <legend>{t('pages.export.format')}</legend>
            {(['csv', 'json'] as const).map((format) => (
              <label key={format} className="export__source">
                <input type="radio" name="format" value={format} defaultChecked={query.format === format} />
                {t(format === 'csv' ? 'pages.export.formatCsv' : 'pages.export.formatJson')}
              </label>
            ))}
          </fieldset>
          <button type="submit" className="button button--primary">
            {t('pages.export.download')}
          </button>
        </form>
      )}
    </section>
  )
}

/** Lists the latest 100, or the first 100 matches of a search (reference §1.6: list items). */
export async function listForExport(c: Context<AppEnv>, query: ExportQuery, after?: string, size = EXPORT_MAX): Promise<SkinListItem[]> {
  const answer = await c
    .get('api')
    .call('/v2/skins', skinListResponseSchema, { query: { size, after, filter: query.source === 'search' ? query.search : undefined } })
    .catch(unavailable)
  return answer?.skins ?? []
}

/** Renders the page; `status` 400 with `problem` for a refused request. */
export async function renderExport(c: Context<AppEnv>, problem?: ExportProblem) {
  const { t } = c.get('i18n')
  const parsed = parseExportQuery(new URL(c.req.url).searchParams, false)
  const query: ExportQuery = parsed.ok ? parsed.query : { source: 'latest', search: '', format: 'csv', ids: [], picked: false }
  const refusal = problem ?? (parsed.ok ? undefined : parsed.problem)
  if (refusal) c.status(400)
  const listed = (!refusal || refusal === 'noneChosen') && query.source !== 'mine' && !(query.source === 'search' && !query.search)
  const skins = listed ? await listForExport(c, query) : undefined
  return c.render(<ExportPage query={query} skins={skins} problem={refusal && t(EXPORT_PROBLEMS[refusal])} />, { title: t('pages.export.title') })
}

/** `GET /export`. */
export const exportPage: Handler<AppEnv> = (c) => renderExport(c)
