/**
 * Owner-only creation on real files: folders 0700 and files 0600 even under a
 * umask of 000 (so the mode comes from the code, not from the environment), the database's WAL and
 * shared-memory files included, and nothing that exists already is changed.
 */
import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openStore } from './db'
import { copyToNewPrivateFile, ensurePrivateFile, makePrivateDir } from './private-files'

const mode = (path: string) => statSync(path).mode & 0o777
let work: string
let umask: number

beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), 'ssg-private-'))
  // The most permissive umask: whatever is private below is so because the code asked for it.
  umask = process.umask(0)
})
afterEach(() => {
  process.umask(umask)
  rmSync(work, { recursive: true, force: true })
})

describe('private files', () => {
  test('makePrivateDir creates every missing folder 0700 and leaves an existing one as it is', () => {
    makePrivateDir(join(work, 'a', 'b'))
    expect([mode(join(work, 'a')), mode(join(work, 'a', 'b'))]).toEqual([0o700, 0o700])
    chmodSync(join(work, 'a'), 0o750)
    makePrivateDir(join(work, 'a'))
    expect(mode(join(work, 'a'))).toBe(0o750)
  })

  test('ensurePrivateFile creates an empty 0600 file, and leaves an existing file and its mode alone', () => {
    const path = join(work, 'f')
    expect(ensurePrivateFile(path)).toBe(true)
    expect([mode(path), statSync(path).size]).toEqual([0o600, 0])
    writeFileSync(path, 'kept')
    chmodSync(path, 0o640)
    expect(ensurePrivateFile(path)).toBe(false)
    expect([mode(path), readFileSync(path, 'utf8')]).toEqual([0o640, 'kept'])
  })

  test('copyToNewPrivateFile copies the bytes of a world-readable file into a 0600 one and never overwrites', () => {
    const from = join(work, 'from')
    const bytes = new Uint8Array(3 * 1024 * 1024 + 5).map((_, i) => i % 251)
    writeFileSync(from, bytes)
    chmodSync(from, 0o644)
    const to = join(work, 'to')
    copyToNewPrivateFile(from, to)
    expect(mode(to)).toBe(0o600)
    expect(new Uint8Array(readFileSync(to))).toEqual(bytes)
    writeFileSync(join(work, 'taken'), 'mine')
    expect(() => copyToNewPrivateFile(from, join(work, 'taken'))).toThrow()
    expect(readFileSync(join(work, 'taken'), 'utf8')).toBe('mine')
  })

  test('openStore makes a new DATA_DIR 0700 and skins.db, its -wal and its -shm 0600', () => {
    const dataDir = join(work, 'data')
    const store = openStore(dataDir)
    try {
      store.sqlite.run("INSERT INTO blobs (key, content_type, bytes, created_at) VALUES ('textures/x', 'image/png', x'01', 0)")
      const files = ['skins.db', 'skins.db-wal', 'skins.db-shm'].map((name) => join(dataDir, name))
      expect(files.every((f) => existsSync(f))).toBe(true)
      expect({ dir: mode(dataDir), files: files.map(mode) }).toEqual({ dir: 0o700, files: [0o600, 0o600, 0o600] })
    } finally {
      store.close()
    }
  })
})
