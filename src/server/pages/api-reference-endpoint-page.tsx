/**
 * `GET /api-reference/{operationId}`: one endpoint in full — method and path,
 * description, auth and required grants, parameters, request body fields per content type, every
 * answer with its description, error codes, headers and body fields, and a curl call — read from
 * the served OpenAPI document. The index (`api-reference-page.tsx`) stays small (DESIGN budget of
 * 30 KB); the detail lives here. Plain server HTML: no island, no inline script or style (CSP).
 * Endpoint texts stay English (they are the API's documentation); the chrome is translated.
 * @module
 */
import type { Handler } from 'hono'
import { Fragment, type ReactNode } from 'react'
import { HTTPException } from 'hono/http-exception'
import { useI18n } from '../../shared/i18n/context'
import { openApiDocument } from '../../shared/openapi/document'
import { BASE_HEADERS } from '../../shared/openapi/headers'
import { ROUTES, localizePath } from '../../shared/routes'
import type { AppEnv } from '../env'
import { authOf, curlExample, deref, fieldsOf, findEndpoint, headersOf, refName, schemasOf, type Endpoint, type Field, type HeaderInfo, type Json } from './api-reference-model'
import { DocText } from './api-reference-text'

/** `items` separated by `sep`, each keyed. */
const joined = (items: ReactNode[], sep: string) => items.map((item, i) => <Fragment key={i}>{i > 0 && sep}{item}</Fragment>)

/** A table that scrolls sideways on narrow screens instead of widening the page. */
function Table({ head, rows }: { head: string[]; rows: ReactNode[][] }) {
  return (
    <div className="api-ref__table">
      <table>
        <thead>
          <tr>
            {head.map((h) => (
              <th key={h}>{h}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((cells, i) => (
            <tr key={i}>
              {cells.map((cell, j) => (
                <td key={j}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** Name, type, required, description of a body's top-level fields. */
function FieldTable({ fields }: { fields: Field[] }) {
  const { t } = useI18n()
  return (
    <Table
      head={[t('pages.apiReference.colName'), t('pages.apiReference.colType'), t('pages.apiReference.colRequired'), t('pages.apiReference.colDescription')]}
      rows={fields.map((f) => [
        <code>{f.name}</code>,
        <code>{f.type}</code>,
        t(f.required ? 'pages.apiReference.required' : 'pages.apiReference.optional'),
        <DocText text={f.description} />,
      ])}
    />
  )
}

/** A body schema: its component name and, the first time it appears on the page, its fields. */
function BodySchema({ doc, schema, shown }: { doc: Json; schema: Json; shown: Set<string> }) {
  const { t } = useI18n()
  const name = refName(schema)
  const fields = fieldsOf(doc, schema)
  if (name && shown.has(name)) {
    return (
      <p>
        {`${t('pages.apiReference.schema')} `}
        <a href={`#schema-${name}`}>{name}</a> {t('pages.apiReference.fieldsAbove')}
      </p>
    )
  }
  if (name) shown.add(name)
  return (
    <>
      <p id={name ? `schema-${name}` : undefined}>
        {`${t('pages.apiReference.schema')} `}
        <code>{name ?? deref(doc, schema).type ?? 'any'}</code>
      </p>
      {fields.length > 0 && <FieldTable fields={fields} />}
    </>
  )
}

/**
 * One answer: status, description, error codes, extra headers and body. `headerSets` maps a header
 * list to the first status that carried it, so repeated lists (every error of `/v2/generate` has the
 * same eight rate-limit headers) become one link and the page stays under its 30 KB budget.
 */
function ResponseItem({ doc, status, response, shown, headerSets }: { doc: Json; status: string; response: Json; shown: Set<string>; headerSets: Map<string, string> }) {
  const { t } = useI18n()
  const r = deref(doc, response)
  const codes: string[] = r['x-error-codes'] ?? []
  const headers = headersOf(doc, r).filter((h) => !(BASE_HEADERS as string[]).includes(h.name))
  const content = Object.entries<Json>(r.content ?? {})
  const signature = headers.map((h) => `${h.name}${h.required ? '' : '?'}`).join(',')
  const sameAs = headerSets.get(signature)
  if (!sameAs) headerSets.set(signature, status)
  return (
    <section className="api-ref__response" id={`response-${status}`}>
      <h3>
        <span className={`api-ref__status api-ref__status--${status[0]}xx`}>{status}</span>{' '}
        {codes.length ? t('pages.apiReference.errorCodes') : <DocText text={r.description ?? ''} />}
      </h3>
      {codes.length > 0 && (
        <p className="api-ref__codes">
          {joined(codes.map((c) => <code>{c}</code>), ' ')}
        </p>
      )}
      {headers.length > 0 && sameAs && (
        <p>
          {`${t('pages.apiReference.headersSame')} `}
          <a href={`#response-${sameAs}`}>{sameAs}</a>
        </p>
      )}
      {headers.length > 0 && !sameAs && (
        <p>
          {`${t('pages.apiReference.headersLabel')} `}
          {joined(
            headers.map((h) => (
              <>
                <code>{h.name}</code>
                {!h.required && ` ${t('pages.apiReference.sometimes')}`}
              </>
            )),
            ', ',
          )}
        </p>
      )}
      {content.map(([type, c]) => (
        <div key={type}>
          {content.length > 1 || type !== 'application/json' ? (
            <p>
              <code>{type}</code>
            </p>
          ) : null}
          {type === 'application/json' && schemasOf(c).map((s, i) => <BodySchema key={i} doc={doc} schema={s} shown={shown} />)}
        </div>
      ))}
    </section>
  )
}

/** Every header the answers of this endpoint can carry, once, with its description. */
function allHeaders(doc: Json, op: Json): HeaderInfo[] {
  const byName = new Map<string, HeaderInfo>()
  for (const r of Object.values<Json>(op.responses)) for (const h of headersOf(doc, deref(doc, r))) if (!byName.has(h.name)) byName.set(h.name, h)
  return [...byName.values()]
}

/** The endpoint page body. */
export function ApiEndpointPage({ e, origin }: { e: Endpoint; origin: string }) {
  const { t, locale } = useI18n()
  const doc = openApiDocument()
  const { op } = e
  const auth = authOf(doc, op)
  const params: Json[] = op.parameters ?? []
  const body = Object.entries<Json>(op.requestBody?.content ?? {})
  const headers = allHeaders(doc, op)
  const shown = new Set<string>()
  const headerSets = new Map<string, string>()
  return (
    <article className="page api-ref api-ref--endpoint">
      <nav className="api-ref__crumbs">
        <a href={localizePath(ROUTES.apiReference, locale)}>{t('pages.apiReference.back')}</a>
        {' · '}
        <a href="/api/openapi.json" type="application/json">
          {t('pages.apiReference.openapi')}
        </a>
      </nav>
      <h1 className="api-ref__heading">
        <span className={`api-ref__method api-ref__method--${e.method}`}>{e.method.toUpperCase()}</span> <code>{e.path}</code>
      </h1>
      <p className="page__lead">
        {op.summary}
        {op.deprecated && ` (${t('pages.apiReference.deprecated')})`}
      </p>
      {op.description && (
        <p>
          <DocText text={op.description} />
        </p>
      )}

      <section className="card">
        <h2 className="card__title">{t('pages.apiReference.auth')}</h2>
        <p>{t(auth.anonymous ? 'pages.apiReference.authOptional' : 'pages.apiReference.authRequired')}</p>
        <ul>
          {auth.schemes.map((s) => (
            <li key={s.name}>
              <code>{s.name}</code> — <DocText text={s.description} />
            </li>
          ))}
        </ul>
        {auth.grants.length > 0 && (
          <p className="api-ref__grants">
            {`${t('pages.apiReference.grants')} `}
            {joined(auth.grants.map((g) => <code>{g}</code>), ', ')}
          </p>
        )}
      </section>

      {params.length > 0 && (
        <section className="card">
          <h2 className="card__title">{t('pages.apiReference.parameters')}</h2>
          <Table
            head={[t('pages.apiReference.colName'), t('pages.apiReference.colIn'), t('pages.apiReference.colRequired'), t('pages.apiReference.colType'), t('pages.apiReference.colDescription')]}
            rows={params.map((p) => {
              const f = fieldsOf(doc, { type: 'object', properties: { [p.name]: { ...p.schema, description: p.description } } })[0]!
              return [<code>{p.name}</code>, p.in, t(p.required ? 'pages.apiReference.required' : 'pages.apiReference.optional'), <code>{f.type}</code>, <DocText text={f.description} />]
            })}
          />
        </section>
      )}

      {body.length > 0 && (
        <section className="card">
          <h2 className="card__title">
            {t('pages.apiReference.body')}
            {op.requestBody?.required ? '' : ` (${t('pages.apiReference.optional')})`}
          </h2>
          {body.map(([type, c]) => (
            <div key={type}>
              <h3>
                <code>{type}</code>
              </h3>
              {schemasOf(c).map((s, i) => (
                <BodySchema key={i} doc={doc} schema={s} shown={shown} />
              ))}
            </div>
          ))}
        </section>
      )}

      <section className="card">
        <h2 className="card__title">{t('pages.apiReference.responses')}</h2>
        <p>
          {`${t('pages.apiReference.everyAnswer')} `}
          {joined(BASE_HEADERS.map((h) => <a href={`#header-${h}`}>{h}</a>), ', ')}
        </p>
        {Object.entries<Json>(op.responses).map(([status, r]) => (
          <ResponseItem key={status} doc={doc} status={status} response={r} shown={shown} headerSets={headerSets} />
        ))}
      </section>

      <section className="card">
        <h2 className="card__title">{t('pages.apiReference.headersHeading')}</h2>
        <Table
          head={[t('pages.apiReference.colName'), t('pages.apiReference.colDescription')]}
          rows={headers.map((h) => [
            <code id={`header-${h.name}`}>{h.name}</code>,
            <DocText text={h.description} />,
          ])}
        />
      </section>

      <section className="card">
        <h2 className="card__title">{t('pages.apiReference.example')}</h2>
        <p>{t('pages.apiReference.exampleHint')}</p>
        <pre className="api-ref__curl">
          <code>{curlExample(doc, e, origin)}</code>
        </pre>
      </section>
    </article>
  )
}

/** `GET /api-reference/{operationId}`; an unknown id is the app's 404 page. */
export const apiEndpointPage: Handler<AppEnv> = (c) => {
  const e = findEndpoint(openApiDocument(), c.req.param('operation') ?? '')
  if (!e) throw new HTTPException(404)
  const { t } = c.get('i18n')
  const origin = (c.get('options').publicUrl ?? new URL(c.req.url).origin).replace(/\/+$/, '')
  return c.render(<ApiEndpointPage e={e} origin={origin} />, {
    title: `${e.method.toUpperCase()} ${e.path} · ${t('pages.apiReference.title')}`,
    description: e.op.summary,
  })
}
