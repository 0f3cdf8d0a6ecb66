/**
 * `GET /get/*` of the v1 API (reference/mineskin-api.md §7; MineSkin `routes/get.ts`): the caller's
 * delay, statistics, one skin by integer id, uuid or signed value, the two list forms and a random
 * skin. Every skin answer carries `delayInfo`, since MineskinClient 1.x reads `delayInfo.millis`
 * from every answer it parses, reads included.
 * @module
 */
import type { Context } from 'hono'
import { Hono } from 'hono'
import { ApiError } from '../errors'
import { hashFromTextureUrl, decodeTexturesValue } from '../profiles/textures-value'
import type { ApiServices } from '../services'
import { canSeeSkin, requireVisibleSkin } from '../skins/services/skin-access'
import { loadSkinRecord, loadSkinRecordById, type SkinRecord } from '../skins/services/skin-record'
import type { ApiEnv } from '../routes/env'
import { rateKey } from '../jobs/routes/generate-submit'
import { withPoolDelay } from '../jobs/routes/pool-delay'
import { createV1Lists, legacySize } from './v1-lists'
import { toV1Skin, v1DelayInfo } from './v1-skin'

const skinNotFound = () => new ApiError('skin_not_found', 'Skin not found', 404)

/** Builds the v1 read routes. */
export function v1GetRoutes(s: ApiServices) {
  const { ctx } = s
  const db = ctx.store.db
  const lists = createV1Lists(ctx.store.sql, ctx.now)
  const r = new Hono<ApiEnv>()

  /** The caller's current rate-limit state (not counted as a request). */
  const peek = (c: Context<ApiEnv>) => {
    const who = c.get('identity')
    return ctx.limiter.peek(rateKey(who, false), withPoolDelay(who.grants, ctx), ctx.now())
  }

  /** A skin answer with the caller's delay; `extra` keys go first (MineSkin's `_deprecated`). */
  const sendSkin = async (c: Context<ApiEnv>, rec: SkinRecord, extra: Record<string, string> = {}, cache = 'public, max-age=3600') => {
    const rl = await peek(c)
    const delayInfo = v1DelayInfo(rl)
    // Private skins are answered to their owner only: never into a shared cache.
    c.header('Cache-Control', rec.skin.visibility === 'private' ? 'private, no-store' : cache)
    return c.json({ ...extra, ...toV1Skin(rec), nextRequest: delayInfo.seconds, delayInfo })
  }

  r.get('/get/delay', async (c) => {
    const rl = await peek(c)
    const delayInfo = v1DelayInfo(rl)
    const now = ctx.now()
    const next = Math.max(now, rl.next.absolute)
    c.header('Cache-Control', 'private, no-store, max-age=0')
    return c.json({
      delay: delayInfo.seconds,
      next: Math.round(next / 1000),
      nextRelative: Math.max(0, Math.round((next - now) / 1000)),
      seconds: delayInfo.seconds,
      millis: delayInfo.millis,
      nextRequest: { time: Math.round(next), relative: Math.max(100, Math.round(next - now)) },
      delayInfo,
    })
  })

  const stats = async (c: Context<ApiEnv>) => {
    const v2 = await s.stats.get()
    const rl = await peek(c)
    const t = v2.generated.time
    const sum = (x: { new: number; duplicate: number }) => x.new + x.duplicate
    const usable = v2.accounts.usable.global
    const rate = Math.round(t.day.successRate * 10) / 1000
    c.header('Cache-Control', 'public, max-age=60')
    return c.json({
      server: new URL(ctx.config.publicUrl).host,
      delay: v1DelayInfo(rl).seconds,
      accounts: usable,
      healthyAccounts: usable,
      useableAccounts: usable,
      successRate: rate,
      avgGenerateDuration: Math.round(v2.generator.duration.generate),
      unique: v2.generated.total.new,
      duplicate: v2.generated.total.duplicate,
      total: sum(v2.generated.total),
      lastHour: sum(t.hour.current),
      lastDay: sum(t.day.current),
      lastMonth: sum(t.month.current),
      lastYear: sum(t.year.current),
      account: { global: { total: usable, healthy: usable, usable } },
      skin: { unique: v2.generated.total.new, duplicate: v2.generated.total.duplicate, total: sum(v2.generated.total) },
      generate: { time: { hour: sum(t.hour.current), day: sum(t.day.current), month: sum(t.month.current), year: sum(t.year.current) }, successRate: rate },
    })
  }
  r.get('/get/stats', stats)
  r.get('/get/stats/:details', stats)

  r.get('/get/id/:id', async (c) => {
    const raw = c.req.param('id')
    const who = c.get('identity')
    // MineSkin redirects a uuid to `/get/uuid/…`; answering it here spares the client a round trip.
    if (raw.length === 32 || raw.length === 36) return sendSkin(c, await requireVisibleSkin(db, raw, who))
    if (!/^\d{1,15}$/.test(raw)) throw new ApiError('invalid_number', 'invalid number', 400)
    // Integer ids are sequential: walking them must not list unlisted skins (skin-access.ts).
    const rec = await loadSkinRecordById(db, Number(raw))
    if (!rec || !(await canSeeSkin(db, rec, who, 'other'))) throw skinNotFound()
    return sendSkin(c, rec, { _deprecated: 'use /get/uuid/:uuid instead' })
  })

  r.get('/get/uuid/:uuid', async (c) => {
    const raw = c.req.param('uuid')
    if (raw.length < 32 || raw.length > 36) throw new ApiError('invalid_uuid', 'invalid uuid', 400)
    return sendSkin(c, await requireVisibleSkin(db, raw, c.get('identity')))
  })

  /** The visible skin signed with exactly this value (and signature): found through the texture hash the value names. */
  const forTexture = async (c: Context<ApiEnv>) => {
    const value = c.req.param('value') ?? ''
    const signature = c.req.param('signature')
    let hash: string | null = null
    try {
      const url = decodeTexturesValue(value).textures.SKIN?.url
      hash = url ? hashFromTextureUrl(url) : null
    } catch {
      hash = null
    }
    if (!hash) throw skinNotFound()
    const rows = await ctx.store.sql.all<{ uuid: string }>(
      `SELECT s.uuid FROM skins s JOIN skin_data d ON d.id = s.data_id
       WHERE d.texture_hash = ? AND d.value = ? ${signature ? 'AND d.signature = ?' : ''} AND s.deleted_at IS NULL
       ORDER BY s.visibility = 'public' DESC, s.id LIMIT 8`,
      signature ? [hash, value, signature] : [hash, value],
    )
    for (const row of rows) {
      const rec = await loadSkinRecord(db, row.uuid)
      // A value is no uuid link: every player of a server showing the skin receives it.
      if (rec && (await canSeeSkin(db, rec, c.get('identity'), 'other'))) return sendSkin(c, rec, {}, 'public, max-age=600')
    }
    throw skinNotFound()
  }
  r.get('/get/forTexture/:value', forTexture)
  r.get('/get/forTexture/:value/:signature', forTexture)

  /** `/get/list/{page}` for digits (or nothing), `/get/list/{after}` for a word, as MineSkin's two routes split them. */
  const list = async (c: Context<ApiEnv>) => {
    const param = c.req.param('param')
    const filter = c.req.query('filter') || undefined
    if (param === undefined || /^\d+$/.test(param)) {
      const parsed = param === undefined ? 1 : Number.parseInt(param, 10)
      const page = Number.isNaN(parsed) || parsed < 1 ? 1 : Math.min(parsed, 1_000_000)
      const size = legacySize(c.req.query('size'), 64)
      const res = await lists.page(page, size, filter)
      c.header('Cache-Control', 'public, max-age=60')
      return c.json({
        _deprecated: 'use list by reference instead (/get/list/start, then /get/list/<last uuid>)',
        skins: res.skins,
        page: { index: page, amount: Math.round(res.total / size), total: res.total },
        ...(filter !== undefined ? { filter } : {}),
      })
    }
    if (!/^\w+$/.test(param)) throw new ApiError('not_found', `Not found (${c.req.path})`, 404)
    const size = legacySize(c.req.query('size'), 512)
    const skins = await lists.after(param, size, filter)
    const filterPart = filter !== undefined ? { filter } : {}
    if (!skins) return c.json({ msg: 'anchor not found', skins: [], page: { anchor: param }, ...filterPart }, 404)
    c.header('Cache-Control', param === 'start' ? 'public, max-age=120' : 'public, max-age=3600')
    return c.json({ skins, page: { anchor: param }, ...filterPart })
  }
  r.get('/get/list', list)
  r.get('/get/list/:param', list)

  r.get('/get/random', async (c) => {
    const page = await s.lists.list({ category: 'random', size: 1, now: ctx.now(), random: ctx.random })
    const uuid = page.skins[0]?.uuid
    const rec = uuid ? await loadSkinRecord(db, uuid) : null
    if (!rec) throw skinNotFound()
    return sendSkin(c, rec, {}, 'no-store')
  })

  return r
}
