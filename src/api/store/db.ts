/**
 * Opens the API database: `bun:sqlite` at `<DATA_DIR>/skins.db` in WAL mode with a busy timeout,
 * wrapped in Drizzle and in the async {@link SqlClient}, and applies the migrations in `./migrations`
 * (drizzle-kit output plus the hand-written FTS5 migration). The services see only {@link Store}
 * (Drizzle typed for both result kinds, plus the SqlClient), so the same code runs on D1 in the API
 * Worker (./d1-store.ts).
 * @module
 */
import { Database } from 'bun:sqlite'
import { join } from 'node:path'
import { drizzle, type BunSQLiteDatabase } from 'drizzle-orm/bun-sqlite'
import { migrate } from 'drizzle-orm/bun-sqlite/migrator'
import type { BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core'
import { ensurePrivateFile, makePrivateDir } from './private-files'
import * as schema from './schema'
import { bunSqliteClient, type SqlClient } from './sql'

/**
 * Drizzle database typed with the API schema, sync (bun:sqlite) or async (D1): services `await`
 * every query, which costs nothing on the sync driver and is required on D1.
 */
export type Db = BaseSQLiteDatabase<'sync' | 'async', unknown, typeof schema>

/** The sync Drizzle database over bun:sqlite (the embedded account site, CLIs). */
export type BunDb = BunSQLiteDatabase<typeof schema>

/** An open store as the services see it: Drizzle and the raw SQL client over one database. */
export interface Store {
  db: Db
  sql: SqlClient
  close(): void
}

/** The Bun store: also the bun:sqlite connection (CLIs, backup, benches, tests). */
export interface BunStore extends Store {
  db: BunDb
  sqlite: Database
}

/** Folder of the SQL migrations. */
export const MIGRATIONS_DIR = join(import.meta.dir, 'migrations')

/**
 * Opens (creating if needed) `<dataDir>/skins.db`, sets pragmas and applies migrations. A new DATA_DIR
 * is made 0700 and a new database file 0600, so its `-wal`/`-shm` are 0600 too.
 */
export function openStore(dataDir: string): BunStore {
  makePrivateDir(dataDir)
  const path = join(dataDir, 'skins.db')
  // Made before SQLite sees it: SQLite would create it 0644, and its -wal/-shm copy the file's mode.
  ensurePrivateFile(path)
  const sqlite = new Database(path, { create: true, strict: true })
  // WAL lets readers run while the worker writes; busy_timeout makes a second process (seed CLI,
  // a restarted server) wait for the lock instead of failing with SQLITE_BUSY.
  sqlite.run('PRAGMA journal_mode = WAL')
  sqlite.run('PRAGMA busy_timeout = 5000')
  sqlite.run('PRAGMA synchronous = NORMAL')
  sqlite.run('PRAGMA foreign_keys = ON')
  // Deleted rows are overwritten with zeros instead of left in free pages: an unlinked account's or a
  // removed signing account's sealed tokens, a deleted user's rows, leave the file (./purge.ts).
  sqlite.run('PRAGMA secure_delete = ON')
  const db = drizzle({ client: sqlite, schema })
  migrate(db, { migrationsFolder: MIGRATIONS_DIR })
  return {
    db,
    sql: bunSqliteClient(sqlite),
    sqlite,
    close: () => sqlite.close(),
  }
}
