/**
 * `GET /admin/users/{id}`: one user as the admin sees them — account and lock
 * state, their newest skins (links to the skin pages), API keys, effective grants, credits and
 * subscriptions, recent notifications and the audit-log entries about them — with a form for
 * everything `bun run accounts -- …` does (./users.tsx handles the POSTs).
 * @module
 */
import type { Context } from 'hono'
import type { ReactNode } from 'react'
import { grantsSchema, type Grants } from '../../../api/config'
import { CREDIT_PERIODS, CREDIT_TYPES, createCreditLedger } from '../../../api/users/services/credits'
import { NOTIFICATION_LEVELS } from '../../../api/users/services/notifications'
import { allSubscriptions, isValidSubscription, mergeSubscriptionGrants, PRODUCT_GROUPS, SUBSCRIPTION_STATUSES } from '../../../api/users/services/subscription-grants'
import type { LogEntry } from '../../../api/moderation/audit-log'
import { mayUndo } from '../../../api/moderation/rights'
import type { Role } from '../../../api/moderation/roles'
import { GRANT_NAMES, MAX_NOTIFY_MESSAGE, MAX_NOTIFY_TITLE } from '../../../api/moderation/user-actions'
import { userKeys, userLog, userNotifications, userSkins, type UserKey, type UserSkin } from '../../../api/moderation/user-directory'
import { renderUrl } from '../../../shared/render-url'
import { skinPath } from '../../../shared/routes'
import { href } from '../../context'
import type { AccountUser } from '../../current-user'
import type { AccountsEnv } from '../../env'
import { CREDIT_PERIOD, CREDIT_TYPE, GRANT_LABEL, PRODUCT_GROUP, SUBSCRIPTION_STATUS } from '../../labels'
import { AdminNav } from '../../render/admin-nav'
import { Message } from '../../render/form-parts'
import { renderPage, type PageStatus } from '../../render/shell'
import { SignOutButton } from '../../render/sign-out-button'
import { siteSql } from '../../require-staff'
import { CreditBalance, grantValue, parseUserGrants, userDefaultGrants } from '../credits'
import { formatTime, KeyDates } from '../keys-shared'
import { ConsoleCard } from './console-card'
import { RoleChip } from './users-list'
import { AdminField, AdminForm, AdminSelect, ButtonForm, NoteField } from './users-forms'
import { ACTION_LABEL, LEVEL_LABEL, VISIBILITY_LABEL } from './users-labels'

/** Skins shown per user. */
const SKINS_SHOWN = 20
/** Notifications and log entries shown per user. */
const NOTIFICATIONS_SHOWN = 10
const LOG_SHOWN = 30

type Target = AccountUser

const base = (u: Target) => `/admin/users/${u.id}`

/** The items as a list, or the empty text when there are none. */
function ListOrEmpty<T>({ items, empty, children }: { items: readonly T[]; empty: string; children: (item: T) => ReactNode }) {
  if (items.length === 0) return <p className="field-hint--muted">{empty}</p>
  return <ul className="accounts-b__list">{items.map(children)}</ul>
}

function SkinItem({ c, u, s }: { c: Context<AccountsEnv>; u: Target; s: UserSkin }) {
  const t = c.get('t')
  const { appOrigin } = c.get('deps')
  const link = new URL(skinPath(s.uuid, c.get('locale')), appOrigin).href
  return (
    <li className="accounts-b__item admin-users__skin" data-testid="user-skin">
      <img className="admin-users__face" src={new URL(renderUrl({ textureHash: s.textureHash, view: 'head', size: 'small' }), appOrigin).href} width={32} height={32} alt="" loading="lazy" />
      <div className="accounts-b__item-main">
        <a className="accounts-b__name" href={link}>
          {s.name ?? s.shortId}
        </a>
        <p className="accounts-b__tags">
          <span className="chip">{t(VISIBILITY_LABEL[s.visibility])}</span>
          {s.hiddenAt !== null ? <span className="chip chip--warning">{t('accounts.admin.users.skins.hidden')}</span> : null}
          {s.deletedAt !== null ? <span className="chip chip--warning">{t('accounts.admin.users.skins.deleted')}</span> : null}
          <span className="field-hint--muted accounts-b__date">{formatTime(c.get('locale'), s.createdAt)}</span>
        </p>
      </div>
      {s.deletedAt === null ? <ButtonForm c={c} path={`${base(u)}/skins/${s.uuid}/remove`} text={t('accounts.admin.users.skins.remove')} danger /> : null}
    </li>
  )
}

function KeyItem({ c, u, k }: { c: Context<AccountsEnv>; u: Target; k: UserKey }) {
  const t = c.get('t')
  const locale = c.get('locale')
  return (
    <li className={k.revokedAt === null ? 'accounts-b__item' : 'accounts-b__item admin-users__item--old'} data-testid="user-key">
      <div className="accounts-b__item-main">
        <strong className="accounts-b__name">{k.name || t('accounts.admin.users.keys.unnamed')}</strong>
        <dl className="accounts-b__meta">
          <div>
            <dt>{t('accounts.admin.users.keys.id')}</dt>
            <dd>
              <code>{k.id.slice(0, 8)}…</code>
            </dd>
          </div>
          <KeyDates c={c} createdAt={k.createdAt} lastUsed={k.lastUsed} />
        </dl>
        <p className="accounts-b__tags">
          {k.useCredits ? <span className="chip">{t('accounts.keys.creditsOn')}</span> : null}
          {k.revokedAt !== null ? <span className="chip chip--warning">{t('accounts.admin.users.keys.revoked', { date: formatTime(locale, k.revokedAt) })}</span> : null}
        </p>
      </div>
      {k.revokedAt === null ? <ButtonForm c={c} path={`${base(u)}/keys/${k.id}/revoke`} text={t('accounts.keys.revoke')} danger testId="revoke-key" /> : null}
    </li>
  )
}

/** What a log entry changed, in a few words. */
function entryDetail(c: Context<AccountsEnv>, e: LogEntry): string {
  const t = c.get('t')
  const d = e.data
  const str = (v: unknown) => (v === null || v === undefined ? '—' : String(v))
  switch (e.action) {
    case 'set_grants':
      return `${GRANT_LABEL[d.grant as keyof Grants] ? t(GRANT_LABEL[d.grant as keyof Grants]) : str(d.grant)}: ${str(d.before)} → ${str(d.after)}`
    case 'add_credits':
      return `+${str(d.amount)} · ${CREDIT_TYPE[d.type as 'free'] ? t(CREDIT_TYPE[d.type as 'free']) : str(d.type)} · ${CREDIT_PERIOD[d.period as 'once'] ? t(CREDIT_PERIOD[d.period as 'once']) : str(d.period)}`
    case 'subscribe':
      return `${PRODUCT_GROUP[d.group as 'credits'] ? t(PRODUCT_GROUP[d.group as 'credits']) : str(d.group)} · ${SUBSCRIPTION_STATUS[d.status as 'active'] ? t(SUBSCRIPTION_STATUS[d.status as 'active']) : str(d.status)}`
    case 'notify':
    case 'revoke_key':
      return str(d.title ?? d.name)
    default:
      return ''
  }
}

function LogItem({ c, role, u, e }: { c: Context<AccountsEnv>; role: Role; u: Target; e: LogEntry }) {
  const t = c.get('t')
  const locale = c.get('locale')
  const label = ACTION_LABEL[e.action]
  const detail = entryDetail(c, e)
  return (
    <li className="accounts-b__item" data-testid="user-log" data-action={e.action}>
      <div className="accounts-b__item-main">
        <strong className="accounts-b__name">{label ? t(label) : e.action}</strong>
        {detail ? <p className="accounts-b__message">{detail}</p> : null}
        {e.note ? <p className="accounts-b__message admin-users__note">“{e.note}”</p> : null}
        <p className="field-hint--muted accounts-b__date">
          {t('accounts.admin.users.log.by', { who: e.actorEmail ?? t('accounts.admin.users.log.cli'), date: formatTime(locale, e.createdAt) })}
        </p>
        {e.undoneAt !== null ? <span className="chip">{t('accounts.admin.users.log.undone', { date: formatTime(locale, e.undoneAt) })}</span> : null}
      </div>
      {mayUndo(role, e) ? <ButtonForm c={c} path={`${base(u)}/undo/${e.id}`} text={t('accounts.admin.users.log.undo')} testId="undo" /> : null}
    </li>
  )
}

/** The user page. */
export async function userDetailPage(c: Context<AccountsEnv>, role: Role, self: AccountUser, u: Target, opts: { notice?: string; error?: string; status?: PageStatus }) {
  const t = c.get('t')
  const locale = c.get('locale')
  const db = c.get('deps').db
  const sql = siteSql(c)
  const now = (c.get('deps').now ?? Date.now)()
  const num = (n: number) => new Intl.NumberFormat(locale).format(n)
  const [skins, keys, notes, log, subs] = await Promise.all([userSkins(sql, u.id, SKINS_SHOWN), userKeys(sql, u.id), userNotifications(sql, u.id, NOTIFICATIONS_SHOWN), userLog(sql, u.id, LOG_SHOWN), allSubscriptions(db, u.id)])
  const ledger = createCreditLedger(db)
  const summary = await ledger.summary(u.id, now)
  const rows = await ledger.history(u.id, now)
  const own = parseUserGrants(u.grants)
  const effective = await mergeSubscriptionGrants(db, { ...userDefaultGrants(), ...own }, u.id, now)
  const isSelf = self.id === u.id
  const p = base(u)

  return renderPage(
    c,
    u.email ?? t('accounts.admin.users.noEmail'),
    <>
      <AdminNav c={c} role={role} current="/admin/users" />
      <p className="admin-users__back">
        <a href={href(c, '/admin/users')}>← {t('accounts.admin.users.back')}</a>
      </p>
      <Message kind="success" text={opts.notice} />
      <Message kind="error" text={opts.error} />

      <section className="card" aria-labelledby="user-title">
        <h1 className="card__title admin-users__title" id="user-title">
          {u.email ?? t('accounts.admin.users.noEmail')}
        </h1>
        <p className="accounts-b__tags admin-users__chips">
          <RoleChip c={c} user={u} />
          {u.lockedAt !== null ? (
            <span className="chip chip--warning" data-testid="locked">
              {t('accounts.admin.users.lockedSince', { date: formatTime(locale, u.lockedAt) })}
            </span>
          ) : null}
          {isSelf ? <span className="chip">{t('accounts.admin.users.you')}</span> : null}
        </p>
        <dl className="accounts-b__meta admin-users__facts">
          <div>
            <dt>{t('accounts.fields.name')}</dt>
            <dd>{u.name ?? t('accounts.admin.users.noName')}</dd>
          </div>
          <div>
            <dt>{t('accounts.admin.users.id')}</dt>
            <dd>
              <code>{u.id}</code>
            </dd>
          </div>
          <div>
            <dt>{t('accounts.keys.created')}</dt>
            <dd>{formatTime(locale, u.createdAt)}</dd>
          </div>
        </dl>
        <h2 className="accounts-b__subtitle">{u.lockedAt === null ? t('accounts.admin.users.lock.title') : t('accounts.admin.users.lock.unlockTitle')}</h2>
        {isSelf ? (
          <p className="field-hint--muted">{t('accounts.admin.users.lock.self')}</p>
        ) : (
          <AdminForm c={c} path={`${p}/${u.lockedAt === null ? 'lock' : 'unlock'}`}>
            <p className="field-hint--muted">{u.lockedAt === null ? t('accounts.admin.users.lock.intro') : t('accounts.admin.users.lock.unlockIntro')}</p>
            <NoteField c={c} form="lock" />
            <button type="submit" className={u.lockedAt === null ? 'button button--outlined accounts-b__danger' : 'button button--primary'}>
              {u.lockedAt === null ? t('accounts.admin.users.lock.lock') : t('accounts.admin.users.lock.unlock')}
            </button>
          </AdminForm>
        )}
      </section>

      <ConsoleCard id="user-skins" title={t('accounts.admin.users.skins.title')}>
        {skins.total > 0 ? <p className="field-hint--muted">{t('accounts.admin.users.skins.count', { shown: num(skins.skins.length), total: num(skins.total) })}</p> : null}
        <ListOrEmpty items={skins.skins} empty={t('accounts.admin.users.skins.empty')}>
          {(s) => <SkinItem key={s.uuid} c={c} u={u} s={s} />}
        </ListOrEmpty>
      </ConsoleCard>

      <ConsoleCard id="user-keys" title={t('accounts.keys.title')}>
        <ListOrEmpty items={keys} empty={t('accounts.keys.empty')}>
          {(k) => <KeyItem key={k.id} c={c} u={u} k={k} />}
        </ListOrEmpty>
      </ConsoleCard>

      <ConsoleCard id="user-grants" title={t('accounts.admin.users.grants.title')}>
        <p className="field-hint--muted">{t('accounts.admin.users.grants.intro')}</p>
        <dl className="facts accounts-b__grants" data-testid="grants">
          {(Object.keys(grantsSchema.shape) as (keyof Grants)[]).map((k) => (
            <div key={k} data-grant={k} data-own={k in own ? 'true' : undefined}>
              <dt>{t(GRANT_LABEL[k])}</dt>
              <dd>
                {grantValue(c, k, effective[k])}
                {k in own ? <span className="chip admin-users__own">{t('accounts.admin.users.grants.own')}</span> : null}
              </dd>
            </div>
          ))}
        </dl>
        <h3 className="accounts-b__subtitle">{t('accounts.admin.users.grants.change')}</h3>
        <AdminForm c={c} path={`${p}/grants`}>
          <div className="admin-users__row">
            <AdminSelect form="grant" name="grant" label={t('accounts.admin.users.grants.grant')} options={GRANT_NAMES.map((k) => ({ value: k, label: `${t(GRANT_LABEL[k])} (${k})` }))} />
            <AdminField form="grant" name="value" label={t('accounts.admin.users.grants.value')} hint={t('accounts.admin.users.grants.valueHint')} maxLength={20} />
          </div>
          <NoteField c={c} form="grant" />
          <div className="admin-users__buttons">
            <button type="submit" name="op" value="set" className="button button--primary">
              {t('accounts.admin.users.grants.set')}
            </button>
            <button type="submit" name="op" value="clear" className="button button--outlined">
              {t('accounts.admin.users.grants.clear')}
            </button>
          </div>
        </AdminForm>
      </ConsoleCard>

      <ConsoleCard id="user-credits" title={t('accounts.credits.title')}>
        {rows.length === 0 ? <p className="field-hint--muted">{t('accounts.admin.users.credits.none')}</p> : <CreditBalance c={c} summary={summary} rows={rows} />}
        <h3 className="accounts-b__subtitle">{t('accounts.admin.users.credits.add')}</h3>
        <AdminForm c={c} path={`${p}/credits`}>
          <div className="admin-users__row">
            <AdminField form="credits" name="amount" label={t('accounts.admin.users.credits.amount')} required inputMode="numeric" maxLength={10} />
            <AdminSelect form="credits" name="type" label={t('accounts.credits.col.type')} options={CREDIT_TYPES.map((v) => ({ value: v, label: t(CREDIT_TYPE[v]) }))} />
            <AdminSelect form="credits" name="period" label={t('accounts.credits.col.period')} value="once" options={CREDIT_PERIODS.map((v) => ({ value: v, label: t(CREDIT_PERIOD[v]) }))} />
          </div>
          <NoteField c={c} form="credits" />
          <button type="submit" className="button button--primary">
            {t('accounts.admin.users.credits.button')}
          </button>
        </AdminForm>

        <h3 className="accounts-b__subtitle">{t('accounts.credits.subscriptions')}</h3>
        <ListOrEmpty items={subs} empty={t('accounts.credits.noSubscriptions')}>
          {(s) => (
            <li key={s.id} className="accounts-b__item" data-testid="user-subscription">
              <div className="accounts-b__item-main">
                <strong className="accounts-b__name">{t(PRODUCT_GROUP[s.productGroup])}</strong>
                <p className="accounts-b__tags">
                  <span className={isValidSubscription(s, now) ? 'chip' : 'chip chip--warning'}>{t(SUBSCRIPTION_STATUS[s.status])}</span>
                  <span className="field-hint--muted accounts-b__date">{formatTime(locale, s.createdAt)}</span>
                </p>
              </div>
            </li>
          )}
        </ListOrEmpty>
        <h3 className="accounts-b__subtitle">{t('accounts.admin.users.subscriptions.add')}</h3>
        <AdminForm c={c} path={`${p}/subscriptions`}>
          <div className="admin-users__row">
            <AdminSelect form="subscribe" name="group" label={t('accounts.admin.users.subscriptions.group')} options={PRODUCT_GROUPS.map((v) => ({ value: v, label: t(PRODUCT_GROUP[v]) }))} />
            <AdminSelect form="subscribe" name="status" label={t('accounts.admin.users.subscriptions.status')} options={SUBSCRIPTION_STATUSES.map((v) => ({ value: v, label: t(SUBSCRIPTION_STATUS[v]) }))} />
          </div>
          <NoteField c={c} form="subscribe" />
          <button type="submit" className="button button--primary">
            {t('accounts.admin.users.subscriptions.button')}
          </button>
        </AdminForm>
      </ConsoleCard>

      <ConsoleCard id="user-notifications" title={t('accounts.notifications.title')}>
        <ListOrEmpty items={notes} empty={t('accounts.notifications.empty')}>
          {(n) => (
            <li key={n.id} className={`accounts-b__item accounts-b__note accounts-b__note--${n.level ?? 'primary'}`} data-testid="user-notification">
              <div className="accounts-b__item-main">
                <strong className="accounts-b__name">{n.title}</strong>
                <p className="accounts-b__message">{n.message}</p>
                <p className="accounts-b__tags">
                  <span className="field-hint--muted accounts-b__date">{formatTime(locale, n.createdAt)}</span>
                  {n.dismissedAt !== null ? <span className="chip">{t('accounts.admin.users.notifications.dismissed')}</span> : null}
                </p>
              </div>
            </li>
          )}
        </ListOrEmpty>
        <h3 className="accounts-b__subtitle">{t('accounts.admin.users.notifications.send')}</h3>
        <AdminForm c={c} path={`${p}/notify`}>
          <AdminField form="notify" name="title" label={t('accounts.admin.users.notifications.titleField')} required maxLength={MAX_NOTIFY_TITLE} />
          <AdminField form="notify" name="message" label={t('accounts.admin.users.notifications.message')} required maxLength={MAX_NOTIFY_MESSAGE} multiline />
          <AdminSelect form="notify" name="level" label={t('accounts.admin.users.notifications.levelField')} value="info" options={NOTIFICATION_LEVELS.map((v) => ({ value: v, label: t(LEVEL_LABEL[v]) }))} />
          <button type="submit" className="button button--primary">
            {t('accounts.admin.users.notifications.button')}
          </button>
        </AdminForm>
      </ConsoleCard>

      <ConsoleCard id="user-log" title={t('accounts.admin.users.log.title')}>
        <ListOrEmpty items={log} empty={t('accounts.admin.users.log.empty')}>
          {(e) => <LogItem key={e.id} c={c} role={role} u={u} e={e} />}
        </ListOrEmpty>
      </ConsoleCard>
    </>,
    { status: opts.status, actions: <SignOutButton c={c} /> },
  )
}
