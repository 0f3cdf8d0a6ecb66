/**
 * Snapshots and restores of the API database (docs/operations.md "Backups"). A snapshot is one SQLite file made
 * with `VACUUM INTO` on a separate connection: SQLite reads it inside one read transaction, so it is
 * consistent even while the server writes in WAL mode. Blobs (uploaded originals, textures) are rows
 * of the same `skins.db` (blob/sqlite-blob-store.ts), so one snapshot holds skins and their bytes
 * together. A snapshot is written under a temporary name, checked with `PRAGMA integrity_check`, and
 * only then linked to its final name, so a file named `ssg-….sqlite` is always a verified snapshot.
 * Snapshots, the folders made for them and a restored database are owner-only, 0600 in 0700:
 * each is a whole copy of the e-mails and password and key hashes.
 * @module
 */
import { Database } from 'bun:sqlite'
import { existsSync, linkSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { copyToNewPrivateFile, ensurePrivateFile, makePrivateDir } from './private-files'

/** File name of the database inside DATA_DIR (store/db.ts). */
export const DB_FILE = 'skins.db'
/** Secrets that live beside the database; they never change after the first start (README "Backups"). */
export const KEY_FILES = ['signing-key.pem', 'session-secret', 'altcha-key', 'pool-token.key'] as const
/** Names of the snapshots `backup` makes by default; only these are pruned by `keep`. */
const SNAPSHOT_NAME = /^ssg-\d{8}T\d{6}Z\.sqlite$/

/** A backup or restore that must not go ahead; the CLI prints the message and exits with 1. */
export class BackupError extends Error {}

/** `ssg-20261123T125600Z.sqlite`: UTC, sortable by name. */
export function snapshotName(at: Date): string {
  return `ssg-${at.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z')}.sqlite`
}

/** Default folder of snapshots: `<DATA_DIR>/backups`. */
export const backupsDir = (dataDir: string) => join(dataDir, 'backups')

/**
 * The newest default-named snapshot in `dir` and its time (from the name: UTC, to the second), or
 * null when there is none or no such folder; the console's site status shows it.
 */
export function latestSnapshot(dir: string): { at: number; file: string } | null {
  let names: string[]
  try {
    names = readdirSync(dir).filter((n) => SNAPSHOT_NAME.test(n))
  } catch {
    return null
  }
  const file = names.sort().at(-1)
  if (!file) return null
  const [, y, mo, d, h, mi, s] = /^ssg-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z/.exec(file)!.map(Number)
  return { at: Date.UTC(y!, mo! - 1, d!, h!, mi!, s!), file }
}

/** Counts a snapshot holds, for the report (and for tests to compare with the live data). */
export interface SnapshotCounts {
  skins: number
  jobs: number
  blobs: number
}

/** Runs `PRAGMA integrity_check` and counts rows; throws BackupError unless SQLite answers `ok`. */
export function verifySnapshot(path: string): SnapshotCounts {
  if (!existsSync(path)) throw new BackupError(`${path} does not exist`)
  let db: Database
  try {
    db = new Database(path, { readonly: true })
  } catch (e) {
    throw new BackupError(`${path} is not a SQLite database: ${(e as Error).message}`)
  }
  try {
    const problems = db.query<{ integrity_check: string }, []>('PRAGMA integrity_check').all().map((r) => r.integrity_check)
    if (problems.length !== 1 || problems[0] !== 'ok') throw new BackupError(`integrity_check failed for ${path}: ${problems.slice(0, 5).join('; ')}`)
    const count = (table: string) => db.query<{ n: number }, []>(`SELECT count(*) AS n FROM ${table}`).get()!.n
    return { skins: count('skins'), jobs: count('jobs'), blobs: count('blobs') }
  } catch (e) {
    if (e instanceof BackupError) throw e
    throw new BackupError(`${path} is not a snapshot of this app's database: ${(e as Error).message}`)
  } finally {
    db.close()
  }
}

/** Options of {@link backupDatabase}. */
export interface BackupOptions {
  dataDir: string
  /** Target file; default `<dataDir>/backups/ssg-<UTC timestamp>.sqlite`. Never overwritten. */
  out?: string
  /** Keep only the newest N default-named snapshots in the target folder (0 or undefined = keep all). */
  keep?: number
  now?: () => Date
}

/** What a backup wrote. */
export interface BackupResult extends SnapshotCounts {
  path: string
  bytes: number
  /** Older snapshots removed by `keep`. */
  pruned: string[]
}

/** Writes a verified snapshot of `<dataDir>/skins.db`; safe while the server runs. */
export function backupDatabase(opts: BackupOptions): BackupResult {
  const source = join(opts.dataDir, DB_FILE)
  if (!existsSync(source)) throw new BackupError(`no database at ${source} (is DATA_DIR right?)`)
  const out = opts.out ?? join(backupsDir(opts.dataDir), snapshotName((opts.now ?? (() => new Date()))()))
  if (existsSync(out)) throw new BackupError(`${out} already exists; a backup never overwrites a file`)
  makePrivateDir(dirname(out))
  const partial = `${out}.partial-${process.pid}`
  rmSync(partial, { force: true })
  try {
    // VACUUM INTO fills an existing empty file and keeps its mode; a file it created itself would be 0644.
    ensurePrivateFile(partial)
    // A connection of its own: VACUUM INTO runs in one read transaction, which in WAL mode sees one
    // consistent state and neither blocks nor is blocked by the server's writer.
    const db = new Database(source, { readwrite: true, create: false })
    try {
      db.run('PRAGMA busy_timeout = 10000')
      db.query('VACUUM INTO ?').run(partial)
    } finally {
      db.close()
    }
    const counts = verifySnapshot(partial)
    // link() fails if `out` appeared meanwhile: the no-overwrite promise holds without a race.
    linkSync(partial, out)
    const pruned = opts.keep ? pruneSnapshots(dirname(out), opts.keep, out) : []
    return { path: out, bytes: statSync(out).size, pruned, ...counts }
  } finally {
    rmSync(partial, { force: true })
  }
}

/** Deletes all but the newest `keep` default-named snapshots in `dir` (never `current`). */
export function pruneSnapshots(dir: string, keep: number, current?: string): string[] {
  const names = readdirSync(dir).filter((n) => SNAPSHOT_NAME.test(n)).sort().reverse()
  const doomed = names.slice(keep).filter((n) => !current || n !== basename(current))
  for (const name of doomed) rmSync(join(dir, name), { force: true })
  return doomed.map((n) => join(dir, n))
}

/** True when another process has `<dataDir>/skins.db` open (a running server). */
export function databaseInUse(dbPath: string): boolean {
  if (!existsSync(dbPath)) return false
  const db = new Database(dbPath, { readwrite: true, create: false })
  try {
    db.run('PRAGMA busy_timeout = 0')
    // Leaving WAL mode needs an exclusive lock, which SQLite cannot get while any other connection
    // has the file open; so this fails exactly when a server (or a CLI) is using the database.
    return db.query<{ journal_mode: string }, []>('PRAGMA journal_mode = DELETE').get()?.journal_mode !== 'delete'
  } catch {
    return true
  } finally {
    db.close()
  }
}

/** What a restore did. */
export interface RestoreResult extends SnapshotCounts {
  path: string
  /** Where the replaced database was moved (null when there was none). */
  previous: string | null
}

/**
 * Puts a verified snapshot in place of `<dataDir>/skins.db`. Refuses while the database is open
 * elsewhere (stop the server first). The replaced database is kept as `skins.db.before-restore-…`;
 * its `-wal`/`-shm` files are removed so SQLite cannot replay an old log onto the restored file.
 */
export function restoreDatabase(opts: { dataDir: string; snapshot: string; now?: () => Date }): RestoreResult {
  const counts = verifySnapshot(opts.snapshot)
  const target = join(opts.dataDir, DB_FILE)
  if (databaseInUse(target)) throw new BackupError(`${target} is in use: stop the server before restoring`)
  makePrivateDir(opts.dataDir)
  const stamp = snapshotName((opts.now ?? (() => new Date()))()).slice(4, -'.sqlite'.length)
  let previous: string | null = null
  if (existsSync(target)) {
    previous = `${target}.before-restore-${stamp}`
    if (existsSync(previous)) throw new BackupError(`${previous} already exists; try again in a second`)
    renameSync(target, previous)
  }
  for (const suffix of ['-wal', '-shm', '-journal']) rmSync(`${target}${suffix}`, { force: true })
  const partial = `${target}.restoring-${process.pid}`
  rmSync(partial, { force: true })
  copyToNewPrivateFile(opts.snapshot, partial)
  renameSync(partial, target)
  return { path: target, previous, ...counts }
}
