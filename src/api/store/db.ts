/**
 * Opens the API database: `bun:sqlite` at `<DATA_DIR>/skins.db` in WAL mode with a busy timeout,
 * wrapped in Drizzle, and applies the migrations in `./migrations` (drizzle-kit output plus the
 * hand-written FTS5 migration).
 * @module
 */
import { Database } from 'bun:sqlite'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { drizzle, type BunSQLiteDatabase } from 'drizzle-orm/bun-sqlite'
import { migrate } from 'drizzle-orm/bun-sqlite/migrator'
import * as schema from './schema'

/** Drizzle database typed with the API schema. */
export type Db = BunSQLiteDatabase<typeof schema>

/** An open store: the Drizzle handle and the raw SQLite connection under it. */
export interface Store {
  db: Db
  sqlite: Database
  close(): void
}

/** Folder of the SQL migrations. */
export const MIGRATIONS_DIR = join(import.meta.dir, 'migrations')

/** Opens (creating if needed) `<dataDir>/skins.db`, sets pragmas and applies migrations. */
export function openStore(dataDir: string): Store {
  mkdirSync(dataDir, { recursive: true })
  const sqlite = new Database(join(dataDir, 'skins.db'), { create: true, strict: true })
  // WAL lets readers run while the worker writes; busy_timeout makes a second process (seed CLI,
  // a restarted server) wait for the lock instead of failing with SQLITE_BUSY.
  sqlite.run('PRAGMA journal_mode = WAL')
  sqlite.run('PRAGMA busy_timeout = 5000')
  sqlite.run('PRAGMA synchronous = NORMAL')
  sqlite.run('PRAGMA foreign_keys = ON')
  const db = drizzle({ client: sqlite, schema })
  migrate(db, { migrationsFolder: MIGRATIONS_DIR })
  return {
    db,
    sqlite,
    close: () => sqlite.close(),
  }
}
