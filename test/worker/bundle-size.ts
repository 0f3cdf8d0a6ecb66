/**
 * `bun run worker:size [config …]`: bundles each Worker with `wrangler deploy --dry-run --outdir`
 * (offline, nothing is uploaded), prints its raw and gzip size, and exits 1 when a gzip size is over
 * the limit (1 MiB each). 1 MiB keeps
 * well inside Cloudflare's compressed-script limits (3 MB Free, 10 MB Paid) and cold starts short.
 * Configs default to wrangler.toml; `--max-kib N` changes the limit.
 * @module
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ROOT, wranglerCommand } from './wrangler-dev'

/** The limit: 1 MiB gzip per Worker. */
export const DEFAULT_MAX_KIB = 1024

/** One Worker's bundle. */
export interface BundleSize {
  config: string
  rawBytes: number
  gzipBytes: number
}

/** Bundles `config` offline and measures the uploaded modules (JS and Wasm, not source maps). */
export async function measureBundle(config: string, env?: string): Promise<BundleSize> {
  const outdir = mkdtempSync(join(tmpdir(), 'worker-size-'))
  try {
    const args = ['deploy', '--dry-run', '--outdir', outdir, '-c', config, ...(env === undefined ? [] : ['--env', env])]
    const { cmd, env: processEnv } = wranglerCommand(args)
    const run = Bun.spawnSync(cmd, { cwd: ROOT, env: processEnv, stdout: 'pipe', stderr: 'pipe' })
    if (run.exitCode !== 0) throw new Error(`wrangler deploy --dry-run -c ${config} failed:\n${run.stderr.toString().slice(-2000)}${run.stdout.toString().slice(-2000)}`)
    const modules = readdirSync(outdir).filter((name) => /\.(m?js|cjs|wasm)$/.test(name))
    if (modules.length === 0) throw new Error(`wrangler wrote no bundle to ${outdir}`)
    let rawBytes = 0
    let gzipBytes = 0
    for (const name of modules) {
      const bytes = readFileSync(join(outdir, name))
      rawBytes += bytes.length
      gzipBytes += Bun.gzipSync(bytes).length
    }
    return { config, rawBytes, gzipBytes }
  } finally {
    rmSync(outdir, { recursive: true, force: true })
  }
}

/** One report line, and whether the bundle is within `maxKib`. */
export function verdict(size: BundleSize, maxKib: number): { ok: boolean; line: string } {
  const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`
  const ok = size.gzipBytes <= maxKib * 1024
  return { ok, line: `${size.config}: ${kib(size.rawBytes)} raw, ${kib(size.gzipBytes)} gzip (limit ${maxKib} KiB) ${ok ? 'ok' : 'TOO LARGE'}` }
}

if (import.meta.main) {
  const args = process.argv.slice(2)
  const at = args.indexOf('--max-kib')
  const maxKib = at >= 0 ? Number(args.splice(at, 2)[1]) : DEFAULT_MAX_KIB
  const configs = args.length > 0 ? args : ['wrangler.toml']
  let failed = false
  for (const config of configs) {
    // The top-level environment: the size does not depend on which bindings a deploy adds.
    const { ok, line } = verdict(await measureBundle(config, ''), maxKib)
    console.log(line)
    failed ||= !ok
  }
  process.exit(failed ? 1 : 0)
}
