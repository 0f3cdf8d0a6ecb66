/**
 * Gallery routes (SPEC §2 `/skins`, `/skins/popular`, `/skins/random`, `?search=`): reads the query,
 * loads one page through the API and renders it with its cursor links. Bad query values never
 * give a 5xx: a bad search is a 400 page that says why, a bad cursor or size is ignored with a
 * notice (size silently), and an unknown cursor lists from the top as the API does.
 * @module
 */
import type { Handler } from 'hono'
import { skinListResponseSchema } from '../../shared/schemas/api'
import type { AppEnv } from '../env'
import { GALLERY_PAGE_SIZE, SkinsPage, galleryHeading, type GalleryCursors, type SkinCategory } from './skins-page'
import { unavailable } from './unavailable'

/** Search terms the API accepts (reference/mineskin-api.md §1.6). */
const FILTER = /^[a-zA-Z0-9-_ ]{1,32}$/
/** Cursor uuids the API accepts (plain or dashed). */
const CURSOR = /^([0-9a-f]{32}|[0-9a-fA-F-]{36})$/
const CATEGORY_PATH: Record<SkinCategory, string> = { latest: '/v2/skins', popular: '/v2/skins/popular', random: '/v2/skins/random' }

/** What a gallery request asks for, after checking every value. */
export interface GalleryQuery {
  search: string
  size: number
  after?: string
  before?: string
  /** A cursor was sent but is malformed, or both were sent: the page says so and lists from the top. */
  badCursor: boolean
}

/** Reads `search` (or the API's `filter`), `size` (1–128, else the page size), `after` or `before`. */
export function readGalleryQuery(query: (name: string) => string | undefined, category: SkinCategory): GalleryQuery {
  const search = (query('search') ?? query('filter') ?? '').trim()
  const sizeText = query('size') ?? ''
  const asked = /^\d{1,3}$/.test(sizeText) ? Number(sizeText) : 0
  const size = asked >= 1 && asked <= 128 ? asked : GALLERY_PAGE_SIZE
  // Random pages have no order, so cursors mean nothing there and are dropped without a word.
  if (category === 'random') return { search, size, badCursor: false }
  const after = query('after')
  const before = query('before')
  const ok = (v: string | undefined) => v === undefined || CURSOR.test(v)
  if ((after !== undefined && before !== undefined) || !ok(after) || !ok(before)) return { search, size, badCursor: true }
  return { search, size, after, before, badCursor: false }
}

/** The handler of one gallery category. */
export const gallery =
  (category: SkinCategory): Handler<AppEnv> =>
  async (c) => {
    const { t } = c.get('i18n')
    const q = readGalleryQuery((name) => c.req.query(name), category)
    const title = galleryHeading(t, category, q.search)
    const page = { category, search: q.search, size: q.size, origin: c.get('options').publicUrl ?? new URL(c.req.url).origin }
    if (q.search && !FILTER.test(q.search)) {
      c.status(400)
      return c.render(<SkinsPage {...page} skins={[]} problem={t('pages.skins.badSearch')} />, { title })
    }
    const list = await c
      .get('api')
      .call(CATEGORY_PATH[category], skinListResponseSchema, { query: { size: q.size, filter: q.search || undefined, after: q.after, before: q.before } })
      .catch(unavailable)
    const skins = list?.skins ?? []
    const lostAnchor = list?.warnings?.some((w) => w.code === 'anchor_not_found') ?? false
    const cursors: GalleryCursors = {
      // Fewer than a page means the end of the list (reference §1.6: the anchor's web does the same).
      next: skins.length === q.size ? list?.pagination.next.after : undefined,
      previous: list?.pagination.previous?.before,
    }
    const notice = q.badCursor ? t('pages.skins.badCursor') : lostAnchor ? t('pages.skins.lostCursor') : undefined
    return c.render(<SkinsPage {...page} skins={skins} cursors={cursors} notice={notice} paged={Boolean(q.after || q.before) && !lostAnchor} />, { title })
  }
