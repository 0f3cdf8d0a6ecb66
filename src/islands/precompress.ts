/**
 * Build-time compression of the client build (docs/performance.md "Compression"): a Brotli (quality 11)
 * and a gzip (level 9) copy beside each text file the build wrote — `x.js.br`, `x.js.gz` — kept only
 * when smaller. The Bun static handler sends them by Accept-Encoding
 * (src/server/static/static-files.ts); on Workers, Cloudflare compresses, so `.assetsignore` keeps the
 * copies out of the asset upload.
 *
 * Brotli 11 is slow (~1 s per 300 KB), so a copy from an earlier build is reused when it decodes to
 * the file's current bytes (a hashed chunk that did not change) and only its time is renewed: the
 * build's 15-minute pruning of old assets goes by file time, and the server sends a copy only when
 * it is not older than its file.
 * @module
 */
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib'

/** Files worth a compressed copy (source maps are left out: only devtools load them). */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|html|xml|webmanifest)$/

/** Written by the build after this step, read by the server only. */
const SKIPPED = new Set(['manifest.json'])

/** Each coding: its suffix, encoder at maximum compression, and decoder (to check a reused copy). */
const CODINGS = [
  {
    suffix: '.br',
    encode: (bytes: Uint8Array) =>
      brotliCompressSync(bytes, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
      }),
    decode: (bytes: Uint8Array) => brotliDecompressSync(bytes),
  },
  { suffix: '.gz', encode: (bytes: Uint8Array) => gzipSync(bytes, { level: 9 }), decode: (bytes: Uint8Array) => gunzipSync(bytes) },
] as const

/** What one run did, for the build's size report. */
export interface PrecompressReport {
  files: number
  /** Copies written anew (the rest were reused). */
  written: number
  /** Bytes raw and of each kept copy (a file without a copy counts its raw size). */
  raw: number
  br: number
  gzip: number
}

/** The copy's bytes if it exists and decodes to `bytes`. */
function reusable(copyPath: string, bytes: Uint8Array, decode: (b: Uint8Array) => Uint8Array): Uint8Array | undefined {
  if (!existsSync(copyPath)) return undefined
  try {
    const copy = readFileSync(copyPath)
    return Buffer.from(decode(copy)).equals(bytes) ? copy : undefined
  } catch {
    return undefined
  }
}

/** Writes (or renews) the copies of one file; returns each copy's size (the raw size when none). */
function precompressFile(path: string, report: PrecompressReport): [number, number] {
  const bytes = readFileSync(path)
  const sizes: number[] = []
  for (const { suffix, encode, decode } of CODINGS) {
    const copyPath = path + suffix
    const kept = reusable(copyPath, bytes, decode)
    if (kept) {
      const now = new Date()
      utimesSync(copyPath, now, now)
      sizes.push(kept.length)
      continue
    }
    const encoded = encode(bytes)
    if (encoded.length >= bytes.length) {
      rmSync(copyPath, { force: true })
      sizes.push(bytes.length)
      continue
    }
    // Written beside, then renamed: a server listing the directory never sees half a copy (a dot
    // file is never served).
    const staged = join(path, '..', `.${basename(path)}${suffix}.${process.pid}`)
    writeFileSync(staged, encoded)
    renameSync(staged, copyPath)
    report.written++
    sizes.push(encoded.length)
  }
  return [sizes[0]!, sizes[1]!]
}

/**
 * Compresses every compressible file under `dir` written at or after `since` (ms; this build's
 * files — older hashed assets kept for running servers have their copies already). File times come
 * from the kernel's coarse clock, a few ms behind `Date.now()`, hence the second of slack.
 */
export function precompressDir(dir: string, since: number): PrecompressReport {
  const report: PrecompressReport = { files: 0, written: 0, raw: 0, br: 0, gzip: 0 }
  const walk = (folder: string) => {
    for (const dirent of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, dirent.name)
      if (dirent.isDirectory()) walk(path)
      if (!dirent.isFile() || dirent.name.startsWith('.') || SKIPPED.has(dirent.name) || !COMPRESSIBLE.test(dirent.name)) continue
      if (statSync(path).mtimeMs < since - 1000) continue
      const [br, gzip] = precompressFile(path, report)
      report.files++
      report.raw += statSync(path).size
      report.br += br
      report.gzip += gzip
    }
  }
  walk(dir)
  // Workers Static Assets: Cloudflare compresses itself; the copies would only be uploaded and served
  // under their own names (wrangler reads this file from the assets directory).
  writeFileSync(join(dir, '.assetsignore'), '*.br\n*.gz\n')
  return report
}
