/**
 * Buttons on the manage-account page leading to the other account pages (API keys, notifications,
 * credits, signing accounts). Pages add themselves here with one line: `{ path: '/api-keys', label: 'accounts.keys.title' }`.
 * @module
 */
import type { MessageKey } from '../../shared/i18n/translator'

/** Links shown on `/manage`, in this order. */
export const managePageLinks: { path: string; label: MessageKey }[] = [
  { path: '/keys', label: 'accounts.keys.title' },
  { path: '/notifications', label: 'accounts.notifications.title' },
  { path: '/credits', label: 'accounts.credits.title' },
  { path: '/minecraft', label: 'accounts.minecraft.title' },
  { path: '/signing-accounts', label: 'accounts.signing.title' },
]
