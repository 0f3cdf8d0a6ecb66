/**
 * SQLite implementation of {@link BlobStore}: rows of the `blobs` table in the API database.
 * @module
 */
import type { Database } from 'bun:sqlite'
import type { BlobStore, StoredBlob } from './blob-store'

/** Creates a blob store on the `blobs` table of an open API database. */
export function createSqliteBlobStore(sqlite: Database, now: () => number = Date.now): BlobStore {
  const insert = sqlite.query(
    'INSERT INTO blobs (key, content_type, bytes, created_at) VALUES (?, ?, ?, ?) ON CONFLICT(key) DO NOTHING',
  )
  const select = sqlite.query<{ bytes: Uint8Array; content_type: string }, [string]>(
    'SELECT bytes, content_type FROM blobs WHERE key = ?',
  )
  const exists = sqlite.query<{ one: number }, [string]>('SELECT 1 AS one FROM blobs WHERE key = ?')
  // length() of a blob reads the record header only, not the bytes (SQLite's length optimisation).
  const total = sqlite.query<{ n: number | null }, []>('SELECT sum(length(bytes)) AS n FROM blobs')
  return {
    async put(key, bytes, contentType) {
      // DO NOTHING changes no row for an existing key: `changes` tells new from already stored.
      return insert.run(key, contentType, bytes, now()).changes === 1
    },
    async get(key): Promise<StoredBlob | null> {
      const row = select.get(key)
      return row ? { bytes: new Uint8Array(row.bytes), contentType: row.content_type } : null
    },
    async has(key) {
      return exists.get(key) !== null
    },
    async usage() {
      return total.get()?.n ?? 0
    },
  }
}
