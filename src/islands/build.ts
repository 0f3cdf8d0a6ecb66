/**
 * Client build (reference/stack.md §1.5): one `Bun.build` with splitting, so each island is its own
 * lazy chunk and shared modules (React, the stores) are single chunks; hashed names; a manifest the
 * server reads; `static/` copied beside the assets for Workers Static Assets; Brotli and gzip copies
 * of every text file (src/islands/precompress.ts) for the Bun static handler. Prints every client
 * file's size, raw and gzipped. `--watch` rebuilds on changes (used by `bun run dev`).
 * @module
 */
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, watch } from 'node:fs'
import { basename, join, relative } from 'node:path'
import { gzipSync, type BunPlugin } from 'bun'
import type { ClientManifest } from '../shared/client-manifest'
import * as mdi from '@mdi/js'
import { iconId, spriteSvg } from '../shared/ui/icon-sprite'
import { precompressDir } from './precompress'
import { putDir, putFile } from './put-file'
import { lazyMessages, stringsFileNames } from '../shared/i18n/client-messages'
import { LOCALES } from '../shared/locales'
import { islands } from './registry'

const ROOT = join(import.meta.dir, '../..')
const OUT = join(ROOT, 'dist/client')
const ASSETS = join(OUT, 'assets')
const PUBLIC_PATH = '/assets/'
/** Sheets of static/ served only under a content hash (see writeHashedCss). */
const HASHED_SHEETS = ['styles.css', 'admin.css']
/** The account site's proof script, built beside the client entry. */
const ACCOUNT_PROOF_ENTRY = 'src/islands/accounts/proof-form.ts'

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1).padStart(7)} KB`

/** Builds once; returns the manifest. */
export async function buildClient(options: { quiet?: boolean } = {}): Promise<ClientManifest> {
  const started = Date.now()
  // Hashed assets of earlier builds stay for a while: a server started on the previous manifest (a
  // test run, a dev server) keeps finding its chunks while a new build lands.
  pruneOldAssets()
  mkdirSync(ASSETS, { recursive: true })
  // The stylesheets are written under their hashed names below, not as they are in static/.
  putDir(join(ROOT, 'static'), OUT, (name) => HASHED_SHEETS.includes(name))
  // Bun.build writes into a folder of this build's own, moved into place file by file (put-file.ts):
  // a server never reads a chunk while another build rewrites it.
  const staging = join(ROOT, 'dist', `.client-build-${process.pid}`)
  rmSync(staging, { recursive: true, force: true })

  const icons = usedIcons()
  const result = await Bun.build({
    // The account site's proof script is a second entry: it shares the solver's chunk with the islands.
    entrypoints: [join(ROOT, 'src/islands/client.ts'), join(ROOT, ACCOUNT_PROOF_ENTRY)],
    plugins: [iconIdsPlugin(icons)],
    outdir: staging,
    target: 'browser',
    format: 'esm',
    splitting: true,
    minify: true,
    sourcemap: 'linked',
    naming: { entry: '[name]-[hash].[ext]', chunk: 'chunk-[hash].[ext]', asset: '[name]-[hash].[ext]' },
    publicPath: PUBLIC_PATH,
    define: { 'process.env.NODE_ENV': '"production"' },
    metafile: true,
  })
  if (!result.success) {
    rmSync(staging, { recursive: true, force: true })
    for (const log of result.logs) console.error(log)
    throw new Error('client build failed')
  }
  putDir(staging, ASSETS)
  rmSync(staging, { recursive: true, force: true })

  const metafile = result.metafile
  if (!metafile) throw new Error('client build produced no metafile')
  const toUrl = (outPath: string) => PUBLIC_PATH + basename(outPath)
  const islandFiles = new Map(Object.keys(islands).map((name) => [`src/islands/${name}.tsx`, name]))
  const manifest: ClientManifest = { buildId: '', client: '', clientImports: [], css: '', icons: '', islands: {} }
  for (const [outPath, output] of Object.entries(metafile.outputs)) {
    if (!outPath.endsWith('.js')) continue
    const imports = output.imports.filter((i) => i.kind === 'import-statement').map((i) => toUrl(i.path))
    const entry = output.entryPoint ? relative(ROOT, join(ROOT, output.entryPoint)).replace(/\\/g, '/') : undefined
    if (entry === 'src/islands/client.ts') {
      manifest.client = toUrl(outPath)
      manifest.clientImports.push(...imports)
    } else if (entry === 'src/islands/boot.ts') {
      // The tiny entry imports the client proper after the first paint; it runs
      // before interaction on every page with islands, so it is preloaded with the entry.
      manifest.clientImports.push(toUrl(outPath), ...imports)
    } else if (entry === ACCOUNT_PROOF_ENTRY) {
      manifest.accountProof = toUrl(outPath)
    } else if (entry && islandFiles.has(entry)) {
      manifest.islands[islandFiles.get(entry)!] = { file: toUrl(outPath), imports }
    }
  }

  // The stylesheets get a content hash too, so they can be cached as immutable. The operator
  // console's rules are a second sheet only its pages load, keeping the public one small.
  manifest.css = writeHashedCss('styles')
  manifest.adminCss = writeHashedCss('admin')

  manifest.icons = writeIconSprite(icons)
  manifest.messages = writeIslandMessages()

  manifest.clientImports = [...new Set(manifest.clientImports)].filter((file) => file !== manifest.client)
  const missing = Object.keys(islands).filter((name) => !manifest.islands[name])
  if (!manifest.accountProof) missing.push('account proof script')
  if (!manifest.adminCss) missing.push('console stylesheet')
  if (!manifest.client || missing.length) throw new Error(`client build is missing: ${missing.join(', ') || 'client entry'}`)
  manifest.buildId = createHash('sha256').update(JSON.stringify(manifest)).digest('hex').slice(0, 12)
  // Before the manifest names the new files, so a server never finds one without its copies.
  const compressed = precompressDir(OUT, started)
  // Like every other output: a reader never sees half a manifest.
  putFile(join(OUT, 'manifest.json'), JSON.stringify(manifest, null, 2))

  if (!options.quiet) {
    printSizes(manifest)
    console.log(`precompressed ${compressed.files} files (${compressed.written} copies written): raw ${kb(compressed.raw)}, br ${kb(compressed.br)}, gzip ${kb(compressed.gzip)}`)
  }
  return manifest
}

/** Writes `static/<name>.css` as `<name>-<hash>.css` (dropping its unhashed copy); returns its URL. */
function writeHashedCss(name: string): string {
  const css = readFileSync(join(ROOT, 'static', `${name}.css`))
  const hashed = `${name}-${createHash('sha256').update(css).digest('hex').slice(0, 10)}.css`
  putFile(join(ASSETS, hashed), css)
  // Builds before this one copied the sheet unhashed too.
  rmSync(join(OUT, `${name}.css`), { force: true })
  return PUBLIC_PATH + hashed
}

/**
 * Writes each island's strings and each strings file per locale as `i18n-<hash>-<locale>-<name>.json`
 * (a deferred island's strings stay out of the page and load with its code); returns
 * the prefix.
 */
function writeIslandMessages(): string {
  const files = new Map<string, string>()
  for (const locale of LOCALES) {
    for (const name of stringsFileNames()) files.set(`${locale.code}-${name}`, JSON.stringify(lazyMessages(readLocaleTable(locale.code), name)))
  }
  const hash = createHash('sha256').update(JSON.stringify([...files])).digest('hex').slice(0, 10)
  for (const [name, json] of files) putFile(join(ASSETS, `i18n-${hash}-${name}.json`), json)
  return `${PUBLIC_PATH}i18n-${hash}`
}

/** A locale's message table, read from locales/ (the build runs on the server, outside the bundles). */
const readLocaleTable = (code: string): Record<string, unknown> => JSON.parse(readFileSync(join(ROOT, 'locales', `${code}.json`), 'utf8')) as Record<string, unknown>

/** Every @mdi/js icon the source imports: name → path data. */
function usedIcons(): Map<string, string> {
  const icons = new Map<string, string>()
  for (const file of new Bun.Glob('src/**/*.{ts,tsx}').scanSync(ROOT)) {
    for (const name of iconNamesIn(readFileSync(join(ROOT, file), 'utf8'))) {
      const path = (mdi as Record<string, string>)[name]
      if (!path) throw new Error(`unknown @mdi/js icon ${name}`)
      icons.set(name, path)
    }
  }
  return icons
}

/** The icon names a source file imports from `@mdi/js`. */
function iconNamesIn(source: string): Set<string> {
  const names = new Set<string>()
  for (const match of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@mdi\/js'/g)) {
    for (const entry of match[1]!.split(',')) {
      const name = entry.trim().split(/\s+as\s+/)[0]
      if (name) names.add(name)
    }
  }
  return names
}

/** Writes the icons as one hashed sprite (src/shared/ui/icon-sprite.ts); returns its URL. */
function writeIconSprite(icons: Map<string, string>): string {
  const svg = spriteSvg([...icons.values()].sort())
  const name = `icons-${createHash('sha256').update(svg).digest('hex').slice(0, 10)}.svg`
  putFile(join(ASSETS, name), svg)
  return PUBLIC_PATH + name
}

/**
 * In the browser build `@mdi/js` exports each icon's sprite id instead of its path data: the browser
 * draws every icon from the sprite, so the paths would be dead weight in the islands' chunks.
 */
function iconIdsPlugin(icons: Map<string, string>): BunPlugin {
  // The virtual module's path: its importer's plus this, so it never stands for the importer itself.
  const ICONS_OF = '?mdi-icons'
  return {
    name: 'mdi-sprite-ids',
    setup(build) {
      // One module per importing file, holding only the icons that file names: one shared module of
      // every icon would put each island's icon ids into the chunk every page loads.
      build.onResolve({ filter: /^@mdi\/js$/ }, (args) => ({ path: `${args.importer}${ICONS_OF}`, namespace: 'mdi-sprite-ids' }))
      build.onLoad({ filter: /.*/, namespace: 'mdi-sprite-ids' }, (args) => ({
        contents: [...iconNamesIn(readFileSync(args.path.slice(0, -ICONS_OF.length), 'utf8'))].map((name) => `export const ${name} = ${JSON.stringify(iconId(icons.get(name)!))}`).join('\n'),
        loader: 'js',
      }))
    },
  }
}

/** Assets older than this are removed by the next build. */
const KEEP_OLD_ASSETS_MS = 15 * 60_000

/** Removes hashed assets that no build has written for `KEEP_OLD_ASSETS_MS`. */
function pruneOldAssets() {
  if (!existsSync(ASSETS)) return
  const cutoff = Date.now() - KEEP_OLD_ASSETS_MS
  for (const name of readdirSync(ASSETS)) {
    const path = join(ASSETS, name)
    if (statSync(path).mtimeMs < cutoff) rmSync(path, { force: true })
  }
}

/** Prints each client file's size, and the total a page with every island loads. */
function printSizes(manifest: ClientManifest) {
  const files = [...new Set([manifest.client, ...manifest.clientImports, ...Object.values(manifest.islands).flatMap((i) => [i.file, ...i.imports]), manifest.css])]
  let raw = 0
  let gz = 0
  console.log('client files (raw / gzip):')
  for (const file of files.sort()) {
    const bytes = readFileSync(join(OUT, file))
    const zipped = gzipSync(bytes).length
    raw += bytes.length
    gz += zipped
    console.log(`  ${file.padEnd(40)} ${kb(bytes.length)} ${kb(zipped)}`)
  }
  console.log(`  ${'total'.padEnd(40)} ${kb(raw)} ${kb(gz)}`)
  // Not in the total: only the account site's console pages load it.
  if (manifest.adminCss) {
    const bytes = readFileSync(join(OUT, manifest.adminCss))
    console.log(`  ${`${manifest.adminCss} (console only)`.padEnd(40)} ${kb(bytes.length)} ${kb(gzipSync(bytes).length)}`)
  }
}

if (import.meta.main) {
  // `bun run dev` builds once before starting the server, then starts the watcher with --skip-initial.
  if (!process.argv.includes('--skip-initial')) await buildClient()
  if (process.argv.includes('--watch')) {
    let timer: Timer | undefined
    const rebuild = () => {
      clearTimeout(timer)
      timer = setTimeout(() => buildClient({ quiet: true }).then(() => console.log('[build] client rebuilt'), (e) => console.error('[build]', e)), 100)
    }
    for (const dir of ['src/islands', 'src/shared', 'static', 'locales']) {
      if (existsSync(join(ROOT, dir))) watch(join(ROOT, dir), { recursive: true }, rebuild)
    }
    console.log('[build] watching src/islands, src/shared, static, locales')
  }
}
