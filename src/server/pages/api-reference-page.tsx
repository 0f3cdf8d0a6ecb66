/**
 * `GET /api-reference` (issue 12 point 1): the API's endpoints grouped by tag — method, path,
 * summary, parameters, answers and error codes — read from the same OpenAPI document the API serves
 * at `/api/openapi.json`, so page and document cannot disagree. Plain HTML (no island, no inline
 * script or style, CSP-safe); `<details>` opens an endpoint without JavaScript. Endpoint texts stay
 * English (they are API documentation); the page chrome is translated.
 * @module
 */
import type { Handler } from 'hono'
import { openApiDocument, TAGS } from '../../shared/openapi/document'
import { useI18n } from '../../shared/i18n/context'
import type { AppEnv } from '../env'

type Json = Record<string, any>

interface Endpoint {
  method: string
  path: string
  op: Json
}

/** Endpoints of the document by tag, in table order. */
function byTag(doc: Json): Map<string, Endpoint[]> {
  const groups = new Map<string, Endpoint[]>(TAGS.map((t) => [t.name, []]))
  for (const [path, methods] of Object.entries<Json>(doc.paths)) {
    for (const [method, op] of Object.entries<Json>(methods)) groups.get(op.tags[0])?.push({ method, path, op })
  }
  return groups
}

const deref = (doc: Json, node: Json): Json => (node.$ref ? node.$ref.slice(2).split('/').reduce((o: Json, k: string) => o[k], doc) : node)

/** One endpoint, compact (the page stays small: one line of parameters, one of answers). */
function EndpointItem({ doc, e }: { doc: Json; e: Endpoint }) {
  const { t } = useI18n()
  const params = ((e.op.parameters ?? []) as Json[]).map((p) => `${p.name}${p.required ? '' : '?'} (${p.in})`).join(', ')
  const body = e.op.requestBody?.content ? Object.keys(e.op.requestBody.content).join(', ') : ''
  const answers = Object.entries<Json>(e.op.responses)
    .map(([status, r]) => {
      const codes = deref(doc, r)['x-error-codes'] as string[] | undefined
      return codes ? `${status} ${codes.join(', ')}` : status
    })
    .join(' · ')
  return (
    <details className="api-ref__op" id={e.op.operationId}>
      <summary>
        <b className={`api-ref__method api-ref__method--${e.method}`}>{e.method.toUpperCase()}</b> <code>{e.path}</code> {`${e.op.summary}${e.op.deprecated ? ' (deprecated)' : ''}`}
      </summary>
      {params && <p>{`${t('pages.apiReference.parameters')} ${params}`}</p>}
      {body && <p>{`${t('pages.apiReference.body')} ${body}`}</p>}
      <p>{`${t('pages.apiReference.responses')} ${answers}`}</p>
    </details>
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
          {groups.get(tag.name)!.map((e) => (
            <EndpointItem key={`${e.method} ${e.path}`} doc={doc} e={e} />
          ))}
        </section>
      ))}
    </article>
  )
}

/** `GET /api-reference`. */
export const apiReferencePage: Handler<AppEnv> = (c) => {
  const { t } = c.get('i18n')
  return c.render(<ApiReferencePage />, { title: t('pages.apiReference.title'), description: t('pages.apiReference.lead') })
}
