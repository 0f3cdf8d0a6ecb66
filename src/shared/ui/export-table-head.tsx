/**
 * Head of the export page's skin table, shared by the server's table (latest, search) and the
 * export island's table (mine), so both read the same.
 * @module
 */
import { useI18n } from '../i18n/context'

/** `<thead>`: include checkbox, name, date. */
export function ExportTableHead() {
  const { t } = useI18n()
  return (
    <thead>
      <tr>
        <th scope="col">
          <span className="visually-hidden">{t('pages.export.include')}</span>
        </th>
        <th scope="col">{t('pages.export.name')}</th>
        <th scope="col">{t('pages.export.created')}</th>
      </tr>
    </thead>
  )
}
