/**
 * Message keys of the console's user pages, written out as literals so the
 * translators' checks find every key (locales/locales.test.ts): the notices a form comes back with
 * (`?done=` / `?error=` codes of ../../../api/services/moderation/user-actions.ts), the audit-log
 * action names and the notification levels.
 * @module
 */
import type { ModerationAction } from '../../../api/moderation/audit-log'
import type { NotificationLevel } from '../../../api/users/services/notifications'
import type { MessageKey } from '../../../shared/i18n/translator'

/** What a form did, as `?done=` names it. */
export const DONE_NOTICE = {
  grant_set: 'accounts.admin.users.done.grant_set',
  grant_cleared: 'accounts.admin.users.done.grant_cleared',
  credits_added: 'accounts.admin.users.done.credits_added',
  subscribed: 'accounts.admin.users.done.subscribed',
  notified: 'accounts.admin.users.done.notified',
  key_revoked: 'accounts.admin.users.done.key_revoked',
  locked: 'accounts.admin.users.done.locked',
  unlocked: 'accounts.admin.users.done.unlocked',
  undone: 'accounts.admin.users.done.undone',
  skin_removed: 'accounts.admin.users.done.skin_removed',
} as const satisfies Record<string, MessageKey>

/** A `?done=` code. */
export type DoneCode = keyof typeof DONE_NOTICE

/** Why a form was refused, by the stable code of the service's error. */
export const ERROR_NOTICE: Record<string, MessageKey> = {
  unknown_grant: 'accounts.admin.users.error.unknown_grant',
  invalid_grant_value: 'accounts.admin.users.error.invalid_grant_value',
  grant_not_set: 'accounts.admin.users.error.grant_not_set',
  own_admin_grant: 'accounts.admin.users.error.own_admin_grant',
  invalid_amount: 'accounts.admin.users.error.invalid_amount',
  invalid_credit_type: 'accounts.admin.users.error.invalid_choice',
  invalid_credit_period: 'accounts.admin.users.error.invalid_choice',
  invalid_product_group: 'accounts.admin.users.error.invalid_choice',
  invalid_subscription_status: 'accounts.admin.users.error.invalid_choice',
  invalid_level: 'accounts.admin.users.error.invalid_choice',
  notification_empty: 'accounts.admin.users.error.notification_empty',
  notification_too_long: 'accounts.admin.users.error.notification_too_long',
  key_not_found: 'accounts.admin.users.error.key_not_found',
  key_already_revoked: 'accounts.admin.users.error.key_already_revoked',
  cannot_lock_self: 'accounts.admin.users.error.cannot_lock_self',
  already_locked: 'accounts.admin.users.error.already_locked',
  not_locked: 'accounts.admin.users.error.not_locked',
  already_undone: 'accounts.admin.users.error.already_undone',
  not_undoable: 'accounts.admin.users.error.not_undoable',
  undo_data_gone: 'accounts.admin.users.error.undo_data_gone',
  too_many_keys: 'accounts.admin.users.error.too_many_keys',
  log_entry_not_found: 'accounts.admin.users.error.log_entry_not_found',
  skin_not_found: 'accounts.admin.users.error.skin_not_found',
}

/** The notice of an unexpected refusal. */
export const FAILED_NOTICE: MessageKey = 'accounts.admin.users.error.failed'

/** Audit-log actions that concern users and keys. */
export const ACTION_LABEL: Partial<Record<ModerationAction, MessageKey>> = {
  set_grants: 'accounts.admin.users.log.action.set_grants',
  add_credits: 'accounts.admin.users.log.action.add_credits',
  subscribe: 'accounts.admin.users.log.action.subscribe',
  notify: 'accounts.admin.users.log.action.notify',
  revoke_key: 'accounts.admin.users.log.action.revoke_key',
  lock: 'accounts.admin.users.log.action.lock',
  unlock: 'accounts.admin.users.log.action.unlock',
}

/** Notification levels (border colours of the app's bell). */
export const LEVEL_LABEL: Record<NotificationLevel, MessageKey> = {
  primary: 'accounts.admin.users.notifications.level.primary',
  info: 'accounts.admin.users.notifications.level.info',
  success: 'accounts.admin.users.notifications.level.success',
  warning: 'accounts.admin.users.notifications.level.warning',
  error: 'accounts.admin.users.notifications.level.error',
}

/** Skin visibilities. */
export const VISIBILITY_LABEL: Record<'public' | 'unlisted' | 'private', MessageKey> = {
  public: 'accounts.admin.users.skins.visibility.public',
  unlisted: 'accounts.admin.users.skins.visibility.unlisted',
  private: 'accounts.admin.users.skins.visibility.private',
}

/** Console roles (and none). */
export const ROLE_LABEL: Record<'admin' | 'moderator' | 'user', MessageKey> = {
  admin: 'accounts.admin.users.role.admin',
  moderator: 'accounts.admin.users.role.moderator',
  user: 'accounts.admin.users.role.user',
}
