/**
 * Tag votes (reference/mineskin-api.md §1.7): one up or down vote per caller and tag; a tag is
 * visible to everyone once up − down reaches the configured threshold, and always to its voters.
 * Visible tags feed the FTS search through triggers (migration 0001).
 * @module
 */
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../store/db'
import { skinTags, tagVotes } from '../../store/schema'

/** One tag as shown to a caller. */
export interface TagView {
  tag: string
  vote: 'up' | 'down' | null
  suggested: boolean
}

/**
 * The tag query as one prepared statement per database (issue 11 point 3: every skin page lists its
 * tags, and building the query cost more than running it). A null voter matches no vote row
 * (`voter = NULL` is never true), so anonymous callers see votes as null.
 */
const tagQueries = new WeakMap<Db, ReturnType<typeof prepareTagQuery>>()
function prepareTagQuery(db: Db) {
  return db
    .select({
      tag: skinTags.tag,
      visible: skinTags.visible,
      up: skinTags.up,
      down: skinTags.down,
      vote: sql<number | null>`(SELECT vote FROM tag_votes v WHERE v.skin_id = ${skinTags.skinId} AND v.tag = ${skinTags.tag} AND v.voter = ${sql.placeholder('voter')})`,
    })
    .from(skinTags)
    .where(eq(skinTags.skinId, sql.placeholder('skin')))
    .prepare()
}

/** Tags of a skin as seen by `voter`: visible ones plus those the voter voted on. */
export function listTags(db: Db, skinRowId: number, voter: string | null): TagView[] {
  let query = tagQueries.get(db)
  if (!query) tagQueries.set(db, (query = prepareTagQuery(db)))
  const rows = query.all({ skin: skinRowId, voter })
  return rows
    .filter((r) => r.visible === 1 || r.vote !== null)
    .sort((a, b) => b.up - b.down - (a.up - a.down) || a.tag.localeCompare(b.tag))
    .map((r) => ({ tag: r.tag, vote: r.vote === null ? null : r.vote > 0 ? 'up' : 'down', suggested: false }))
}

/** Records a vote; returns false when the voter already cast this exact vote. */
export function voteTag(
  db: Db,
  opts: { skinRowId: number; tag: string; vote: 'up' | 'down'; voter: string; threshold: number; now: number },
): boolean {
  const value = opts.vote === 'up' ? 1 : -1
  return db.transaction((tx) => {
    const prev = tx
      .select({ vote: tagVotes.vote })
      .from(tagVotes)
      .where(and(eq(tagVotes.skinId, opts.skinRowId), eq(tagVotes.tag, opts.tag), eq(tagVotes.voter, opts.voter)))
      .get()
    if (prev?.vote === value) return false
    tx.insert(tagVotes)
      .values({ skinId: opts.skinRowId, tag: opts.tag, voter: opts.voter, vote: value, createdAt: opts.now })
      .onConflictDoUpdate({ target: [tagVotes.skinId, tagVotes.tag, tagVotes.voter], set: { vote: value, createdAt: opts.now } })
      .run()
    const tally = tx
      .select({
        up: sql<number>`coalesce(sum(CASE WHEN vote > 0 THEN 1 ELSE 0 END), 0)`,
        down: sql<number>`coalesce(sum(CASE WHEN vote < 0 THEN 1 ELSE 0 END), 0)`,
      })
      .from(tagVotes)
      .where(and(eq(tagVotes.skinId, opts.skinRowId), eq(tagVotes.tag, opts.tag)))
      .get() ?? { up: 0, down: 0 }
    const visible = tally.up - tally.down >= opts.threshold ? 1 : 0
    tx.insert(skinTags)
      .values({ skinId: opts.skinRowId, tag: opts.tag, up: tally.up, down: tally.down, visible, createdAt: opts.now })
      .onConflictDoUpdate({ target: [skinTags.skinId, skinTags.tag], set: { up: tally.up, down: tally.down, visible } })
      .run()
    return true
  })
}

/** Re-applies the visibility threshold to every tag (run at start, in case the threshold changed). */
export function applyTagThreshold(db: Db, threshold: number): void {
  db.update(skinTags)
    .set({ visible: sql`CASE WHEN up - down >= ${threshold} THEN 1 ELSE 0 END` })
    .where(sql`visible <> CASE WHEN up - down >= ${threshold} THEN 1 ELSE 0 END`)
    .run()
}
