/**
 * The error page (SPEC §2 "Other", §8): status code and message; 404 shows 'Page Not Found', anything
 * else 'Internal Server Error', using any supplied message; and the request's id (docs/operations.md "Logs").
 * @module
 */
import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { useI18n } from '../../shared/i18n/context'
import { ROUTES, localizePath } from '../../shared/routes'
import type { AppEnv } from '../env'
import { REQUEST_ID_HEADER } from '../observe/request-id'

/** Body of the error page; `requestId` (the answer's `X-Request-Id`) lets a report be matched to the server's log line. */
export function ErrorPage({ status, message, requestId }: { status: number; message?: string; requestId?: string }) {
  const { t, locale } = useI18n()
  const notFound = status === 404
  return (
    <section className="error-page">
      <p className="error-page__status">{t('errors.statusCode', { status })}</p>
      <h1>{t(notFound ? 'errors.notFound' : 'errors.internal')}</h1>
      <p className="error-page__message">{message || t(notFound ? 'errors.notFoundHint' : 'errors.internalHint')}</p>
      {requestId && <p className="error-page__request">{t('errors.requestId', { id: requestId })}</p>}
      <p className="error-page__actions">
        <a className="button button--primary" href={localizePath(ROUTES.home, locale)}>
          {t('errors.backHome')}
        </a>
        <a className="button button--outlined" href={localizePath(ROUTES.skins, locale)}>
          {t('errors.browseGallery')}
        </a>
      </p>
    </section>
  )
}

/** Renders the error page with its status; 404 messages read 'Page Not Found: {path}' (SPEC §8). */
export function renderError(c: Context<AppEnv>, status: ContentfulStatusCode, message?: string) {
  const t = c.get('i18n').t
  const text = message ?? (status === 404 ? `${t('errors.notFound')}: ${c.req.path}` : undefined)
  c.status(status)
  const requestId = c.req.header(REQUEST_ID_HEADER)
  return c.render(<ErrorPage status={status} message={text} {...(requestId ? { requestId } : {})} />, { title: t(status === 404 ? 'errors.notFound' : 'errors.internal'), noindex: true })
}
