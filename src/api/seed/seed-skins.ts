/**
 * Demo data through the real pipeline: a procedurally painted skin goes through the image
 * primitive uploads use (`skinFromRgba`: Mojang re-encode, texture hash, variant detection — the
 * decode step of `readSkinImage` is skipped because the pixels are made here), is signed by the
 * configured signer and stored by the same skin writer the queue worker uses. Signing dominates (RSA-4096 ≈ 10 ms on one core), so a
 * whole batch is signed concurrently: WebCrypto runs the signatures on its thread pool, which keeps
 * every core busy; rows are written per batch in one transaction.
 * @module
 */
import { skinFromRgba } from '../image'
import { mulberry32 } from './prng'
import { randomName } from '../names'
import type { SqlStatement } from '../store/sql'
import type { ApiContext } from '../services/context'
import { colourHistogram } from '../image/colour-features'
import { createSkinWriter } from '../jobs/generate/skin-writer'
import type { Counters } from '../services/stats/counters'
import { createStorageMeter } from '../services/storage/storage-meter'
import { paintSkin } from './procedural-skin'

/** Options of {@link seedSkins}. */
export interface SeedOptions {
  count: number
  /** Seeds are drawn from this PRNG, so a given PRNG seed paints the same set. */
  random: () => number
  /** Creation times are spread over this span before `ctx.now()` (default 45 days). */
  spanMs?: number
  /** Skins per transaction (default 256). */
  batchSize?: number
  /** Called after every batch. */
  onProgress?: (done: number, total: number, perSecond: number) => void
}

const DAY = 86_400_000

/** Creates `count` demo skins; returns how many and how long it took. */
export async function seedSkins(ctx: ApiContext, counters: Counters, opts: SeedOptions): Promise<{ created: number; ms: number }> {
  const { sql } = ctx.store
  const writer = createSkinWriter(sql, counters)
  // Demo skins are counted in the running storage total like every other image.
  const storage = createStorageMeter({ sql, blobs: ctx.blobs, budgetBytes: ctx.config.storageBudgetBytes, now: ctx.now })
  const SET_STATS = 'UPDATE skins SET views = ?, likes = ? WHERE id = ?'
  const VOTE = 'INSERT OR IGNORE INTO tag_votes (skin_id, tag, voter, vote, created_at) VALUES (?, ?, ?, 1, ?)'
  const TAG = 'INSERT OR IGNORE INTO skin_tags (skin_id, tag, up, down, visible, created_at) VALUES (?, ?, ?, 0, 1, ?)'
  const threshold = ctx.config.tagVisibleThreshold
  const span = opts.spanMs ?? 45 * DAY
  const batchSize = opts.batchSize ?? 256
  const end = ctx.now()
  const start = end - span
  const t0 = performance.now()
  let done = 0

  while (done < opts.count) {
    const n = Math.min(batchSize, opts.count - done)
    const items = await Promise.all(
      Array.from({ length: n }, async (_, k) => {
        const i = done + k
        const seed = Math.floor(opts.random() * 2 ** 32)
        const rnd = mulberry32(seed)
        const painted = paintSkin(rnd)
        // Same normalise/encode/hash primitive an upload goes through; the pixels are valid by construction.
        const image = await skinFromRgba(painted.rgba, 64, 64)
        const variant = image.detectedVariant
        const signed = await ctx.signer.sign({ png: image.png, textureHash: image.textureHash, variant })
        await storage.storeTexture(signed.textureHash, image.png)
        const createdAt = Math.round(start + ((i + rnd()) / opts.count) * span)
        return {
          image,
          variant,
          signed,
          createdAt,
          name: rnd() < 0.7 ? randomName(`seed-${seed}`) : null,
          views: Math.floor(rnd() ** 3 * 2000),
          likes: Math.floor(rnd() ** 4 * 50),
          tags: painted.tags.filter(() => rnd() < 0.6).slice(0, 4),
        }
      }),
    )
    // Each skin is stored by the writer's own atomic batch, then its demo stats and tags in a second one.
    for (const it of items) {
      const stored = await writer.insertNew({
        imageHash: it.image.imageHash,
        features: colourHistogram(it.image.rgba),
        options: { name: it.name, visibility: 'public', variant: it.variant, cape: null },
        signed: it.signed,
        creator: { userId: null, apiKeyId: null, clientId: null, ip: null },
        worker: 'seed',
        queueStart: it.createdAt,
        queueEnd: it.createdAt,
        now: it.createdAt,
      })
      const extra: SqlStatement[] = [{ sql: SET_STATS, params: [it.views, it.likes, stored.skinRowId] }]
      for (const t of it.tags) {
        for (let v = 0; v < threshold; v++) extra.push({ sql: VOTE, params: [stored.skinRowId, t, `seed:${v}`, it.createdAt] })
        extra.push({ sql: TAG, params: [stored.skinRowId, t, threshold, it.createdAt] })
      }
      await sql.batch(extra)
    }
    done += n
    opts.onProgress?.(done, opts.count, done / ((performance.now() - t0) / 1000))
  }
  return { created: done, ms: performance.now() - t0 }
}
