/**
 * The start-up check of DATA_DIR's modes. What the app creates there is owner-only
 * from the start (private-files.ts), but a DATA_DIR, database or secret that already exists keeps the
 * mode it has: an older version made `skins.db` and its folders 0644/0755, and an operator may have
 * chosen a mode on purpose (a group shared with a backup job, a mounted volume), so the app does not
 * change them behind anyone's back. It names the ones other users can reach, in one line with the
 * `chmod` that fixes them, which the server prints at start.
 * @module
 */
import { statSync } from 'node:fs'
import { join } from 'node:path'
import { backupsDir, DB_FILE, KEY_FILES } from './backup'

/** A folder or file of DATA_DIR that group or other users may access. */
interface OpenEntry {
  path: string
  mode: number
  dir: boolean
}

/** DATA_DIR itself, then what in it holds private data: the database and its WAL, the snapshots, the secrets. */
const checkedPaths = (dataDir: string) => [
  dataDir,
  ...[DB_FILE, `${DB_FILE}-wal`, `${DB_FILE}-shm`, ...KEY_FILES].map((name) => join(dataDir, name)),
  backupsDir(dataDir),
]

/** `path` as one shell word: quoted unless it only has characters no shell treats specially. */
const shellWord = (path: string) => (/^[\w@%+=:,./-]+$/.test(path) ? path : `'${path.replaceAll("'", `'\\''`)}'`)

/**
 * One warning line naming every checked path that group or other users may read, write or enter (any
 * of the mode bits 0077), its mode, and the `chmod` command that makes it owner-only; null when none.
 * Paths that do not exist are skipped.
 */
export function dataDirModeWarning(dataDir: string): string | null {
  const open: OpenEntry[] = []
  for (const path of checkedPaths(dataDir)) {
    let stats
    try {
      stats = statSync(path)
    } catch {
      continue
    }
    if (stats.mode & 0o077) open.push({ path, mode: stats.mode & 0o777, dir: stats.isDirectory() })
  }
  if (!open.length) return null
  const chmod = (mode: string, entries: OpenEntry[]) => (entries.length ? [`chmod ${mode} ${entries.map((e) => shellWord(e.path)).join(' ')}`] : [])
  const fix = [...chmod('700', open.filter((e) => e.dir)), ...chmod('600', open.filter((e) => !e.dir))].join(' && ')
  const listed = open.map((e) => `${e.path} (mode ${e.mode.toString(8).padStart(4, '0')})`).join(', ')
  return `[data-dir] other users of this machine can reach private data (e-mails, password and key hashes, secrets): ${listed}; make it owner-only with: ${fix}`
}

/** Prints {@link dataDirModeWarning} once, when there is something to warn about. */
export function warnIfDataDirOpen(dataDir: string, warn: (line: string) => void = console.warn): void {
  const line = dataDirModeWarning(dataDir)
  if (line) warn(line)
}
