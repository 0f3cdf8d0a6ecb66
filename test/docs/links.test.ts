/**
 * The README, docs/ and the code's own READMEs (the domain maps, docs/architecture.md "Where each
 * domain lives") link to each other and to the code: every relative link must name a file that
 * exists, and a `#anchor` a heading of that page (GitHub's slugs).
 */
import { describe, expect, test } from 'bun:test'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, normalize } from 'node:path'

const ROOT = join(import.meta.dir, '../..')
const PAGES = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`),
  ...[...new Bun.Glob('src/**/README.md').scanSync({ cwd: ROOT })].sort(),
]

/** GitHub's heading anchor: lower case, punctuation dropped, spaces to hyphens. */
const slug = (heading: string) =>
  heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}_\- ]/gu, '')
    .replaceAll(' ', '-')

/** The anchors of a Markdown page (headings outside code fences). */
function anchors(text: string): Set<string> {
  const found = new Set<string>()
  let fence = false
  for (const line of text.split('\n')) {
    if (line.startsWith('```')) fence = !fence
    const heading = /^#{1,6} (.+)$/.exec(line)
    if (heading && !fence) found.add(slug(heading[1]!))
  }
  return found
}

describe('links in the README, docs/ and src/**/README.md', () => {
  for (const page of PAGES) {
    test(`${page}: every relative link resolves`, () => {
      const text = readFileSync(join(ROOT, page), 'utf8')
      const broken: string[] = []
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/i.test(target!) || target!.startsWith('/')) continue
        const [path, anchor] = target!.split('#') as [string, string | undefined]
        const file = path ? normalize(join(dirname(page), path)) : page
        if (!existsSync(join(ROOT, file))) broken.push(`${target} (no ${file})`)
        else if (anchor && file.endsWith('.md') && !anchors(readFileSync(join(ROOT, file), 'utf8')).has(anchor)) broken.push(`${target} (no heading #${anchor} in ${file})`)
      }
      expect(broken).toEqual([])
    })

    // Code moves must not leave a page naming a file that is gone.
    test(`${page}: every repository path it names exists`, () => {
      const text = readFileSync(join(ROOT, page), 'utf8')
      const gone = [...text.matchAll(/\b((?:src|test|docs|static|locales|migrations)\/[\w./*{}-]*[\w*}])/g)]
        .map((m) => m[1]!)
        // Globs and name patterns (`migrations/d1/NNNN_name.sql`) name no one file.
        .filter((path) => !/[*{]|NNNN/.test(path) && !existsSync(join(ROOT, path)))
      expect(gone).toEqual([])
    })
  }
})
