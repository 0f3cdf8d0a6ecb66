/**
 * Page handlers by route (SPEC §2). Each loads what it needs through the API client (in-process on
 * Bun, over HTTP on the Worker) and calls `c.render` with its title.
 * @module
 */
import type { Context, Handler } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { ApiCallError } from '../../shared/api/client'
import type { MessageKey } from '../../shared/i18n/translator'
import { ROUTES, skinPath } from '../../shared/routes'
import { randomNameResponseSchema, skinListResponseSchema, skinResponseSchema } from '../../shared/schemas/api'
import type { AppEnv } from '../env'
import { renderHome } from './home'
import { generatePost } from './generate-post'
import { jobPage } from './job-page'
import { SimplePage } from './simple-page'
import { unavailable } from './unavailable'
import { SkinPage } from './skin-page'
import { GALLERY_PAGE_SIZE, SkinsPage, galleryHeading, type SkinCategory } from './skins-page'

/** Search terms the API accepts (reference/mineskin-api.md §1.6). */
const FILTER = /^[a-zA-Z0-9-_ ]{1,32}$/
const CATEGORY_PATH: Record<SkinCategory, string> = { latest: '/v2/skins', popular: '/v2/skins/popular', random: '/v2/skins/random' }

const gallery = (category: SkinCategory): Handler<AppEnv> => async (c) => {
  const { t } = c.get('i18n')
  const search = (c.req.query('search') ?? c.req.query('filter') ?? '').trim()
  const after = c.req.query('after')
  const title = galleryHeading(t, category, search)
  if (search && !FILTER.test(search)) {
    c.status(400)
    return c.render(<SkinsPage category={category} search={search} skins={[]} problem={t('pages.skins.badSearch')} />, { title })
  }
  const list = await c
    .get('api')
    .call(CATEGORY_PATH[category], skinListResponseSchema, { query: { size: GALLERY_PAGE_SIZE, filter: search || undefined, after: category === 'random' ? undefined : after } })
    .catch(unavailable)
  const skins = list?.skins ?? []
  const nextAfter = skins.length === GALLERY_PAGE_SIZE ? list?.pagination.next.after : undefined
  return c.render(<SkinsPage category={category} search={search} skins={skins} nextAfter={nextAfter} />, { title })
}

const skinPage: Handler<AppEnv> = async (c) => {
  const { t, locale } = c.get('i18n')
  const id = c.req.param('skin') ?? ''
  const api = c.get('api')
  const answer = await api.call(`/v2/skins/${encodeURIComponent(id)}`, skinResponseSchema).catch((error: unknown) => {
    // SPEC §2: a page whose data check fails gives 404.
    if (error instanceof ApiCallError && (error.status === 404 || error.status === 400)) throw new HTTPException(404)
    return unavailable(error)
  })
  if (!answer) throw new HTTPException(404)
  const skin = answer.skin
  // One canonical URL per skin: short ids and dashed uuids move to the 32-hex uuid.
  if (id !== skin.uuid) return c.redirect(skinPath(skin.uuid, locale), 301)
  const generated = skin.name ? undefined : await api.call('/random-name', randomNameResponseSchema, { query: { seed: skin.uuid }, silent: true }).catch(() => null)
  const displayName = skin.name || generated?.name || skin.shortId
  const origin = c.get('options').publicUrl ?? new URL(c.req.url).origin
  return c.render(
    <SkinPage skin={skin} displayName={displayName} generatedName={!skin.name} directLink={`${origin}/${skin.uuid}`} textureUrl={`/textures/${skin.texture.hash.skin}`} />,
    { title: displayName, description: t('pages.skin.description', { name: displayName }), image: `/render/body/${skin.texture.hash.skin}?scale=10&overlay=true${skin.variant === 'slim' ? '&slim=true' : ''}` },
  )
}

const home: Handler<AppEnv> = (c) => renderHome(c)

const simple = (title: MessageKey, lead?: MessageKey): Handler<AppEnv> => (c) => {
  const { t } = c.get('i18n')
  return c.render(<SimplePage heading={t(title)} lead={lead && t(lead)} />, { title: t(title) })
}

/** Path → handler for every localised page. */
export const pageRoutes: [string, Handler<AppEnv>][] = [
  [ROUTES.home, home],
  [ROUTES.skins, gallery('latest')],
  [ROUTES.skinsPopular, gallery('popular')],
  [ROUTES.skinsRandom, gallery('random')],
  [ROUTES.skin, skinPage],
  [ROUTES.mySkins, simple('pages.mySkins.title', 'pages.mySkins.lead')],
  [ROUTES.account, simple('pages.account.title', 'pages.account.lead')],
  [ROUTES.apikey, simple('pages.apikey.title', 'pages.apikey.lead')],
  [ROUTES.capeAd, simple('pages.capeAd.title', 'pages.capeAd.lead')],
  [ROUTES.export, simple('pages.export.title', 'pages.export.lead')],
  [ROUTES.job, jobPage],
]

/** Path → handler of the localised form posts. */
export const postRoutes: [string, Handler<AppEnv>][] = [[ROUTES.generate, generatePost]]

/** `/bulk` and `/stats`: routes SPEC §2 reserves as empty pages, without language prefix. */
export const reservedPage: Handler<AppEnv> = (c: Context<AppEnv>) => {
  const { t } = c.get('i18n')
  return c.render(<SimplePage heading={t('pages.reserved.title')} />, { title: t('pages.reserved.title'), localized: false })
}
