/**
 * Whether a caller liked a skin: our extension of the `/user` answer, so the skin page can show its
 * like button as pressed (likes are counted once per caller, `interactions.ts`).
 * @module
 */
import { and, eq } from 'drizzle-orm'
import type { Db } from '../../store/db'
import { skinLikes } from '../../store/schema'

/** True when `voter` (an identity key) liked the skin with row id `skinRowId`. */
export async function hasLiked(db: Db, skinRowId: number, voter: string | null): Promise<boolean> {
  if (!voter) return false
  return (await db.select({ id: skinLikes.skinId }).from(skinLikes).where(and(eq(skinLikes.skinId, skinRowId), eq(skinLikes.voter, voter))).get()) != null
}
