/**
 * Making deleted secrets leave the database files on Bun. `secure_delete` (./db.ts) zeroes what a
 * DELETE frees, but in WAL mode the page that held the secret may still sit in `skins.db-wal` as an
 * older frame until a checkpoint copies the new pages back and the log is truncated. Called after a
 * deletion users are promised takes effect at once (unlinking a Minecraft account).
 * @module
 */
import type { BunStore } from './db'

/** A purge of `store`: checkpoint the WAL and truncate it (a no-op when a reader holds it; the next checkpoint finishes). */
export const bunStorePurge = (store: Pick<BunStore, 'sqlite'>) => async () => {
  store.sqlite.run('PRAGMA wal_checkpoint(TRUNCATE)')
}
