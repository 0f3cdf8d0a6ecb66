/**
 * Writing files that others read while they are written (the client build under `dist/client` with
 * `bun run dev` beside a test run, docs/configuration.md while the docs tests read it): a reader sees
 * the old file or the new one, never half of one, and writers side by side never disturb each other.
 * @module
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'

/**
 * Puts `content` at `path`: the same bytes already there are only touched (the file's time keeps it
 * from being pruned as an old asset and has its compressed copies renewed); other bytes are written
 * beside as a dot file, which is never served, and renamed over it.
 */
export function putFile(path: string, content: Uint8Array | string): void {
  const bytes = typeof content === 'string' ? Buffer.from(content) : content
  if (existsSync(path) && readFileSync(path).equals(bytes)) {
    const now = new Date()
    utimesSync(path, now, now)
    return
  }
  const staged = join(dirname(path), `.${basename(path)}.${process.pid}`)
  writeFileSync(staged, bytes)
  renameSync(staged, path)
}

/** {@link putFile} for every file under `from` into the same place under `to`, but those `skip` names. */
export function putDir(from: string, to: string, skip: (name: string) => boolean = () => false): void {
  mkdirSync(to, { recursive: true })
  for (const name of readdirSync(from)) {
    if (skip(name)) continue
    const source = join(from, name)
    if (statSync(source).isDirectory()) putDir(source, join(to, name), skip)
    else putFile(join(to, name), readFileSync(source))
  }
}
