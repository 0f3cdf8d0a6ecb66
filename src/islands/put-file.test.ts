import { afterEach, beforeEach, expect, test } from 'bun:test'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { putDir, putFile } from './put-file'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ssg-put-file-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

test('the same bytes are only touched: same file (a reader holding it is not disturbed), fresh time', () => {
  const path = join(dir, 'chunk-abc.js')
  writeFileSync(path, 'export {}')
  utimesSync(path, new Date(2020, 0, 1), new Date(2020, 0, 1))
  const before = statSync(path)
  putFile(path, 'export {}')
  const after = statSync(path)
  expect(after.ino).toBe(before.ino)
  expect(after.mtimeMs).toBeGreaterThan(before.mtimeMs)
})

test('other bytes replace the file by a rename (a new file, never a half-written one), leaving no staged copy', () => {
  const path = join(dir, 'manifest.json')
  writeFileSync(path, '{"old":true}')
  const before = statSync(path)
  putFile(path, new TextEncoder().encode('{"new":true}'))
  expect(readFileSync(path, 'utf8')).toBe('{"new":true}')
  expect(statSync(path).ino).not.toBe(before.ino)
  expect(readdirSync(dir)).toEqual(['manifest.json'])
})

test('putDir copies a tree but the skipped names', () => {
  const from = join(dir, 'static')
  mkdirSync(join(from, 'sub'), { recursive: true })
  writeFileSync(join(from, 'robots.txt'), 'User-agent: *')
  writeFileSync(join(from, 'styles.css'), 'body{}')
  writeFileSync(join(from, 'sub', 'a.txt'), 'a')
  const to = join(dir, 'out')
  mkdirSync(to)
  putDir(from, to, (name) => name === 'styles.css')
  expect(readdirSync(to).sort()).toEqual(['robots.txt', 'sub'])
  expect(readFileSync(join(to, 'sub', 'a.txt'), 'utf8')).toBe('a')
})
