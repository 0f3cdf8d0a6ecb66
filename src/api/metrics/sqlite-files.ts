/**
 * Sizes of the Bun store's files (`ssg_sqlite_file_bytes{file="db"|"wal"}`): `<DATA_DIR>/skins.db`
 * and its write-ahead log, which grows between checkpoints (src/api/store/db.ts opens the database in
 * WAL mode). Bun only: D1 has no files to look at.
 * @module
 */
import { statSync } from 'node:fs'
import { join } from 'node:path'
import type { MetricFamily } from '../../shared/metrics/exposition'

/** Bytes of a file, 0 when it is not there (no WAL right after a checkpoint that truncated it). */
const sizeOf = (path: string) => statSync(path, { throwIfNoEntry: false })?.size ?? 0

/** The family over `dataDir`. */
export function sqliteFileFamilies(dataDir: string): MetricFamily[] {
  const db = join(dataDir, 'skins.db')
  return [
    {
      name: 'ssg_sqlite_file_bytes',
      help: 'Size of the SQLite database file and of its write-ahead log, bytes',
      type: 'gauge',
      samples: [
        { labels: { file: 'db' }, value: sizeOf(db) },
        { labels: { file: 'wal' }, value: sizeOf(`${db}-wal`) },
      ],
    },
  ]
}
