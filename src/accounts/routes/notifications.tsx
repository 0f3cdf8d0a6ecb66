/**
 * Notifications (SPEC §3 "Notification (account)", SPEC §7 "Account API").
 * `GET /notifications` answers `{notifications:[…]}` to the app (src/shared/api/account-api.ts) and
 * the page to a browser navigating there (Accept: text/html); `DELETE /notifications/{id}` dismisses
 * for the app, `POST /notifications/{id}/dismiss` for the page's form. Changes need an allowed
 * Origin (CSRF; the app-wide check in ../app.tsx runs first, this one guards the route on its own);
 * credentialed CORS for the app comes from ../app.tsx.
 * @module
 */
import type { Context } from 'hono'
import { Hono } from 'hono'
import { dismissNotification, listNotifications } from '../../api/users/services/notifications'
import { fromAllowedOrigin, href } from '../context'
import { currentUser } from '../current-user'
import type { AccountsEnv } from '../env'
import { Message } from '../render/form-parts'
import { renderPage } from '../render/shell'
import { formatTime, SectionTabs, userOrSignIn } from './keys-shared'

const nowOf = (c: Context<AccountsEnv>) => (c.get('deps').now ?? Date.now)()
const wantsHtml = (c: Context<AccountsEnv>) => /text\/html/.test(c.req.header('accept') ?? '')
const jsonError = (c: Context<AccountsEnv>, status: 401 | 403 | 404, code: string, message: string) =>
  c.json({ success: false, errors: [{ code, message }] }, status)

async function page(c: Context<AccountsEnv>, userId: string, state: { notice?: string; error?: string } = {}, status: 200 | 403 | 404 = 200) {
  const t = c.get('t')
  const locale = c.get('locale')
  const items = await listNotifications(c.get('deps').db, userId)
  return renderPage(
    c,
    t('accounts.notifications.title'),
    <>
      <SectionTabs c={c} current="/notifications" />
      <section className="card">
        <h1 className="card__title">{t('accounts.notifications.title')}</h1>
        <Message kind="success" text={state.notice} />
        <Message kind="error" text={state.error} />
        {items.length === 0 ? (
          <p className="field-hint--muted">{t('accounts.notifications.empty')}</p>
        ) : (
          <ul className="accounts-b__list">
            {items.map((n) => (
              <li key={n.id} className={`accounts-b__item accounts-b__note accounts-b__note--${n.level ?? 'primary'}`}>
                <div className="accounts-b__item-main">
                  <strong className="accounts-b__name">{n.title}</strong>
                  <p className="accounts-b__message">{n.message}</p>
                  {n.links.length > 0 && (
                    <p className="accounts-b__links">
                      {n.links.map((l) => (
                        <a key={l.url} href={l.url}>
                          {l.title}
                        </a>
                      ))}
                    </p>
                  )}
                  <time className="field-hint--muted accounts-b__date" dateTime={new Date(n.createdAt).toISOString()}>
                    {formatTime(locale, n.createdAt)}
                  </time>
                </div>
                <form method="post" action={href(c, `/notifications/${n.id}/dismiss`)}>
                  <button type="submit" className="button button--text button--small">
                    {t('accounts.notifications.dismiss')}
                  </button>
                </form>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>,
    { status },
  )
}

/** Builds the `/notifications` routes. */
export function notificationsRoutes() {
  const app = new Hono<AccountsEnv>()

  app.get('/notifications', async (c) => {
    if (wantsHtml(c)) {
      const user = await userOrSignIn(c, '/notifications')
      if (user instanceof Response) return user
      return page(c, user.id, c.req.query('dismissed') ? { notice: c.get('t')('accounts.notifications.dismissed') } : {})
    }
    c.header('Cache-Control', 'private, no-store')
    const user = await currentUser(c)
    if (!user) return jsonError(c, 401, 'unauthorized', 'Not signed in')
    const notifications = await listNotifications(c.get('deps').db, user.id)
    return c.json({ notifications })
  })

  app.delete('/notifications/:id', async (c) => {
    if (!fromAllowedOrigin(c)) return jsonError(c, 403, 'forbidden_origin', 'Origin not allowed')
    const user = await currentUser(c)
    if (!user) return jsonError(c, 401, 'unauthorized', 'Not signed in')
    if (!(await dismissNotification(c.get('deps').db, user.id, c.req.param('id'), nowOf(c)))) return jsonError(c, 404, 'notification_not_found', 'Notification not found')
    return c.body(null, 204)
  })

  app.post('/notifications/:id/dismiss', async (c) => {
    const user = await userOrSignIn(c, '/notifications')
    if (user instanceof Response) return user
    const t = c.get('t')
    if (!fromAllowedOrigin(c)) return page(c, user.id, { error: t('accounts.errors.csrf') }, 403)
    if (!(await dismissNotification(c.get('deps').db, user.id, c.req.param('id'), nowOf(c)))) return page(c, user.id, { error: t('accounts.notifications.notFound') }, 404)
    return c.redirect(href(c, '/notifications', { dismissed: '1' }), 303)
  })

  return app
}

/** Registers the notification routes (route registry, ./index.ts). */
export const registerNotificationRoutes = (app: Hono<AccountsEnv>) => {
  app.route('/', notificationsRoutes())
}
