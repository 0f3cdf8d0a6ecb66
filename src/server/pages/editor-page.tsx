/**
 * The skin editor page (`/editor`, docs/features.md "Skin editor"): a server-rendered shell — heading,
 * lead, a notice when the query named something that cannot be opened, a message for browsers without
 * JavaScript and a status line the island replaces — around the `skin-editor` island. The query
 * chooses what opens: `?skin=` a gallery skin (uuid or short id, asked of the API as the visitor, so a
 * private skin opens only for its owner and an unlisted one only by its uuid or for its owner),
 * `?player=` a player's current skin, `?url=` an image URL (both fetched by the island through the
 * API's editor import, under the generate fetch rules). Anything it cannot open leaves the editor
 * blank, with a notice that says why.
 * @module
 */
import type { Context, Handler } from 'hono'
import type { EditorSource, SkinEditorProps } from '../../islands/editor/props'
import { ApiCallError } from '../../shared/api/client'
import { useI18n } from '../../shared/i18n/context'
import type { MessageKey } from '../../shared/i18n/translator'
import { isUuid, skinIdSchema, skinResponseSchema } from '../../shared/schemas/api'
import { PLAYER_NAME } from '../../shared/schemas/api/patterns'
import type { AppEnv } from '../env'
import { Island } from '../render/island'
import { unavailable } from './unavailable'

/** Longest image URL the API's fetcher accepts (reference/mineskin-api.md §1.5). */
const MAX_URL_LENGTH = 256

/** Why the query's source was not opened. */
export type EditorNotice = 'skinNotFound' | 'playerInvalid' | 'urlInvalid'

const NOTICE_KEY: Record<EditorNotice, MessageKey> = {
  skinNotFound: 'pages.editor.skinNotFound',
  playerInvalid: 'pages.editor.playerInvalid',
  urlInvalid: 'pages.editor.urlInvalid',
}

/** What the page shows: the island's props and, when the query could not be opened, why. */
export interface EditorPageProps {
  island: SkinEditorProps
  notice?: EditorNotice
}

/** The page body. */
export function EditorPage({ island, notice }: EditorPageProps) {
  const { t } = useI18n()
  return (
    <section className="page editor-page">
      <h1>{t('pages.editor.title')}</h1>
      <p className="page__lead">{t('pages.editor.lead')}</p>
      {notice && (
        <p className="notice editor-page__notice" role="alert">
          {t(NOTICE_KEY[notice])}
        </p>
      )}
      <noscript>
        <p className="notice">{t('pages.editor.noScript')}</p>
      </noscript>
      {/* Shown until the island starts, which replaces it (the stylesheet hides it when scripts are off). */}
      <p id="editor-status" className="editor-page__status" role="status">
        {t('pages.editor.loading')}
      </p>
      <Island name="skin-editor" props={island} />
    </section>
  )
}

/** The island's props for the gallery skin `id` as the visitor may see it, or null when the API knows no such skin for them. */
async function gallerySkin(c: Context<AppEnv>, id: string): Promise<SkinEditorProps | null> {
  if (!skinIdSchema.safeParse(id).success) return null
  const answer = await c
    .get('api')
    .call(`/v2/skins/${encodeURIComponent(id)}`, skinResponseSchema, { silent: true })
    .catch((error: unknown) => (error instanceof ApiCallError && (error.status === 404 || error.status === 400) ? null : unavailable(error)))
  if (!answer) return null
  const { skin } = answer
  const source: EditorSource = { kind: 'skin', uuid: skin.uuid, texture: skin.texture.hash.skin, name: skin.name || skin.shortId, slim: skin.variant === 'slim' }
  return { source, ...(skin.name ? { defaultName: skin.name } : {}) }
}

/** The island's props and the notice for the query (the first of `skin`, `player`, `url` that is present). */
async function readQuery(c: Context<AppEnv>): Promise<EditorPageProps> {
  const skin = c.req.query('skin')?.trim()
  const player = c.req.query('player')?.trim()
  const url = c.req.query('url')?.trim()
  if (skin) {
    const island = await gallerySkin(c, skin)
    return island ? { island } : { island: {}, notice: 'skinNotFound' }
  }
  if (player) return PLAYER_NAME.test(player) || isUuid(player) ? { island: { source: { kind: 'player', name: player } } } : { island: {}, notice: 'playerInvalid' }
  if (url) return /^https?:\/\/\S+$/i.test(url) && url.length <= MAX_URL_LENGTH ? { island: { source: { kind: 'url', url } } } : { island: {}, notice: 'urlInvalid' }
  return { island: {} }
}

/** `GET /editor`. */
export const editorPage: Handler<AppEnv> = async (c) => {
  const { t } = c.get('i18n')
  const { island, notice } = await readQuery(c)
  // "Private" in the sign form follows the same flag as in the generate form.
  const props: EditorPageProps = {
    island: { ...island, privateFlag: c.get('flags')['web.visibility.private'], accountUrl: c.get('options').accountUrl, ...(notice ? { blank: true } : {}) },
    ...(notice ? { notice } : {}),
  }
  // An editor opened with any query (a source, or a mangled one such as `skin[]=`) is a visitor's own
  // working page: kept out of search indexes; only the bare /editor is the page to index.
  const opened = new URL(c.req.url).search !== ''
  return c.render(<EditorPage {...props} />, { title: t('pages.editor.title'), description: t('pages.editor.description'), noindex: opened })
}
