/**
 * Views, likes and reports (reference/mineskin-api.md §1.7): views are counted per verified
 * anti-bot proof; likes and reports once per caller (409 `already_liked` / `already_reported`).
 * @module
 */
import { eq, sql } from 'drizzle-orm'
import { ApiError } from '../../errors'
import type { Db } from '../../store/db'
import { skinLikes, skinReports, skins } from '../../store/schema'

/** Counts one view. */
export function addView(db: Db, skinRowId: number): void {
  db.update(skins).set({ views: sql`${skins.views} + 1` }).where(eq(skins.id, skinRowId)).run()
}

/** Records a like; 409 `already_liked` when this caller liked the skin before. */
export function addLike(db: Db, skinRowId: number, voter: string, now: number): void {
  db.transaction((tx) => {
    const inserted = tx.insert(skinLikes).values({ skinId: skinRowId, voter, createdAt: now }).onConflictDoNothing().returning({ id: skinLikes.skinId }).all()
    if (inserted.length === 0) throw new ApiError('already_liked', 'You already liked this skin', 409)
    tx.update(skins).set({ likes: sql`${skins.likes} + 1` }).where(eq(skins.id, skinRowId)).run()
  })
}

/** Records a report; 409 `already_reported` when this caller reported the skin before. */
export function addReport(db: Db, skinRowId: number, reporter: string, reason: 'skin' | 'name' | 'tags', now: number): void {
  const inserted = db.insert(skinReports).values({ skinId: skinRowId, reporter, reason, createdAt: now }).onConflictDoNothing().returning({ id: skinReports.id }).all()
  if (inserted.length === 0) throw new ApiError('already_reported', 'You already reported this skin', 409)
}
