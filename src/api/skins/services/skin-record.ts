/**
 * Loading a skin with its texture data, and turning it into the v2 skin object (SkinInfo2,
 * reference/mineskin-api.md §1.4).
 * @module
 */
import { and, eq, getTableColumns, sql, type Table } from 'drizzle-orm'
import { compactUuid, SHORT_ID, UUID32, UUID36, type SkinInfo } from '../../../shared/schemas/api'
import type { Db } from '../../store/db'
import { skinData, skins, skinTags } from '../../store/schema'

/** A skin row joined with its texture data row. */
export interface SkinRecord {
  skin: typeof skins.$inferSelect
  data: typeof skinData.$inferSelect
  /** The visible tags, when they were read with the record ({@link loadSkinRecordWithTags}). */
  tags?: string[]
}

/**
 * The record and tag look-ups as prepared statements, built once per database: every skin page
 * loads the record up to five times, and building and preparing the query each
 * time cost more than running it.
 */
function prepared(db: Db) {
  let q = statements.get(db)
  if (!q) statements.set(db, (q = prepare(db)))
  return q
}

/**
 * The id as an expression rather than a bare parameter. Planning this join, SQLite checks whether
 * the WHERE clause implies the `skins` table's partial indexes (schema.ts `LISTED`), and a bare `?`
 * it looked at marks the statement to be planned again on every new binding: each skin page paid a
 * full re-prepare of the 36-column join (measured with bun:sqlite 3.54: 17–40 µs a lookup instead of
 * 2.4 µs, 11 % of the skin page's server render).
 */
const idAs = (type: 'text' | 'integer') => sql`cast(${sql.placeholder('id')} as ${sql.raw(type)})`

function prepare(db: Db) {
  const record = () => db.select({ skin: skins, data: skinData }).from(skins).innerJoin(skinData, eq(skinData.id, skins.dataId))
  return {
    byUuid: record().where(eq(skins.uuid, idAs('text'))).prepare(),
    byShortId: record().where(eq(skins.shortId, idAs('text'))).prepare(),
    byRowId: record().where(eq(skins.id, idAs('integer'))).prepare(),
    tags: db.select({ tag: skinTags.tag }).from(skinTags).where(and(eq(skinTags.skinId, sql.placeholder('id')), eq(skinTags.visible, 1))).prepare(),
    // The tag subquery is the `tags` statement's own WHERE, so the tags come in the same order.
    byUuidWithTags: db
      .select({ skin: skins, data: skinData, tags: sql<string>`(SELECT json_group_array(tag) FROM (SELECT tag FROM skin_tags WHERE skin_id = ${skins.id} AND visible = 1))` })
      .from(skins)
      .innerJoin(skinData, eq(skinData.id, skins.dataId))
      .where(eq(skins.uuid, idAs('text')))
      .prepare(),
  }
}

const statements = new WeakMap<Db, ReturnType<typeof prepare>>()

/** Loads a skin by 32-hex uuid, dashed uuid or 8-hex short id (deleted ones included), or null. */
export async function loadSkinRecord(db: Db, id: string): Promise<SkinRecord | null> {
  const lower = id.toLowerCase()
  if (UUID32.test(lower) || UUID36.test(id)) return (await prepared(db).byUuid.get({ id: compactUuid(id) })) ?? null
  if (SHORT_ID.test(lower)) return (await prepared(db).byShortId.get({ id: lower })) ?? null
  return null
}

/**
 * {@link loadSkinRecord} by uuid with its visible tags in the same query: one round trip where an
 * answer needs both (a finished job's skin), instead of two.
 */
export async function loadSkinRecordWithTags(db: Db, uuid: string): Promise<SkinRecord | null> {
  if (!(UUID32.test(uuid.toLowerCase()) || UUID36.test(uuid))) return loadSkinRecord(db, uuid)
  const row = await prepared(db).byUuidWithTags.get({ id: compactUuid(uuid) })
  return row ? { skin: row.skin, data: row.data, tags: JSON.parse(row.tags) as string[] } : null
}

/**
 * The record of rows as the database gave them back (`RETURNING *`: SQL column names, driver values),
 * mapped as drizzle maps a select (each column's own `mapFromDriverValue`), with no tags: the record of a
 * skin just written, the same object {@link loadSkinRecordWithTags} would read (src/api/jobs/generate/just-written.test.ts).
 */
export function recordOfRows(skin: Record<string, unknown>, data: Record<string, unknown>): SkinRecord {
  return { skin: rowOf(skins, skin), data: rowOf(skinData, data), tags: [] }
}

function rowOf<T extends Table>(table: T, raw: Record<string, unknown>): T['$inferSelect'] {
  const out: Record<string, unknown> = {}
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = raw[column.name]
    out[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value)
  }
  return out as T['$inferSelect']
}

/** Loads a skin by internal row id. */
export async function loadSkinRecordById(db: Db, rowId: number): Promise<SkinRecord | null> {
  return (await prepared(db).byRowId.get({ id: rowId })) ?? null
}

/** Visible tag names of a skin. */
export async function visibleTags(db: Db, skinRowId: number): Promise<string[]> {
  return (await prepared(db).tags.all({ id: skinRowId })).map((r) => r.tag)
}

/** Mojang texture URLs are shown with https (the signed value keeps Mojang's http; reference §1.4). */
const httpsMojang = (url: string): string => url.replace(/^http:\/\/textures\.minecraft\.net\//, 'https://textures.minecraft.net/')

/** How a skin object is built for one answer. */
export interface SkinInfoOptions {
  /** The answer found an existing skin (`duplicate: true`). */
  duplicate?: boolean
  /** The `remixOf` this reader may be shown (`visibleRemixOf` of ./remix-link.ts); absent: none. */
  remixOf?: string
}

/** The v2 skin object of a record. */
export async function toSkinInfo(db: Db, rec: SkinRecord, opts: SkinInfoOptions = {}): Promise<SkinInfo> {
  const { skin, data } = rec
  const tags = rec.tags ?? (await visibleTags(db, skin.id))
  return {
    uuid: skin.uuid,
    shortId: skin.shortId,
    ...(skin.name ? { name: skin.name } : {}),
    visibility: skin.visibility,
    variant: skin.variant,
    texture: {
      data: { value: data.value, signature: data.signature },
      hash: { skin: data.textureHash, ...(data.capeHash ? { cape: data.capeHash } : {}) },
      url: { skin: httpsMojang(data.textureUrl), ...(data.capeUrl ? { cape: httpsMojang(data.capeUrl) } : {}) },
    },
    generator: {
      timestamp: data.createdAt,
      account: data.account,
      server: data.server,
      worker: data.worker,
      version: 'unknown',
      duration: Math.max(0, data.queueEnd - data.queueStart),
    },
    tags: tags.map((tag) => ({ tag })),
    views: skin.views,
    likes: skin.likes,
    ...(opts.remixOf ? { remixOf: opts.remixOf } : {}),
    duplicate: opts.duplicate ?? false,
  }
}
