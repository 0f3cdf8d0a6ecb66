/**
 * Page handlers by route (SPEC §2). Each loads what it needs and calls `c.render` with its title.
 * @module
 */
import type { Context, Handler } from 'hono'
import { ROUTES } from '../../shared/routes'
import type { AppEnv } from '../env'
import { HomePage } from './home-page'
import { SimplePage } from './simple-page'
import { SkinsPage, galleryHeading, type SkinCategory } from './skins-page'

const gallery = (category: SkinCategory): Handler<AppEnv> => (c) => {
  const search = (c.req.query('search') ?? c.req.query('filter') ?? '').trim()
  const { t } = c.get('i18n')
  return c.render(<SkinsPage category={category} search={search} />, { title: galleryHeading(t, category, search) })
}

const simple = (title: Parameters<AppEnv['Variables']['i18n']['t']>[0], lead?: Parameters<AppEnv['Variables']['i18n']['t']>[0]): Handler<AppEnv> => (c) => {
  const { t } = c.get('i18n')
  return c.render(<SimplePage heading={t(title)} lead={lead && t(lead)} />, { title: t(title) })
}

/** Path → handler for every localised page. */
export const pageRoutes: [string, Handler<AppEnv>][] = [
  [ROUTES.home, (c) => c.render(<HomePage />, {})],
  [ROUTES.skins, gallery('latest')],
  [ROUTES.skinsPopular, gallery('popular')],
  [ROUTES.skinsRandom, gallery('random')],
  [ROUTES.skin, (c: Context<AppEnv>) => {
    const { t } = c.get('i18n')
    const id = c.req.param('skin') ?? ''
    return c.render(<SimplePage heading={t('pages.skin.title', { id })} />, { title: t('pages.skin.title', { id }) })
  }],
  [ROUTES.mySkins, simple('pages.mySkins.title', 'pages.mySkins.lead')],
  [ROUTES.account, simple('pages.account.title', 'pages.account.lead')],
  [ROUTES.apikey, simple('pages.apikey.title', 'pages.apikey.lead')],
  [ROUTES.capeAd, simple('pages.capeAd.title', 'pages.capeAd.lead')],
  [ROUTES.export, simple('pages.export.title', 'pages.export.lead')],
]

/** `/bulk` and `/stats`: empty placeholder pages without language prefix (SPEC §2). */
export const placeholderPage: Handler<AppEnv> = (c) => {
  const { t } = c.get('i18n')
  return c.render(<SimplePage heading={t('pages.placeholder.title')} />, { title: t('pages.placeholder.title'), localized: false })
}
