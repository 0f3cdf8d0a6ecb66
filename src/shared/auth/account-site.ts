/**
 * Paths of the account site's pages under its base (the embedded site at `/accounts`,
 * src/accounts). The app's `/account` and `/apikey` lead into them; the drawer posts sign-out there.
 * "Wear it": the drawer links the Minecraft account page, and every "Wear this skin" form posts to
 * `minecraft/wear`.
 * @module
 */

/** Page paths relative to the account site's base. */
export const ACCOUNT_SITE_PAGES = { manage: '/manage', apiKeys: '/keys', signOut: '/sign-out', minecraft: '/minecraft', wear: '/minecraft/wear' } as const

/** The URL of account-site page `page` under `base`, in language `locale` when given. */
export function accountSiteUrl(base: string, page: keyof typeof ACCOUNT_SITE_PAGES, locale?: string): string {
  const url = `${base.replace(/\/+$/, '')}${ACCOUNT_SITE_PAGES[page]}`
  return locale ? `${url}?lang=${encodeURIComponent(locale)}` : url
}
