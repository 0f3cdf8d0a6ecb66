/**
 * Page handlers by route (SPEC §2). Each loads what it needs through the API client (in-process on
 * Bun, over HTTP on the Worker) and calls `c.render` with its title.
 * @module
 */
import type { Context, Handler } from 'hono'
import type { MessageKey } from '../../shared/i18n/translator'
import { ROUTES } from '../../shared/routes'
import { accountSiteUrl } from '../../shared/auth/account-site'
import type { AppEnv } from '../env'
import { withClientCookie } from '../middleware/client-cookie'
import { renderHome } from './home'
import { generatePost } from './generate-post'
import { jobPage } from './job-page'
import { SimplePage } from './simple-page'
import { skinPage } from './skin-route'
import { gallery } from './gallery-route'
import { capeAdPage } from './cape-ad-page'
import { exportDownload } from './export-download'
import { exportPage } from './export-page'
import { mySkinsPage } from './my-skins-page'
import { privacyPage } from './privacy-page'
import { apiReferencePage } from './api-reference-page'
import { apiEndpointPage } from './api-reference-endpoint-page'
import { editorPage } from './editor-page'

const home: Handler<AppEnv> = (c) => renderHome(c)

const simple = (title: MessageKey, lead?: MessageKey): Handler<AppEnv> => (c) => {
  const { t } = c.get('i18n')
  return c.render(<SimplePage heading={t(title)} lead={lead && t(lead)} />, { title: t(title) })
}

/**
 * `/account` and `/apikey` lead into the account site's pages, keeping the language;
 * without an account API the old explanatory page stays.
 */
const intoAccountSite = (page: 'manage' | 'apiKeys'): Handler<AppEnv> => (c) => {
  const base = c.get('options').accountApiOrigin
  if (!base) {
    const { t } = c.get('i18n')
    const [title, lead] = page === 'manage' ? (['pages.account.title', 'pages.account.lead'] as const) : (['pages.apikey.title', 'pages.apikey.lead'] as const)
    return c.render(<SimplePage heading={t(title)} lead={t(lead)} />, { title: t(title) })
  }
  return c.redirect(accountSiteUrl(base, page, c.get('i18n').locale), 302)
}

/** Path → handler for every localised page. */
export const pageRoutes: [string, Handler<AppEnv>][] = [
  [ROUTES.home, withClientCookie(home)],
  [ROUTES.skins, gallery('latest')],
  [ROUTES.skinsPopular, gallery('popular')],
  [ROUTES.skinsRandom, gallery('random')],
  [ROUTES.skin, withClientCookie(skinPage)],
  [ROUTES.mySkins, mySkinsPage],
  [ROUTES.account, intoAccountSite('manage')],
  [ROUTES.apikey, intoAccountSite('apiKeys')],
  [ROUTES.capeAd, capeAdPage],
  [ROUTES.export, exportPage],
  [ROUTES.exportDownload, exportDownload],
  [ROUTES.privacy, privacyPage],
  [ROUTES.apiReference, apiReferencePage],
  [ROUTES.apiReferenceEndpoint, apiEndpointPage],
  [ROUTES.job, jobPage],
  [ROUTES.editor, editorPage],
]

/** Path → handler of the localised form posts. */
export const postRoutes: [string, Handler<AppEnv>][] = [[ROUTES.generate, generatePost]]

/** `/bulk` and `/stats`: routes SPEC §2 reserves as empty pages, without language prefix. */
export const reservedPage: Handler<AppEnv> = (c: Context<AppEnv>) => {
  const { t } = c.get('i18n')
  return c.render(<SimplePage heading={t('pages.reserved.title')} />, { title: t('pages.reserved.title'), localized: false })
}
