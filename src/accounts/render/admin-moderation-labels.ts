/**
 * Words and small formatters of the report queue and the audit log. Message keys
 * are written out so every key is a literal the translators' checks find (locales/locales.test.ts)
 * and a new action or error code fails the type check until it has a text.
 * @module
 */
import type { Context } from 'hono'
import type { ModerationAction, TargetKind } from '../../api/moderation/audit-log'
import type { Reporter } from '../../api/moderation/report-queue'
import type { MessageKey } from '../../shared/i18n/translator'
import type { AccountsEnv } from '../env'

/** What a queue form asks for: the skin actions and the two tag actions. */
export const QUEUE_ACTIONS = ['dismiss', 'hide', 'remove', 'clear_name', 'remove_tag', 'ban_tag', 'ban_texture'] as const
/** One queue action. */
export type QueueAction = (typeof QUEUE_ACTIONS)[number]
/** True for a known queue action. */
export const isQueueAction = (v: string | undefined): v is QueueAction => (QUEUE_ACTIONS as readonly string[]).includes(v ?? '')

/** The confirmation after a queue action. */
export const QUEUE_DONE: Record<QueueAction, MessageKey> = {
  dismiss: 'accounts.admin.reports.done.dismiss',
  hide: 'accounts.admin.reports.done.hide',
  remove: 'accounts.admin.reports.done.remove',
  clear_name: 'accounts.admin.reports.done.clear_name',
  remove_tag: 'accounts.admin.reports.done.remove_tag',
  ban_tag: 'accounts.admin.reports.done.ban_tag',
  ban_texture: 'accounts.admin.reports.done.ban_texture',
}

/** An audit-log action as the log lists it. */
export const AUDIT_ACTION: Record<ModerationAction, MessageKey> = {
  dismiss: 'accounts.admin.audit.actions.dismiss',
  hide: 'accounts.admin.audit.actions.hide',
  remove: 'accounts.admin.audit.actions.remove',
  clear_name: 'accounts.admin.audit.actions.clear_name',
  remove_tag: 'accounts.admin.audit.actions.remove_tag',
  ban_texture: 'accounts.admin.audit.actions.ban_texture',
  set_grants: 'accounts.admin.audit.actions.set_grants',
  add_credits: 'accounts.admin.audit.actions.add_credits',
  subscribe: 'accounts.admin.audit.actions.subscribe',
  notify: 'accounts.admin.audit.actions.notify',
  revoke_key: 'accounts.admin.audit.actions.revoke_key',
  lock: 'accounts.admin.audit.actions.lock',
  unlock: 'accounts.admin.audit.actions.unlock',
}

/** A target other than a skin as the log names it (`{{id}}`: e-mail or id); a skin is named by its name or id alone, a link to its page. */
export const AUDIT_TARGET: Record<Exclude<TargetKind, 'skin'>, MessageKey> = {
  user: 'accounts.admin.audit.kind.user',
  key: 'accounts.admin.audit.kind.key',
  tag: 'accounts.admin.audit.kind.tag',
  texture: 'accounts.admin.audit.kind.texture',
}

/** Target kinds a `?kind=` filter may name. */
export const isTargetKind = (v: string | undefined): v is TargetKind => v === 'skin' || (v !== undefined && Object.hasOwn(AUDIT_TARGET, v))

/** Refusals of the queue actions (ApiError codes of skin-actions.ts); others say {@link QUEUE_FAILED}. */
const QUEUE_ERRORS: Record<string, MessageKey> = {
  already_hidden: 'accounts.admin.reports.errors.already_hidden',
  skin_not_found: 'accounts.admin.reports.errors.skin_not_found',
  no_name: 'accounts.admin.reports.errors.no_name',
  tag_not_found: 'accounts.admin.reports.errors.tag_not_found',
  unknown_action: 'accounts.admin.reports.errors.unknown_action',
}
const QUEUE_FAILED: MessageKey = 'accounts.admin.reports.errors.failed'

/** Refusals of an undo (undo.ts); others say {@link UNDO_FAILED}. */
const UNDO_ERRORS: Record<string, MessageKey> = {
  already_undone: 'accounts.admin.audit.errors.already_undone',
  not_undoable: 'accounts.admin.audit.errors.not_undoable',
  undo_data_gone: 'accounts.admin.audit.errors.undo_data_gone',
  log_entry_not_found: 'accounts.admin.audit.errors.log_entry_not_found',
}
const UNDO_FAILED: MessageKey = 'accounts.admin.audit.errors.failed'

/** The words for a queue action's refusal `code`. */
export const queueErrorKey = (code: string): MessageKey => (Object.hasOwn(QUEUE_ERRORS, code) ? QUEUE_ERRORS[code]! : QUEUE_FAILED)

/** The words for an undo's refusal `code`. */
export const undoErrorKey = (code: string): MessageKey => (Object.hasOwn(UNDO_ERRORS, code) ? UNDO_ERRORS[code]! : UNDO_FAILED)

/** The first characters of a long id, enough to tell ids apart on a page. */
export const idPrefix = (id: string, n = 8) => (id.length > n ? id.slice(0, n) : id)

/** A reporter in words a moderator recognises: the user's e-mail, the key or client id prefix, the address. */
export function reporterLabel(c: Context<AccountsEnv>, r: Reporter): string {
  const t = c.get('t')
  switch (r.kind) {
    case 'user':
      return t('accounts.admin.reports.reporter.user', { who: r.email ?? idPrefix(r.id) })
    case 'key':
      return t('accounts.admin.reports.reporter.key', { id: idPrefix(r.id) })
    case 'client':
      return t('accounts.admin.reports.reporter.client', { id: idPrefix(r.id) })
    case 'ip':
      return t('accounts.admin.reports.reporter.ip', { ip: r.id })
    default:
      return t('accounts.admin.reports.reporter.unknown', { id: r.id })
  }
}

/** URL of app path `path` (a render, a skin page): a path on the app's origin, else absolute (as renderPage's assets). */
export function appUrl(c: Context<AccountsEnv>, path: string): string {
  const url = new URL(path, new URL(c.get('deps').appOrigin).origin)
  return url.origin === c.get('origin') ? `${url.pathname}${url.search}` : url.href
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
]

/** "3 hours ago" in the page's language, in the largest whole unit (under a minute: "now"). */
export function relativeAge(locale: string, at: number, now: number): string {
  const diff = at - now
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' })
  for (const [unit, ms] of UNITS) if (Math.abs(diff) >= ms) return format.format(Math.trunc(diff / ms), unit)
  return format.format(0, 'second')
}
