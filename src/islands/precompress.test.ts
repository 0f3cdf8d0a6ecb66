/** The build's compression step on a real directory: which copies are written, reused and renewed. */
import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { precompressDir } from './precompress'

let dir: string
const JS = `export const list = ${JSON.stringify(Array.from({ length: 500 }, (_, i) => `item-${i % 41}`))};\n`

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ssg-precompress-'))
  mkdirSync(join(dir, 'assets'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const write = (name: string, text: string) => writeFileSync(join(dir, name), text)
const age = (name: string, ms: number) => {
  const then = new Date(Date.now() - ms)
  utimesSync(join(dir, name), then, then)
}

describe('precompressDir', () => {
  test('Brotli and gzip copies of text files that decode to them; maps, the manifest and tiny files get none', () => {
    write('assets/chunk-a.js', JS)
    write('assets/styles-1.css', '.x{color:red}\n'.repeat(100))
    write('assets/chunk-a.js.map', JS)
    write('manifest.json', JS)
    write('robots.txt', 'User-agent: *\n')
    const report = precompressDir(dir, Date.now())
    expect(brotliDecompressSync(readFileSync(join(dir, 'assets/chunk-a.js.br'))).toString()).toBe(JS)
    expect(gunzipSync(readFileSync(join(dir, 'assets/chunk-a.js.gz'))).toString()).toBe(JS)
    expect(existsSync(join(dir, 'assets/styles-1.css.br'))).toBe(true)
    expect(statSync(join(dir, 'assets/chunk-a.js.br')).size).toBeLessThan(statSync(join(dir, 'assets/chunk-a.js.gz')).size)
    for (const none of ['assets/chunk-a.js.map.br', 'manifest.json.br', 'robots.txt.br', 'robots.txt.gz']) expect(existsSync(join(dir, none)), none).toBe(false)
    expect(report).toMatchObject({ files: 3, written: 4 })
    expect(readFileSync(join(dir, '.assetsignore'), 'utf8')).toBe('*.br\n*.gz\n')
  })

  test('an unchanged file keeps its copies with a renewed time; a changed one gets new copies', () => {
    write('assets/chunk-a.js', JS)
    write('data.json', JS)
    precompressDir(dir, 0)
    // An earlier build: the copies are old; the build rewrote both files since, one with new content.
    age('assets/chunk-a.js.br', 600_000)
    age('data.json.br', 600_000)
    write('data.json', JS.replace('item-1"', 'item-X"'))
    const report = precompressDir(dir, Date.now() - 5_000)
    expect(report.written).toBe(2) // data.json's two copies
    expect(statSync(join(dir, 'assets/chunk-a.js.br')).mtimeMs).toBeGreaterThanOrEqual(statSync(join(dir, 'assets/chunk-a.js')).mtimeMs)
    expect(brotliDecompressSync(readFileSync(join(dir, 'data.json.br'))).toString()).toContain('item-X')
  })

  test('files of earlier builds are left as they are', () => {
    write('assets/chunk-old.js', JS)
    age('assets/chunk-old.js', 120_000)
    write('assets/chunk-new.js', JS)
    const report = precompressDir(dir, Date.now() - 60_000)
    expect(report.files).toBe(1)
    expect(existsSync(join(dir, 'assets/chunk-old.js.br'))).toBe(false)
    expect(existsSync(join(dir, 'assets/chunk-new.js.br'))).toBe(true)
  })

  test('a file that no longer compresses loses its old copy', () => {
    write('flags.json', JS)
    precompressDir(dir, 0)
    expect(existsSync(join(dir, 'flags.json.gz'))).toBe(true)
    write('flags.json', '{}')
    precompressDir(dir, 0)
    expect(existsSync(join(dir, 'flags.json.gz'))).toBe(false)
    expect(existsSync(join(dir, 'flags.json.br'))).toBe(false)
  })
})
