/**
 * Message keys of the account site's enumerations, written out so every key is a literal the
 * translators' checks can find (locales/locales.test.ts) and a new enum value fails the type check.
 * @module
 */
import type { MessageKey } from '../shared/i18n/translator'
import type { Grants } from '../api/config'

/** Why a new password is refused (`passwordProblem` in services/users.ts). */
export const PASSWORD_PROBLEM: Record<'password_short' | 'password_long' | 'password_email' | 'password_common', MessageKey> = {
  password_short: 'accounts.errors.password_short',
  password_long: 'accounts.errors.password_long',
  password_email: 'accounts.errors.password_email',
  password_common: 'accounts.errors.password_common',
}

/** SPEC §3 credit types. */
export const CREDIT_TYPE: Record<'free' | 'paid' | 'reward' | 'internal' | 'auto', MessageKey> = {
  free: 'accounts.credits.type.free',
  paid: 'accounts.credits.type.paid',
  reward: 'accounts.credits.type.reward',
  internal: 'accounts.credits.type.internal',
  auto: 'accounts.credits.type.auto',
}

/** SPEC §3 credit periods. */
export const CREDIT_PERIOD: Record<'year' | 'month' | 'day' | 'once', MessageKey> = {
  year: 'accounts.credits.period.year',
  month: 'accounts.credits.period.month',
  day: 'accounts.credits.period.day',
  once: 'accounts.credits.period.once',
}

/** SPEC §3 product groups. */
export const PRODUCT_GROUP: Record<'request_speed' | 'feat_pack' | 'credits' | 'one_time', MessageKey> = {
  request_speed: 'accounts.credits.group.request_speed',
  feat_pack: 'accounts.credits.group.feat_pack',
  credits: 'accounts.credits.group.credits',
  one_time: 'accounts.credits.group.one_time',
}

/** SPEC §3 subscription statuses. */
export const SUBSCRIPTION_STATUS: Record<'active' | 'inactive' | 'paused' | 'pending' | 'cancelled' | 'expired' | 'unpaid', MessageKey> = {
  active: 'accounts.credits.status.active',
  inactive: 'accounts.credits.status.inactive',
  paused: 'accounts.credits.status.paused',
  pending: 'accounts.credits.status.pending',
  cancelled: 'accounts.credits.status.cancelled',
  expired: 'accounts.credits.status.expired',
  unpaid: 'accounts.credits.status.unpaid',
}

/** Grant names as the credits page lists them. */
export const GRANT_LABEL: Record<keyof Grants, MessageKey> = {
  delay: 'accounts.credits.grant.delay',
  per_minute: 'accounts.credits.grant.per_minute',
  per_hour: 'accounts.credits.grant.per_hour',
  concurrency: 'accounts.credits.grant.concurrency',
  private_skins: 'accounts.credits.grant.private_skins',
  capes: 'accounts.credits.grant.capes',
  skin_edit_duration: 'accounts.credits.grant.skin_edit_duration',
  skin_delete_duration: 'accounts.credits.grant.skin_delete_duration',
  skin_history_unlimited: 'accounts.credits.grant.skin_history_unlimited',
  ad_free: 'accounts.credits.grant.ad_free',
  batch_generation: 'accounts.credits.grant.batch_generation',
  storage_per_day: 'accounts.credits.grant.storage_per_day',
  pool_admin: 'accounts.credits.grant.pool_admin',
  moderator: 'accounts.credits.grant.moderator',
  admin: 'accounts.credits.grant.admin',
}
