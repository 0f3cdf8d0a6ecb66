/**
 * First start: an empty database gets `DEMO_SKINS` demo skins so a newcomer sees a live gallery.
 * Only with the local signer — demo skins must never be uploaded to real Mojang accounts or an
 * upstream API.
 * @module
 */
import type { ApiContext } from '../services/context'
import type { Counters } from '../services/stats/counters'
import { seedSkins } from './seed-skins'

/** Seeds `count` skins when the skins table is empty; returns how many were made. */
export async function seedIfEmpty(ctx: ApiContext, counters: Counters, count: number): Promise<number> {
  if (count <= 0 || ctx.signer.kind !== 'local') return 0
  const row = await ctx.store.sql.get('SELECT 1 AS one FROM skins LIMIT 1')
  if (row) return 0
  return (await seedSkins(ctx, counters, { count, random: ctx.random })).created
}
