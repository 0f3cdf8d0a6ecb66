/**
 * File modes of DATA_DIR on the real Bun process: `skins.db`, its WAL and every
 * backup used to be created 0644 though they hold e-mails and password and key hashes. After the first
 * start of a server on a DATA_DIR it creates, `bun run backup` and a restore, every folder made is
 * 0700 and every file 0600; a server started on an existing DATA_DIR that others can read prints
 * exactly one warning line naming it, and leaves its mode alone.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { backupCli } from '../support/backup-cli'
import { spawnServer } from '../support/bun-server'

const work = mkdtempSync(join(tmpdir(), 'ssg-modes-e2e-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

/** Permission bits, as the kernel records them even for root (who may read anything anyway). */
const mode = (path: string) => statSync(path).mode & 0o777
/** Octal modes of `names` in `dir` (`.` is `dir` itself). */
const modes = (dir: string, names: string[]) => Object.fromEntries(names.map((name) => [name, mode(join(dir, name)).toString(8)]))

/** Runs the server on `dataDir` until `whileUp` is done; resolves with the lines it printed to stderr. */
async function withServer(dataDir: string, whileUp: () => Promise<void>): Promise<string[]> {
  const { child } = await spawnServer(dataDir, {}, 'pipe')
  const printed = new Response(child.stderr as ReadableStream<Uint8Array>).text()
  try {
    await whileUp()
  } finally {
    child.kill()
    await child.exited
  }
  return (await printed).split('\n').filter(Boolean)
}

describe('DATA_DIR file modes', () => {
  test('a first start, a backup and a restore create only 0700 folders and 0600 files, without a warning', async () => {
    const dataDir = join(work, 'data')
    const printed = await withServer(dataDir, async () => {
      // While the server runs: the database in WAL mode has its -wal and -shm beside it.
      expect(modes(dataDir, ['.', 'skins.db', 'skins.db-wal', 'skins.db-shm', 'session-secret', 'altcha-key', 'signing-key.pem', 'pool-token.key'])).toEqual({
        '.': '700',
        'skins.db': '600',
        'skins.db-wal': '600',
        'skins.db-shm': '600',
        'session-secret': '600',
        'altcha-key': '600',
        'pool-token.key': '600',
        'signing-key.pem': '600',
      })
      const backup = await backupCli(dataDir)
      expect(backup.code).toBe(0)
      const snapshot = backup.stdout.split(/\s/)[0]!
      expect({ backups: mode(join(dataDir, 'backups')).toString(8), snapshot: mode(snapshot).toString(8) }).toEqual({ backups: '700', snapshot: '600' })
    })
    expect(printed.filter((line) => line.includes('[data-dir]'))).toEqual([])

    const snapshot = join(dataDir, 'backups', (await Array.fromAsync(new Bun.Glob('ssg-*.sqlite').scan(join(dataDir, 'backups'))))[0]!)
    // An operator's copy of a snapshot may be world-readable; the database restored from it is not.
    chmodSync(snapshot, 0o644)
    const restoredDir = join(work, 'restored')
    const restore = await backupCli(restoredDir, 'restore', snapshot)
    expect(restore.code).toBe(0)
    expect(modes(restoredDir, ['.', 'skins.db'])).toEqual({ '.': '700', 'skins.db': '600' })
  }, 90_000)

  test('an existing 0755 DATA_DIR gives exactly one warning line at start, with the chmod that fixes it, and keeps its mode', async () => {
    const dataDir = join(work, 'shared')
    mkdirSync(dataDir)
    chmodSync(dataDir, 0o755)
    const printed = await withServer(dataDir, async () => {
      // What the server created inside is private all the same.
      expect(modes(dataDir, ['skins.db', 'skins.db-wal', 'session-secret'])).toEqual({ 'skins.db': '600', 'skins.db-wal': '600', 'session-secret': '600' })
    })
    expect(printed.filter((line) => line.includes(dataDir))).toEqual([expect.stringMatching(/^\[data-dir\] .*\(mode 0755\).*: chmod 700 \S+$/)])
    expect(printed.find((line) => line.includes(dataDir))).toEndWith(`chmod 700 ${dataDir}`)
    expect(mode(dataDir)).toBe(0o755)
  }, 90_000)
})
