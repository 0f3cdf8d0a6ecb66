/**
 * A user's legacy skins: the skins they got from the v1 generate routes (`POST /generate/*`,
 * `GET /generate/user/{uuid}`), new or duplicate. MineSkin keeps them as `User.skins`, appended to by
 * its v1 generate (`routes/generate.ts`, after every answer to a signed-in user) and listed by
 * `GET /v2/me/legacyskins` (`models/v2/skins.ts` `v2UserLegacySkinList`). Table `legacy_skins`.
 * @module
 */
import { and, asc, eq, isNull } from 'drizzle-orm'
import type { Db } from '../../store/db'
import { legacySkins, skins } from '../../store/schema'

/** Records that `userId` got skin `skinUuid` from a v1 generate route; a skin already listed keeps its first time. */
export async function recordLegacySkin(db: Db, userId: string, skinUuid: string, now: number): Promise<void> {
  await db.insert(legacySkins).values({ userId, skinUuid, createdAt: now }).onConflictDoNothing().run()
}

/**
 * The uuids of `userId`'s legacy skins, oldest first as MineSkin appends them. Deleted skins are left
 * out: their links answer 404, and a deleted private skin's id is nobody's business.
 */
export async function listLegacySkins(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ uuid: legacySkins.skinUuid })
    .from(legacySkins)
    .innerJoin(skins, eq(skins.uuid, legacySkins.skinUuid))
    .where(and(eq(legacySkins.userId, userId), isNull(skins.deletedAt)))
    .orderBy(asc(legacySkins.createdAt), asc(legacySkins.skinUuid))
    .all()
  return rows.map((r) => r.uuid)
}
