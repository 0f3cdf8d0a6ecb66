/**
 * Views and likes (reference/mineskin-api.md §1.7): views are counted per verified anti-bot proof;
 * likes once per caller (409 `already_liked`). Reports: ./reports.ts.
 * @module
 */
import { eq, sql } from 'drizzle-orm'
import { ApiError } from '../../errors'
import type { Db, Store } from '../../store/db'
import { skins } from '../../store/schema'

/** Counts one view. */
export async function addView(db: Db, skinRowId: number): Promise<void> {
  await db.update(skins).set({ views: sql`${skins.views} + 1` }).where(eq(skins.id, skinRowId)).run()
}

/** Records a like; 409 `already_liked` when this caller liked the skin before. */
export async function addLike(store: Store, skinRowId: number, voter: string, now: number): Promise<void> {
  // One atomic batch (no interactive transactions on D1): the count moves only
  // when this voter has no like yet, and the like row is added after that check, in the same batch.
  const [, inserted] = await store.sql.batch([
    { sql: 'UPDATE skins SET likes = likes + 1 WHERE id = ? AND NOT EXISTS (SELECT 1 FROM skin_likes WHERE skin_id = ? AND voter = ?)', params: [skinRowId, skinRowId, voter] },
    { sql: 'INSERT INTO skin_likes (skin_id, voter, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING', params: [skinRowId, voter, now] },
  ])
  if (inserted!.changes === 0) throw new ApiError('already_liked', 'You already liked this skin', 409)
}
