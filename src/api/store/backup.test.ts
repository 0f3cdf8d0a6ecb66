/**
 * Snapshots and restores on real SQLite files, with a second process writing
 * in WAL mode as the server does: the snapshot is consistent and verified, never overwrites, `keep`
 * prunes only snapshot names, a restore refuses while the database is open elsewhere, and a broken
 * snapshot is refused before anything is replaced.
 */
import { afterEach, describe, expect, test } from 'bun:test'
import { Database } from 'bun:sqlite'
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { backupDatabase, BackupError, databaseInUse, restoreDatabase, snapshotName, verifySnapshot } from './backup'
import { openStore } from './db'

const dirs: string[] = []
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'ssg-backup-'))
  dirs.push(dir)
  return dir
}
const children: { kill(): void; exited: Promise<number> }[] = []
afterEach(async () => {
  for (const c of children.splice(0)) {
    c.kill()
    await c.exited
  }
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

/** A second process that opens the store and inserts a blob + job row pair in one transaction every few ms. */
async function startWriter(dataDir: string) {
  const script = `
    import { openStore } from ${JSON.stringify(join(import.meta.dir, 'db.ts'))}
    const { sqlite } = openStore(${JSON.stringify(dataDir)})
    let i = 0
    const write = sqlite.transaction(() => {
      i++
      sqlite.query("INSERT INTO blobs (key, content_type, bytes, created_at) VALUES (?, 'image/png', randomblob(4000), 0)").run('textures/w' + i)
      sqlite.query("INSERT INTO jobs (id, status, kind, image_hash, options, breadcrumb, created_at) VALUES (?, 'waiting', 'upload', ?, '{}', 'x', 0)").run('job' + i, 'w' + i)
    })
    write()
    console.log('ready')
    setInterval(write, 2)
  `
  const child = Bun.spawn(['bun', '-e', script], { stdout: 'pipe', stderr: 'inherit' })
  children.push(child)
  const reader = child.stdout.getReader()
  const first = await reader.read()
  expect(new TextDecoder().decode(first.value)).toContain('ready')
  reader.releaseLock()
  return child
}

describe('backupDatabase', () => {
  test('a snapshot taken while another process writes is consistent and verified', async () => {
    const dataDir = tempDir()
    await startWriter(dataDir)
    const results = [0, 1, 2].map((i) => backupDatabase({ dataDir, out: join(dataDir, `snap-${i}.sqlite`) }))
    for (const r of results) {
      expect(existsSync(r.path)).toBe(true)
      expect(r.bytes).toBeGreaterThan(0)
      // Blob and job rows are written together: a torn snapshot would show different counts.
      expect(r.jobs).toBe(r.blobs)
      expect(verifySnapshot(r.path)).toEqual({ skins: 0, jobs: r.jobs, blobs: r.blobs })
      const db = new Database(r.path, { readonly: true })
      // A standalone file: no WAL mode that would need -wal/-shm beside it.
      expect(db.query<{ journal_mode: string }, []>('PRAGMA journal_mode').get()!.journal_mode).toBe('delete')
      db.close()
    }
    expect(results[2]!.jobs).toBeGreaterThan(results[0]!.jobs)
    expect(readdirSync(dataDir).filter((n) => n.includes('.partial'))).toEqual([])
  })

  test('never overwrites a file, and the default name is a UTC timestamp under DATA_DIR/backups', () => {
    const dataDir = tempDir()
    openStore(dataDir).close()
    const now = () => new Date(Date.UTC(2026, 10, 23, 9, 5, 7, 123))
    const r = backupDatabase({ dataDir, now })
    expect(r.path).toBe(join(dataDir, 'backups', 'ssg-20261123T090507Z.sqlite'))
    const kept = readFileSync(r.path)
    expect(() => backupDatabase({ dataDir, now })).toThrow(BackupError)
    writeFileSync(join(dataDir, 'other.sqlite'), 'mine')
    expect(() => backupDatabase({ dataDir, out: join(dataDir, 'other.sqlite') })).toThrow(/already exists/)
    expect(readFileSync(join(dataDir, 'other.sqlite'), 'utf8')).toBe('mine')
    expect(readFileSync(r.path)).toEqual(kept)
  })

  test('keep N removes only the oldest default-named snapshots', () => {
    const dataDir = tempDir()
    openStore(dataDir).close()
    const at = (minute: number) => () => new Date(Date.UTC(2026, 0, 1, 0, minute))
    for (const minute of [1, 2, 3]) backupDatabase({ dataDir, now: at(minute) })
    writeFileSync(join(dataDir, 'backups', 'notes.txt'), 'keep me')
    const r = backupDatabase({ dataDir, now: at(4), keep: 2 })
    expect(r.pruned.map((p) => p.split('/').pop())).toEqual([snapshotName(at(2)()), snapshotName(at(1)())])
    expect(readdirSync(join(dataDir, 'backups')).sort()).toEqual(['notes.txt', snapshotName(at(3)()), snapshotName(at(4)())])
  })

  test('a missing database is an error, not an empty snapshot', () => {
    expect(() => backupDatabase({ dataDir: tempDir() })).toThrow(/no database/)
  })
})

describe('file modes', () => {
  test('snapshots and the folders made for them are owner-only, and so is a database restored from a world-readable snapshot', () => {
    const mode = (path: string) => statSync(path).mode & 0o777
    const dataDir = tempDir()
    openStore(dataDir).close()
    const saved = process.umask(0o022)
    try {
      const snap = backupDatabase({ dataDir }).path
      const elsewhere = backupDatabase({ dataDir, out: join(dataDir, 'new', 'folder', 'snap.sqlite') }).path
      expect([mode(join(dataDir, 'backups')), mode(snap), mode(join(dataDir, 'new')), mode(join(dataDir, 'new', 'folder')), mode(elsewhere)]).toEqual([
        0o700, 0o600, 0o700, 0o700, 0o600,
      ])
      // An operator's copy of a snapshot may be 0644; the database made from it is not.
      chmodSync(snap, 0o644)
      const target = join(tempDir(), 'data')
      restoreDatabase({ dataDir: target, snapshot: snap })
      expect([mode(target), mode(join(target, 'skins.db'))]).toEqual([0o700, 0o600])
      const again = restoreDatabase({ dataDir: target, snapshot: snap, now: () => new Date(Date.UTC(2026, 0, 1)) })
      expect([mode(join(target, 'skins.db')), mode(again.previous!)]).toEqual([0o600, 0o600])
    } finally {
      process.umask(saved)
    }
  })
})

describe('restoreDatabase', () => {
  test('refuses while the database is open, then replaces it and keeps the old file', async () => {
    const source = tempDir()
    const store = openStore(source)
    store.sqlite.run("INSERT INTO blobs (key, content_type, bytes, created_at) VALUES ('textures/a', 'image/png', x'01', 0)")
    store.close()
    const snap = backupDatabase({ dataDir: source, out: join(source, 'snap.sqlite') }).path

    const target = tempDir()
    const holder = await startWriter(target)
    expect(databaseInUse(join(target, 'skins.db'))).toBe(true)
    expect(() => restoreDatabase({ dataDir: target, snapshot: snap })).toThrow(/stop the server/)
    holder.kill('SIGKILL')
    await holder.exited
    expect(existsSync(join(target, 'skins.db-wal'))).toBe(true)

    const now = () => new Date(Date.UTC(2026, 10, 23, 10, 0, 0))
    const r = restoreDatabase({ dataDir: target, snapshot: snap, now })
    expect(r).toMatchObject({ blobs: 1, jobs: 0, previous: join(target, 'skins.db.before-restore-20261123T100000Z') })
    expect(existsSync(join(target, 'skins.db-wal'))).toBe(false)
    const restored = openStore(target)
    expect(restored.sqlite.query<{ key: string }, []>('SELECT key FROM blobs').all()).toEqual([{ key: 'textures/a' }])
    restored.close()
  })

  test('a damaged or foreign snapshot is refused before anything is replaced', () => {
    const dataDir = tempDir()
    openStore(dataDir).close()
    const snap = backupDatabase({ dataDir, out: join(dataDir, 'snap.sqlite') }).path
    truncateSync(snap, 4096 * 3)
    expect(() => restoreDatabase({ dataDir, snapshot: snap })).toThrow(BackupError)
    writeFileSync(join(dataDir, 'foreign.sqlite'), 'not sqlite at all, just text that is long enough to look like a header')
    expect(() => restoreDatabase({ dataDir, snapshot: join(dataDir, 'foreign.sqlite') })).toThrow(BackupError)
    expect(readdirSync(dataDir).filter((n) => n.includes('before-restore'))).toEqual([])
  })
})
