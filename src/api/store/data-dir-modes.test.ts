/**
 * The start-up warning about a DATA_DIR others can read, on real folders: silent for
 * an owner-only one, one line naming each open path with its mode and the chmod that fixes it, and
 * the modes themselves left as they were.
 */
import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { dataDirModeWarning, warnIfDataDirOpen } from './data-dir-modes'

let work: string
beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), 'ssg-modes-'))
})
afterEach(() => rmSync(work, { recursive: true, force: true }))

/** A DATA_DIR with a database and a secret, at the given modes. */
function dataDir(dirMode: number, dbMode = 0o600, name = 'data') {
  const dir = join(work, name)
  mkdirSync(dir)
  chmodSync(dir, dirMode)
  for (const file of ['skins.db', 'session-secret']) {
    writeFileSync(join(dir, file), 'x')
    chmodSync(join(dir, file), file === 'skins.db' ? dbMode : 0o600)
  }
  return dir
}

describe('dataDirModeWarning', () => {
  test('an owner-only DATA_DIR, or one that does not exist yet, gives no warning', () => {
    expect(dataDirModeWarning(dataDir(0o700))).toBeNull()
    expect(dataDirModeWarning(join(work, 'missing'))).toBeNull()
  })

  test('a 0755 DATA_DIR gives one line with its path, its mode and the chmod that fixes it, and is not changed', () => {
    const dir = dataDir(0o755)
    const lines: string[] = []
    warnIfDataDirOpen(dir, (line) => lines.push(line))
    expect(lines).toEqual([expect.stringContaining(`${dir} (mode 0755)`)])
    expect(lines[0]).toEndWith(`make it owner-only with: chmod 700 ${dir}`)
    expect(lines[0]).not.toContain('\n')
    expect(statSync(dir).mode & 0o777).toBe(0o755)
  })

  test('a database group- or world-readable from an older version is named too, in the same one line', () => {
    const dir = dataDir(0o750, 0o644)
    mkdirSync(join(dir, 'backups'), { mode: 0o700 })
    const line = dataDirModeWarning(dir)!
    expect(line).toContain(`${dir} (mode 0750), ${join(dir, 'skins.db')} (mode 0644)`)
    expect(line).toEndWith(`chmod 700 ${dir} && chmod 600 ${join(dir, 'skins.db')}`)
    expect(line).not.toContain('session-secret')
    expect(line).not.toContain('backups')
  })

  test('a path with spaces or quotes is quoted for the shell in the command', () => {
    const dir = dataDir(0o755, 0o600, "it's data")
    expect(dataDirModeWarning(dir)).toEndWith(`chmod 700 '${work}/it'\\''s data'`)
  })
})
