/**
 * What keeps the tree explaining itself (docs/architecture.md "Reading the code"): no text in it
 * cites the issue tracker — a reader outside the tracker cannot follow "issue N point M", and the
 * numbers rot as issues move — and no page states a configuration default other than the one the
 * schema applies (docs/configuration.md is generated from the schemas; a default written down
 * anywhere else must agree with it). Pure functions over texts, so a test can plant a failure.
 * @module
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { appliedDefaults, envText, PARTS } from './config-reference'

const ROOT = join(import.meta.dir, '../..')

/** A citation of the tracker: "issue N", "Issue N point M", "issues N and M", "issue #N", each N a number. */
export const TRACKER_REFERENCE = new RegExp(['\\b[Ii]ssues?', '\\s+#?\\d+'].join(''))

/** The files the rule covers: what git tracks under src, test, locales, docs and static, the READMEs and the Worker configs. */
export function coveredFiles(): string[] {
  const listed = Bun.spawnSync(['git', 'ls-files', '-z', '--cached', '--others', '--exclude-standard', 'src', 'test', 'locales', 'docs', 'static', 'README.md', 'wrangler.toml', 'wrangler.api.toml', 'wrangler.accounts.toml'], { cwd: ROOT })
  return listed.stdout
    .toString()
    .split('\0')
    .filter(Boolean)
    // Data, not prose: recorded timings, pictures, lockfiles and generated snapshots.
    .filter((f) => !/\.(png|jpg|svg|ico|woff2?|json\.gz|lock)$/.test(f) && f !== 'test/durations.json' && !f.includes('/migrations/meta/'))
}

/** `file:line: text` of every tracker citation in `files` (read from the repository). */
export function trackerReferences(files: string[], read: (file: string) => string = (f) => readFileSync(join(ROOT, f), 'utf8')): string[] {
  const found: string[] = []
  for (const file of files) {
    let text: string
    try {
      text = read(file)
    } catch {
      continue
    }
    text.split('\n').forEach((line, i) => {
      if (TRACKER_REFERENCE.test(line)) found.push(`${file}:${i + 1}: ${line.trim().slice(0, 140)}`)
    })
  }
  return found
}

/** Every variable the schemas define, with its default as the environment would write it (null: unset). */
export function schemaDefaults(): Map<string, string | null> {
  const out = new Map<string, string | null>()
  for (const part of PARTS) {
    const defaults = appliedDefaults(part.schema)
    for (const name of Object.keys(part.schema.shape)) out.set(name, envText(defaults[name]))
  }
  return out
}

/**
 * The defaults a page states in prose: a variable in backticks, then on the same line within a few
 * words "default" (or "defaults to") and a number, as in "`QUEUE_LEASE_S` (how long a claim holds a
 * job, default 120)" or "| `X` | default `5` |". Only numbers are read: they are what drifts.
 */
export function statedDefaults(text: string, known: ReadonlySet<string>): { name: string; value: string; line: number }[] {
  const found: { name: string; value: string; line: number }[] = []
  text.split('\n').forEach((line, i) => {
    for (const m of line.matchAll(/`([A-Z][A-Z0-9_]{2,})`([^`|]{0,80}?)\bdefaults?(?: to| is|:)?\s*`?(-?\d[\d_,.]*)\b/g)) {
      const name = m[1]!
      // A default that belongs to another variable named in between is not this one's.
      if (!known.has(name) || /`[A-Z][A-Z0-9_]{2,}`/.test(m[2]!)) continue
      found.push({ name, value: m[3]!.replace(/[_,]/g, '').replace(/\.$/, ''), line: i + 1 })
    }
  })
  return found
}

/** `page:line: NAME says X, the schema Y` for every stated default that is not the schema's. */
export function wrongStatedDefaults(pages: { file: string; text: string }[], defaults: Map<string, string | null> = schemaDefaults()): string[] {
  const known = new Set(defaults.keys())
  return pages.flatMap(({ file, text }) =>
    statedDefaults(text, known)
      .filter((d) => defaults.get(d.name) !== d.value)
      .map((d) => `${file}:${d.line}: ${d.name} says ${d.value}, the schema ${defaults.get(d.name) ?? 'unset'}`),
  )
}
