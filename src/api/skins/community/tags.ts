/**
 * Tag votes (reference/mineskin-api.md §1.7): one up or down vote per caller and tag; a tag is
 * visible to everyone once up − down reaches the configured threshold, and always to its voters.
 * Visible tags feed the FTS search through triggers (migration 0001).
 * @module
 */
import { eq, sql } from 'drizzle-orm'
import type { Db, Store } from '../../store/db'
import { skinTags } from '../../store/schema'

/** One tag as shown to a caller. */
export interface TagView {
  tag: string
  vote: 'up' | 'down' | null
  suggested: boolean
}

/**
 * The tag query as one prepared statement per database (every skin page lists its
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
      // Casts rather than bare parameters: SQLite plans a statement again on every binding of a bare
      // parameter its planner looked at (skin-record.ts `idAs`); measured 8.9 → 4.3 µs a call.
      vote: sql<number | null>`(SELECT vote FROM tag_votes v WHERE v.skin_id = ${skinTags.skinId} AND v.tag = ${skinTags.tag} AND v.voter = cast(${sql.placeholder('voter')} as text))`,
    })
    .from(skinTags)
    .where(eq(skinTags.skinId, sql`cast(${sql.placeholder('skin')} as integer)`))
    .prepare()
}

/** Tags of a skin as seen by `voter`: visible ones plus those the voter voted on. */
export async function listTags(db: Db, skinRowId: number, voter: string | null): Promise<TagView[]> {
  let query = tagQueries.get(db)
  if (!query) tagQueries.set(db, (query = prepareTagQuery(db)))
  const rows = await query.all({ skin: skinRowId, voter })
  return rows
    .filter((r) => r.visible === 1 || r.vote !== null)
    .sort((a, b) => b.up - b.down - (a.up - a.down) || a.tag.localeCompare(b.tag))
    .map((r) => ({ tag: r.tag, vote: r.vote === null ? null : r.vote > 0 ? 'up' : 'down', suggested: false }))
}

/** Records a vote; returns false when the voter already cast this exact vote. */
export async function voteTag(
  store: Store,
  opts: { skinRowId: number; tag: string; vote: 'up' | 'down'; voter: string; threshold: number; now: number },
): Promise<boolean> {
  const value = opts.vote === 'up' ? 1 : -1
  // One atomic batch (D1 has no interactive transactions). The upsert changes
  // nothing when the same vote exists (its WHERE), which is the "already cast" answer; the tally
  // is then recomputed from the votes in SQL, so it is exact whatever ran concurrently.
  const [vote] = await store.sql.batch([
    {
      sql: `INSERT INTO tag_votes (skin_id, tag, voter, vote, created_at) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (skin_id, tag, voter) DO UPDATE SET vote = excluded.vote, created_at = excluded.created_at WHERE tag_votes.vote <> excluded.vote`,
      params: [opts.skinRowId, opts.tag, opts.voter, value, opts.now],
    },
    {
      sql: `INSERT INTO skin_tags (skin_id, tag, up, down, visible, created_at)
            SELECT ?, ?, t.up, t.down, CASE WHEN t.up - t.down >= ? THEN 1 ELSE 0 END, ?
            FROM (SELECT coalesce(sum(CASE WHEN vote > 0 THEN 1 ELSE 0 END), 0) AS up, coalesce(sum(CASE WHEN vote < 0 THEN 1 ELSE 0 END), 0) AS down
                  FROM tag_votes WHERE skin_id = ? AND tag = ?) t WHERE true
            ON CONFLICT (skin_id, tag) DO UPDATE SET up = excluded.up, down = excluded.down, visible = excluded.visible`,
      params: [opts.skinRowId, opts.tag, opts.threshold, opts.now, opts.skinRowId, opts.tag],
    },
  ])
  return vote!.changes > 0
}

/** Re-applies the visibility threshold to every tag (run at start, in case the threshold changed). */
export async function applyTagThreshold(db: Db, threshold: number): Promise<void> {
  await db
    .update(skinTags)
    .set({ visible: sql`CASE WHEN up - down >= ${threshold} THEN 1 ELSE 0 END` })
    .where(sql`visible <> CASE WHEN up - down >= ${threshold} THEN 1 ELSE 0 END`)
    .run()
}
