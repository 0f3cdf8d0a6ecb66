/**
 * The Export page's 'mine' list: the visitor's own skins live in this browser
 * (and, signed in, in the account), so this island lists them as rows of the download form, each
 * with a checkbox named `ids`; the plain GET form then sends the chosen uuids to `/export/download`.
 * @module
 */
import { useState } from 'react'
import { useI18n } from '../shared/i18n/context'
import { EXPORT_MAX } from '../shared/export/query'
import { renderUrl } from '../shared/render-url'
import { ROUTES, localizePath, skinPath } from '../shared/routes'
import { useOwnSkins } from './my-skins/use-own-skins'
import { ExportTableHead } from '../shared/ui/export-table-head'

/** The export form island: rows of the visitor's own skins. */
export default function ExportForm() {
  const { t, locale } = useI18n()
  const own = useOwnSkins(EXPORT_MAX)
  const [excluded, setExcluded] = useState<ReadonlySet<string>>(new Set())
  if (!own.started) return <div className="export__rows" />
  const rows = own.entries.filter((e) => e.skin)
  if (rows.length === 0) {
    return (
      <div className="export__rows">
        {own.loading ? (
          <p className="my-skins__status">{t('pages.mySkins.loading')}</p>
        ) : (
          <div className="notice my-skins__empty">
            <p>{t('pages.mySkins.empty')}</p>
            <a href={localizePath(ROUTES.home, locale)}>{t('pages.mySkins.generate')}</a>
          </div>
        )}
      </div>
    )
  }
  const toggle = (uuid: string, on: boolean) =>
    setExcluded((previous) => {
      const next = new Set(previous)
      if (on) next.delete(uuid)
      else next.add(uuid)
      return next
    })
  return (
    <div className="export__rows">
      <p className="export__count" aria-live="polite">
        {t('pages.export.chosen', { count: rows.length - rows.filter((r) => excluded.has(r.uuid)).length, total: rows.length })}
      </p>
      <div className="export__table-wrap">
        <table className="export-table">
          <ExportTableHead />
          <tbody>
            {rows.map(({ uuid, skin }) => (
              <tr key={uuid}>
                <td>
                  <input
                    type="checkbox"
                    name="ids"
                    value={uuid}
                    checked={!excluded.has(uuid)}
                    onChange={(event) => toggle(uuid, event.currentTarget.checked)}
                    aria-label={t('pages.export.includeSkin', { name: skin!.name || skin!.shortId })}
                  />
                </td>
                <td>
                  <a className="export-table__skin" href={skinPath(uuid, locale)}>
                    <img src={renderUrl({ textureHash: skin!.texture, view: 'head', size: 'small' })} alt="" width={24} height={24} loading="lazy" />
                    {skin!.name || skin!.shortId}
                  </a>
                </td>
                <td>
                  <time dateTime={new Date(skin!.timestamp).toISOString()}>{new Date(skin!.timestamp).toLocaleDateString(locale)}</time>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {own.loading && <p className="my-skins__status">{t('pages.mySkins.loading')}</p>}
    </div>
  )
}
