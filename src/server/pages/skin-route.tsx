/**
 * Loader of the skin page (SPEC §2 `/skins/{skin}`): 8-, 32- and 36-character ids,
 * one canonical URL per skin (the 32-hex uuid; other forms answer 301), 404 for unknown, deleted or
 * hidden skins (the API decides, reference/mineskin-api.md §1.7), and the page's SEO head.
 * @module
 */
import type { Context, Handler } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { ApiCallError } from '../../shared/api/client'
import { SKIN_PAGE_TAGS } from '../../shared/constants'
import { DEFAULT_LOCALE } from '../../shared/locales'
import { renderUrl } from '../../shared/render-url'
import { localizePath, ROUTES, skinPath } from '../../shared/routes'
import { hasSkinIdLength } from '../../shared/skin-id'
import { randomNameResponseSchema, skinListResponseSchema, skinMetaResponseSchema, skinResponseSchema, skinTagsResponseSchema, skinUserResponseSchema, type SkinInfo, type SkinListItem, type SkinTagsResponse, type SkinUserResponse } from '../../shared/schemas/api'
import { COMMAND_QUERY, commandSkin, commandTab } from '../../shared/skin/skin-commands'
import { SIMILAR_MAX } from '../components/skin/similar-skins'
import type { AppEnv } from '../env'
import { SkinPage } from './skin-page'
import { unavailable } from './unavailable'

/** The skin, or the 404 page when the API does not know it (SPEC §2: a failed data check gives 404). */
async function loadSkin(c: Context<AppEnv>, id: string): Promise<SkinInfo> {
  const answer = await c
    .get('api')
    .call(`/v2/skins/${encodeURIComponent(id)}`, skinResponseSchema)
    .catch((error: unknown) => {
      if (error instanceof ApiCallError && (error.status === 404 || error.status === 400)) throw new HTTPException(404)
      return unavailable(error)
    })
  if (!answer) throw new HTTPException(404)
  return answer.skin
}

/** The seeded name of a nameless skin (the same one every time, reference §3.5 "seeded random name"). */
async function seededName(c: Context<AppEnv>, skin: SkinInfo): Promise<string | undefined> {
  if (skin.name) return undefined
  const answer = await c.get('api').call('/random-name', randomNameResponseSchema, { query: { seed: skin.uuid }, silent: true }).catch(() => null)
  return answer?.name
}

/**
 * The API's description of the skin. It is written in English, so other languages keep their own
 * translated description rather than an English sentence in a localised page's head.
 */
async function apiDescription(c: Context<AppEnv>, skin: SkinInfo): Promise<string | undefined> {
  if (c.get('locale') !== DEFAULT_LOCALE) return undefined
  const answer = await c.get('api').call(`/v2/skins/${skin.uuid}/meta`, skinMetaResponseSchema, { silent: true }).catch(() => null)
  return answer?.meta.description || undefined
}

/** Similar skins (flag `web.show_similar`); none when the flag is off or the API has none or fails. */
async function similarSkins(c: Context<AppEnv>, skin: SkinInfo): Promise<SkinListItem[]> {
  if (!c.get('flags')['web.show_similar']) return []
  const answer = await c.get('api').call(`/v2/skins/${skin.uuid}/similar`, skinListResponseSchema, { silent: true }).catch(() => null)
  return (answer?.skins ?? []).filter((s) => s.uuid !== skin.uuid).slice(0, SIMILAR_MAX)
}

/**
 * The skin's tags as the API lists them for this visitor (their own votes included: the API client
 * forwards the visitor's cookie), so visitors without JavaScript see them too; the first
 * {@link SKIN_PAGE_TAGS} of them (the API lists the highest scores first). Null when the flag
 * `web.tags.visible` is off, empty when the call fails (silent: the page stands without them).
 */
async function skinTags(c: Context<AppEnv>, skin: SkinInfo): Promise<SkinTagsResponse['tags'] | null> {
  if (!c.get('flags')['web.tags.visible']) return null
  const answer = await c.get('api').call(`/v2/skins/${skin.uuid}/tags`, skinTagsResponseSchema, { silent: true }).catch(() => null)
  return (answer?.tags ?? []).slice(0, SKIN_PAGE_TAGS)
}

/**
 * What the visitor may do with the skin (`/user`: owner, edit and delete windows, liked), asked
 * here with their cookies rather than from the browser, where a visitor the API does not know yet
 * would see a refused (401) request on every page load. Null when the API does not know them.
 */
async function skinUser(c: Context<AppEnv>, skin: SkinInfo): Promise<SkinUserResponse['user'] | null> {
  const answer = await c.get('api').call(`/v2/skins/${skin.uuid}/user`, skinUserResponseSchema, { silent: true }).catch(() => null)
  return answer?.user ?? null
}

/**
 * The skin `skin` was remixed from, with the name its own page shows (its name, else its seeded name,
 * else its short id). The API names `remixOf` only when this visitor may see that skin
 * (src/api/skins/services/remix-link.ts), so the look-up below is as the visitor too; any failure
 * leaves the line out.
 */
async function remixedFrom(c: Context<AppEnv>, skin: SkinInfo): Promise<{ uuid: string; name: string } | undefined> {
  if (!skin.remixOf) return undefined
  const answer = await c.get('api').call(`/v2/skins/${skin.remixOf}`, skinResponseSchema, { silent: true }).catch(() => null)
  if (!answer) return undefined
  return { uuid: answer.skin.uuid, name: answer.skin.name || (await seededName(c, answer.skin)) || answer.skin.shortId }
}

/** `GET /skins/{skin}`. */
export const skinPage: Handler<AppEnv> = async (c) => {
  const { t, locale } = c.get('i18n')
  const id = c.req.param('skin') ?? ''
  // SPEC §3 skin list query: the category `latest` means no segment, so `/skins/latest` is the gallery.
  // Without this the API's list answered the skin lookup (GET /v2/skins/latest) and the page was a 503.
  if (id === 'latest') return c.redirect(localizePath(ROUTES.skins, locale) + new URL(c.req.url).search, 301)
  // Only the id forms of SPEC §5 can name a skin; anything else is not asked of the API.
  if (!hasSkinIdLength(id)) throw new HTTPException(404)
  const skin = await loadSkin(c, id)
  // One canonical URL per skin: short ids and dashed uuids move to the 32-hex uuid (the tab choice stays).
  if (id !== skin.uuid) {
    const tab = c.req.query(COMMAND_QUERY)
    return c.redirect(skinPath(skin.uuid, locale) + (tab ? `?${COMMAND_QUERY}=${encodeURIComponent(tab)}` : ''), 301)
  }
  const [generated, metaDescription, similar, tags, user, remixOf] = await Promise.all([seededName(c, skin), apiDescription(c, skin), similarSkins(c, skin), skinTags(c, skin), skinUser(c, skin), remixedFrom(c, skin)])
  const displayName = skin.name || generated || skin.shortId
  const origin = c.get('options').publicUrl ?? new URL(c.req.url).origin
  const directLink = `${origin}/${skin.uuid}`
  const canonical = origin + skinPath(skin.uuid, locale)
  const image = origin + renderUrl({ textureHash: skin.texture.hash.skin, view: 'body', variant: skin.variant })
  const description = metaDescription ?? t('pages.skin.description', { name: displayName })
  const command = commandSkin({ name: displayName, timestamp: skin.generator.timestamp }, directLink, skin.texture.data.value, skin.texture.data.signature)
  return c.render(
    <SkinPage
      skin={skin}
      displayName={displayName}
      generatedName={!skin.name}
      directLink={directLink}
      textureUrl={`/textures/${skin.texture.hash.skin}`}
      accountUrl={c.get('options').accountUrl}
      command={{ skin: command, tab: commandTab(c.req.query(COMMAND_QUERY)) }}
      similar={similar}
      seo={{ origin, canonical, image }}
      remixOf={remixOf}
      community={{ tags, user, report: c.get('flags')['web.report.visible'], privateFlag: c.get('flags')['web.visibility.private'] }}
    />,
    // Unlisted and private skins are reachable by link only: keep them out of search indexes.
    { title: displayName, description, image, noindex: skin.visibility !== 'public' },
  )
}
