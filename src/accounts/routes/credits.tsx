/**
 * The credits and grants page: balance by type, the ledger rows, subscriptions and
 * the effective grants (defaults for signed-in users ⊕ the user's grants ⊕ valid subscriptions, the
 * same merge the API applies, src/api/users/identity/identity.ts).
 * @module
 */
import type { Context } from 'hono'
import { Hono } from 'hono'
import { apiConfigFromEnv, grantsSchema, type Grants } from '../../api/config'
import { CREDIT_TYPES, createCreditLedger, type CreditRow, type CreditSummary } from '../../api/users/services/credits'
import { allSubscriptions, isValidSubscription, mergeSubscriptionGrants } from '../../api/users/services/subscription-grants'
import type { MessageKey } from '../../shared/i18n/translator'
import type { AccountsEnv } from '../env'
import { renderPage } from '../render/shell'
import { formatTime, SectionTabs, userOrSignIn } from './keys-shared'
import { CREDIT_PERIOD, CREDIT_TYPE, GRANT_LABEL, PRODUCT_GROUP, SUBSCRIPTION_STATUS } from '../labels'

/** Defaults of signed-in users: what the API grants a session without extra grants. */
export type UserDefaultGrants = () => Grants

/** The user's own grant overrides (`users.grants`), valid ones only (the console's user page too). */
export const parseUserGrants = (json: string | null): Partial<Grants> => {
  try {
    const r = grantsSchema.partial().safeParse(json ? JSON.parse(json) : {})
    return r.success ? r.data : {}
  } catch {
    return {}
  }
}

/** A grant's value in the page's language (the console's user page too). */
export function grantValue(c: Context<AccountsEnv>, key: keyof Grants, v: number | boolean): string {
  const t = c.get('t')
  if (typeof v === 'boolean') return v ? t('accounts.credits.yes') : t('accounts.credits.no')
  if (key === 'delay') return t('accounts.credits.seconds', { n: v })
  if (key === 'skin_edit_duration' || key === 'skin_delete_duration') return t('accounts.credits.hours', { n: v })
  return new Intl.NumberFormat(c.get('locale')).format(v)
}

/** Live credits of `rows` by type (types without live credits left out). */
function creditsByType(rows: (CreditRow & { live: boolean })[]) {
  return CREDIT_TYPES.map((type) => {
    const live = rows.filter((r) => r.live && r.type === type)
    return { type, balance: live.reduce((n, r) => n + r.balance, 0), total: live.reduce((n, r) => n + r.total, 0), any: live.length > 0 }
  }).filter((x) => x.any)
}

/** The balance line and the balance per credit type (the console's user page too). */
export function CreditBalance({ c, summary, rows }: { c: Context<AccountsEnv>; summary: CreditSummary; rows: (CreditRow & { live: boolean })[] }) {
  const t = c.get('t')
  const num = (n: number) => new Intl.NumberFormat(c.get('locale')).format(n)
  return (
    <>
      <p className="accounts-b__balance" data-testid="credit-balance">
        {t('accounts.credits.balanceOf', { balance: num(summary.all.balance), total: num(summary.all.total) })}
      </p>
      <dl className="facts accounts-b__types">
        {creditsByType(rows).map((x) => (
          <div key={x.type}>
            <dt>{t(CREDIT_TYPE[x.type])}</dt>
            <dd>{t('accounts.credits.balanceOf', { balance: num(x.balance), total: num(x.total) })}</dd>
          </div>
        ))}
      </dl>
    </>
  )
}

/** Builds the `/credits` route; `defaults` gives the API's default grants of signed-in users. */
export function creditsRoutes(defaults: UserDefaultGrants) {
  const app = new Hono<AccountsEnv>()

  app.get('/credits', async (c) => {
    const user = await userOrSignIn(c, '/credits')
    if (user instanceof Response) return user
    const t = c.get('t')
    const locale = c.get('locale')
    const db = c.get('deps').db
    const now = (c.get('deps').now ?? Date.now)()
    const ledger = createCreditLedger(db)
    const summary = await ledger.summary(user.id, now)
    const rows = await ledger.history(user.id, now)
    const subs = await allSubscriptions(db, user.id)
    const grants = await mergeSubscriptionGrants(db, { ...defaults(), ...parseUserGrants(user.grants) }, user.id, now)
    const num = (n: number) => new Intl.NumberFormat(locale).format(n)

    return renderPage(
      c,
      t('accounts.credits.title'),
      <>
        <SectionTabs c={c} current="/credits" />
        <section className="card">
          <h1 className="card__title">{t('accounts.credits.title')}</h1>
          <h2 className="accounts-b__subtitle">{t('accounts.credits.balance')}</h2>
          {rows.length === 0 ? (
            <p className="field-hint--muted">{t('accounts.credits.none')}</p>
          ) : (
            <>
              <CreditBalance c={c} summary={summary} rows={rows} />
              <h2 className="accounts-b__subtitle">{t('accounts.credits.ledger')}</h2>
              <div className="accounts-b__scroll">
                <table className="accounts-b__table">
                  <thead>
                    <tr>
                      <th scope="col">{t('accounts.credits.col.type')}</th>
                      <th scope="col">{t('accounts.credits.col.period')}</th>
                      <th scope="col">{t('accounts.credits.balance')}</th>
                      <th scope="col">{t('accounts.keys.created')}</th>
                      <th scope="col">{t('accounts.credits.col.expires')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {rows.slice(0, 100).map((r) => (
                      <tr key={r.id} className={r.live ? undefined : 'accounts-b__row--old'}>
                        <td>{t(CREDIT_TYPE[r.type])}</td>
                        <td>{t(CREDIT_PERIOD[r.period])}</td>
                        <td>{t('accounts.credits.balanceOf', { balance: num(r.balance), total: num(r.total) })}</td>
                        <td>{formatTime(locale, r.createdAt)}</td>
                        <td>{!r.live ? t('accounts.credits.expired') : r.expiresAt ? formatTime(locale, r.expiresAt) : t('accounts.credits.neverExpires')}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          )}
        </section>
        <section className="card">
          <h2 className="card__title">{t('accounts.credits.subscriptions')}</h2>
          {subs.length === 0 ? (
            <p className="field-hint--muted">{t('accounts.credits.noSubscriptions')}</p>
          ) : (
            <ul className="accounts-b__list">
              {subs.map((s) => (
                <li key={s.id} className="accounts-b__item">
                  <div className="accounts-b__item-main">
                    <strong className="accounts-b__name">{t(PRODUCT_GROUP[s.productGroup])}</strong>
                    <p className="field-hint--muted">
                      <span className={isValidSubscription(s, now) ? 'chip' : 'chip chip--warning'}>{t(SUBSCRIPTION_STATUS[s.status])}</span>{' '}
                      {s.expiresAt ? t('accounts.credits.validUntil', { date: formatTime(locale, s.expiresAt) }) : null}
                    </p>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className="card">
          <h2 className="card__title">{t('accounts.credits.grants')}</h2>
          <p className="field-hint--muted">{t('accounts.credits.grantsIntro')}</p>
          <dl className="facts accounts-b__grants" data-testid="grants">
            {(Object.keys(grantsSchema.shape) as (keyof Grants)[]).map((k) => (
              <div key={k}>
                <dt>{t(GRANT_LABEL[k])}</dt>
                <dd>{grantValue(c, k, grants[k])}</dd>
              </div>
            ))}
          </dl>
        </section>
      </>,
    )
  })

  return app
}

let envDefaults: Grants | undefined
/** The API's default grants of signed-in users, from the environment (LIMIT_USER_*, SKIN_*_HOURS). */
export const userDefaultGrants: UserDefaultGrants = () => (envDefaults ??= apiConfigFromEnv(process.env).grants.user)
/**
 * Registers the credits page (route registry, ./index.ts). The default grants of signed-in users
 * come from the same environment variables the API reads (LIMIT_USER_*, SKIN_*_HOURS).
 */
export const registerCreditsRoutes = (app: Hono<AccountsEnv>) => {
  app.route('/', creditsRoutes(userDefaultGrants))
}
