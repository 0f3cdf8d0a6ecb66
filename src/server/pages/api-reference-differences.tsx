/**
 * The "Differences from MineSkin" card of `/api-reference`: where this API answers
 * otherwise than MineSkin's on purpose, so a client author does not have to find out by testing. The
 * longer list, with the differences from MineSkin's published OpenAPI, is in docs/api.md
 * ("Differences from MineSkin's published OpenAPI"). Translated page text; `code` spans via DocText.
 * @module
 */
import { useI18n } from '../../shared/i18n/context'
import { DocText } from './api-reference-text'

/** Message keys of the listed differences, in page order. */
const DIFFERENCES = ['pages.apiReference.diffAuthorization', 'pages.apiReference.diffMeApiKey', 'pages.apiReference.diffSize', 'pages.apiReference.diffJobWait', 'pages.apiReference.diffUnlisted'] as const

/** The card. */
export function ApiReferenceDifferences() {
  const { t } = useI18n()
  return (
    <section className="card" id="differences" aria-labelledby="api-ref-differences">
      <h2 className="card__title" id="api-ref-differences">
        {t('pages.apiReference.differences')}
      </h2>
      <p className="api-ref__tag">{t('pages.apiReference.differencesLead')}</p>
      <ul>
        {DIFFERENCES.map((key) => (
          <li key={key}>
            <DocText text={t(key)} />
          </li>
        ))}
      </ul>
    </section>
  )
}
