/**
 * Owner-only folders and files for what the app keeps in DATA_DIR: `skins.db` holds
 * e-mail addresses and password and API-key hashes, its `-wal`/`-shm` hold recent pages of it, and a
 * snapshot is a whole copy; they used to be created 0644, readable by every user of the machine.
 *
 * The mode is given when the folder or file is created, so nothing is readable by others even for an
 * instant (the umask can only narrow it further). SQLite creates `-wal`, `-shm` and `-journal` with the
 * mode of the database file itself (its unix VFS copies it, `findCreateFileMode`), so a database file
 * created 0600 before SQLite opens it keeps all of them private; `VACUUM INTO` writes into an existing
 * empty file, which is how a snapshot gets its mode. Existing folders and files keep theirs: see
 * data-dir-modes.ts for the warning about those.
 * @module
 */
import { closeSync, fsyncSync, mkdirSync, openSync, readSync, writeSync } from 'node:fs'

/** Mode of the folders the app creates for its data: the owner only. */
export const PRIVATE_DIR_MODE = 0o700
/** Mode of the files the app creates in them: read and write for the owner only. */
export const PRIVATE_FILE_MODE = 0o600

/** Creates `dir` and any missing parent as 0700; a folder that exists is left as it is. */
export function makePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE })
}

/** Creates `path` empty and 0600 unless something exists there (which is left as it is); true when it created it. */
export function ensurePrivateFile(path: string): boolean {
  try {
    closeSync(openSync(path, 'wx', PRIVATE_FILE_MODE))
    return true
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false
    throw e
  }
}

/**
 * Copies `from` into a new file `to` created 0600 (fails if `to` exists). `copyFile` would give the
 * copy the source's mode, and a snapshot an operator copied around may well be 0644.
 */
export function copyToNewPrivateFile(from: string, to: string): void {
  const out = openSync(to, 'wx', PRIVATE_FILE_MODE)
  try {
    const input = openSync(from, 'r')
    try {
      const buffer = Buffer.allocUnsafe(1 << 20)
      for (let n = readSync(input, buffer, 0, buffer.length, null); n > 0; n = readSync(input, buffer, 0, buffer.length, null)) {
        for (let written = 0; written < n; ) written += writeSync(out, buffer, written, n - written)
      }
    } finally {
      closeSync(input)
    }
    fsyncSync(out)
  } finally {
    closeSync(out)
  }
}
