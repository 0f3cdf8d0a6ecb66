/**
 * The index of the client build (`dist/client`) the Bun static handler answers from
 * (static files are looked up only for their own paths): one listing at start, so a page
 * request is a map miss, never a `stat`. Each file notes its size, time, type and the `.br` / `.gz`
 * copies the build wrote beside it (src/islands/precompress.ts).
 * @module
 */
import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { getMimeType } from 'hono/utils/mime'
import type { Coding } from './negotiate-encoding'

/** The file-system calls the index makes; tests pass counting ones. */
export interface IndexFs {
  readdir(dir: string): { name: string; isDirectory(): boolean; isFile(): boolean }[]
  stat(path: string): { size: number; mtimeMs: number } | undefined
}

/** node:fs; a file that vanished between listing and stat is simply absent. */
export const nodeIndexFs: IndexFs = {
  readdir: (dir) => readdirSync(dir, { withFileTypes: true }),
  stat: (path) => statSync(path, { throwIfNoEntry: false }),
}

/** One way of sending a file: the file itself or a compressed copy. */
export interface Representation {
  path: string
  size: number
  etag: string
}

/** A servable file. */
export interface StaticEntry extends Representation {
  type: string
  mtimeMs: number
  /** Compressed copies, only those smaller than the file and written after it. */
  encoded: Partial<Record<Coding, Representation>>
}

/** The suffix of each coding's copy. */
export const CODING_SUFFIX: Record<Coding, string> = { br: '.br', gzip: '.gz' }

/**
 * Names never served: the Workers Static Assets config files (`_headers`, `_redirects`,
 * `.assetsignore`) and other dot files, and the compressed copies (served only as an encoding of
 * their file).
 */
const isPrivate = (name: string) => name.startsWith('.') || name.startsWith('_') || name.endsWith('.br') || name.endsWith('.gz')

/** An ETag for a file state (RFC 9110 §8.8.3): size and time; the coding is part of the tag. */
const etagOf = (size: number, mtimeMs: number, coding?: Coding) => `"${size.toString(36)}-${Math.floor(mtimeMs).toString(36)}${coding ? `-${coding}` : ''}"`

/** The entry of one file from its stat and its copies' stats; undefined when it is gone. */
export function indexFile(path: string, fs: IndexFs, names?: ReadonlySet<string>, name?: string): StaticEntry | undefined {
  const stat = fs.stat(path)
  if (!stat) return undefined
  const entry: StaticEntry = { path, size: stat.size, mtimeMs: stat.mtimeMs, etag: etagOf(stat.size, stat.mtimeMs), type: getMimeType(path) ?? 'application/octet-stream', encoded: {} }
  for (const [coding, suffix] of Object.entries(CODING_SUFFIX) as [Coding, string][]) {
    // With a directory listing at hand, copies that are not there cost no stat.
    if (names && name && !names.has(name + suffix)) continue
    const copy = fs.stat(path + suffix)
    // A copy older than its file belongs to an earlier content (a rebuilt static file): never send it.
    if (copy && copy.mtimeMs >= stat.mtimeMs && copy.size < stat.size) entry.encoded[coding] = { path: path + suffix, size: copy.size, etag: etagOf(stat.size, stat.mtimeMs, coding) }
  }
  return entry
}

/** Lists `root` recursively: URL path (`/assets/x.js`) → entry. */
export function listStaticFiles(root: string, fs: IndexFs = nodeIndexFs): Map<string, StaticEntry> {
  const index = new Map<string, StaticEntry>()
  const walk = (dir: string, prefix: string) => {
    let dirents: ReturnType<IndexFs['readdir']>
    try {
      dirents = fs.readdir(dir)
    } catch {
      return // no build yet: nothing to serve
    }
    const names = new Set(dirents.map((d) => d.name))
    for (const dirent of dirents) {
      if (isPrivate(dirent.name)) continue
      const path = join(dir, dirent.name)
      if (dirent.isDirectory()) walk(path, `${prefix}${dirent.name}/`)
      else if (dirent.isFile()) {
        const entry = indexFile(path, fs, names, dirent.name)
        if (entry) index.set(prefix + dirent.name, entry)
      }
    }
  }
  walk(root, '/')
  return index
}
