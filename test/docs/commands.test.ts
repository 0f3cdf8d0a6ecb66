/**
 * The commands the README and docs/ tell a reader to type exist (issue 25 point 1): every
 * `bun run <script>` is a script of package.json, every `bun <file>` a file of the repository. A
 * renamed script or a moved file otherwise leaves instructions that fail on the reader's machine.
 */
import { describe, expect, test } from 'bun:test'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

const ROOT = join(import.meta.dir, '../..')
const PAGES = ['README.md', ...readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)]
const scripts = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts

describe('commands in the README and docs/', () => {
  for (const page of PAGES) {
    test(`${page}: every bun run script and bun file exists`, () => {
      const text = readFileSync(join(ROOT, page), 'utf8')
      const missing = [
        ...[...text.matchAll(/\bbun run ([\w:.-]+)/g)].map((m) => m[1]!).filter((name) => !(name in scripts)).map((name) => `bun run ${name}`),
        ...[...text.matchAll(/\bbun ((?:src|test)\/[\w./-]+\.tsx?)/g)].map((m) => m[1]!).filter((file) => !existsSync(join(ROOT, file))).map((file) => `bun ${file}`),
      ]
      expect(missing).toEqual([])
    })
  }
})
