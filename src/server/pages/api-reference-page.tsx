/**
 * `GET /api-reference`: the index of the API's endpoints grouped by tag — method,
 * path and summary — read from the same OpenAPI document the API serves at `/api/openapi.json`, so
 * page and document cannot disagree. Each endpoint links to its own page
 * (`api-reference-endpoint-page.tsx`) with the full detail; the index stays well under the 30 KB
 * page budget. Plain HTML (no island, no inline script or style, CSP-safe). Endpoint texts stay
 * English (they are API documentation); the page chrome and the closing "Differences from MineSkin"
 * card (`./api-reference-differences.tsx`) are translated.
 * @module
 */
import type { Handler } from 'hono'
import { openApiDocument, TAGS } from '../../shared/openapi/document'
import { apiReferencePath } from '../../shared/routes'
import { useI18n } from '../../shared/i18n/context'
import type { AppEnv } from '../env'
import { ApiReferenceDifferences } from './api-reference-differences'
import { byTag, type Endpoint } from './api-reference-model'

/**
 * One endpoint as a line of the index: method, path and summary, linking to its own page. The line
 * and its summary carry no class names (the stylesheet reaches them through the list's): the index
 * has a line per endpoint, and every byte of them counts against the 30 KB page budget.
 */
function EndpointItem({ e }: { e: Endpoint }) {
  const { locale } = useI18n()
  return (
    <li id={e.op.operationId}>
      <a href={apiReferencePath(e.op.operationId, locale)}>
        <b className={`api-ref__method api-ref__method--${e.method}`}>{e.method.toUpperCase()}</b> <code>{e.path}</code>
      </a>{' '}
      <span>{`${e.op.summary}${e.op.deprecated ? ' (deprecated)' : ''}`}</span>
    </li>
  )
}

/** The reference page body. */
export function ApiReferencePage() {
  const { t } = useI18n()
  const doc = openApiDocument()
  const groups = byTag(doc)
  return (
    <article className="page api-ref">
      <h1>{t('pages.apiReference.title')}</h1>
      <p className="page__lead">{t('pages.apiReference.lead')}</p>
      <p>
        <a href="/api/openapi.json" type="application/json">
          {t('pages.apiReference.openapi')}
        </a>
        {` · ${t('pages.apiReference.base')} `}
        <code>/api</code>
      </p>
      {TAGS.map((tag) => (
        <section className="card" key={tag.name} aria-labelledby={`api-ref-${tag.name}`}>
          <h2 className="card__title" id={`api-ref-${tag.name}`}>
            {tag.name}
          </h2>
          <p className="api-ref__tag">{tag.description}</p>
          <ul className="api-ref__list">
            {groups.get(tag.name)!.map((e) => (
              <EndpointItem key={e.op.operationId} e={e} />
            ))}
          </ul>
        </section>
      ))}
      <ApiReferenceDifferences />
    </article>
  )
}

/** `GET /api-reference`. */
export const apiReferencePage: Handler<AppEnv> = (c) => {
  const { t } = c.get('i18n')
  return c.render(<ApiReferencePage />, { title: t('pages.apiReference.title'), description: t('pages.apiReference.lead') })
}
