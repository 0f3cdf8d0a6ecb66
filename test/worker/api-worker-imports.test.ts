/**
 * Import boundary of the API Worker: src/api/worker.ts must not reach Bun-only code
 * (bun:sqlite, node:fs, the file-backed secrets and key, the Bun wiring), or the Worker bundle would carry
 * imports workerd cannot satisfy. Checked twice: on the static import graph of the sources (type-only
 * imports are erased, as in the bundle), and on the bundle `wrangler deploy --dry-run` actually builds,
 * which must also stay under 1 MiB gzip.
 */
import { describe, expect, test } from 'bun:test'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, relative, resolve } from 'node:path'
import { ROOT, wranglerCommand } from './wrangler-dev'

/** Runtime modules a Worker cannot load (Bun built-ins, the file system, OS facts). */
const FORBIDDEN_BUILTINS = /^(bun(:.*)?|node:(fs|fs\/promises|os|child_process|worker_threads))$/
/** Bun-only project files: the Bun store and wiring, file-kept secrets and keys, SQLite blobs. */
const BUN_ONLY_FILES = [
  'src/api/store/db.ts',
  'src/api/wiring.ts',
  'src/api/index.ts',
  'src/api/users/identity/secrets.ts',
  'src/api/users/identity/session.ts',
  'src/api/antibot/altcha-verifier.ts',
  'src/api/signing/signer/local-signer.ts',
  'src/api/blob/sqlite-blob-store.ts',
  'src/api/signing/signer-factory.ts',
]

const transpiler = new Bun.Transpiler({ loader: 'ts' })
const tsxTranspiler = new Bun.Transpiler({ loader: 'tsx' })

/** Resolves a relative specifier to a source file. */
function resolveSource(from: string, spec: string): string | null {
  const base = resolve(dirname(from), spec)
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) if (existsSync(candidate) && candidate.match(/\.tsx?$/)) return candidate
  return null
}

/** Every project file statically reachable from `entry`, and the package/built-in specifiers they import. */
function importGraph(entry: string): { files: Map<string, string[]>; external: Map<string, Set<string>> } {
  const files = new Map<string, string[]>()
  const external = new Map<string, Set<string>>()
  const todo = [entry]
  while (todo.length) {
    const file = todo.pop()!
    if (files.has(file)) continue
    const imports = (file.endsWith('.tsx') ? tsxTranspiler : transpiler).scanImports(readFileSync(file, 'utf8')).filter((i) => i.kind === 'import-statement')
    const local: string[] = []
    for (const { path } of imports) {
      if (path.startsWith('.')) {
        const target = resolveSource(file, path)
        if (target) {
          local.push(target)
          todo.push(target)
        }
      } else {
        if (!external.has(path)) external.set(path, new Set())
        external.get(path)!.add(relative(ROOT, file))
      }
    }
    files.set(file, local)
  }
  return { files, external }
}

/**
 * What `wrangler deploy --dry-run` bundles offline for `config` (environment `env`): the bundle's text,
 * the module specifiers it still imports, and its gzip size.
 */
function dryRunBundle(config: string, env: string): { text: string; specifiers: string[]; gzip: number } {
  const outdir = mkdtempSync(join(tmpdir(), 'worker-bundle-'))
  try {
    const { cmd, env: processEnv } = wranglerCommand(['deploy', '--dry-run', '--outdir', outdir, '-c', config, '--env', env])
    const run = Bun.spawnSync(cmd, { cwd: ROOT, env: processEnv, stdout: 'pipe', stderr: 'pipe' })
    expect(run.exitCode, run.stderr.toString().slice(-2000)).toBe(0)
    const bundle = readdirSync(outdir).filter((n) => n.endsWith('.js')).map((n) => readFileSync(join(outdir, n)))
    const text = bundle.map((b) => b.toString()).join('\n')
    const specifiers = [...text.matchAll(/(?:from|import)\s*\(?\s*"([^"]+)"/g)].map((m) => m[1]!)
    return { text, specifiers, gzip: bundle.reduce((n, b) => n + Bun.gzipSync(b).length, 0) }
  } finally {
    rmSync(outdir, { recursive: true, force: true })
  }
}

describe('API Worker import boundary', () => {
  const { files, external } = importGraph(join(ROOT, 'src/api/worker.ts'))

  test('the import graph is the real one (routes, D1 store, Queues consumer, Durable Objects)', () => {
    const reached = [...files.keys()].map((f) => relative(ROOT, f))
    for (const f of ['src/api/app.ts', 'src/api/store/d1-store.ts', 'src/api/cloudflare/queues-job-queue.ts', 'src/api/cloudflare/rate-limit-object.ts', 'src/api/jobs/generate/generator.ts']) {
      expect(reached).toContain(f)
    }
    expect(files.size).toBeGreaterThan(60)
  })

  test('no Bun-only project file is reached', () => {
    const reached = new Set([...files.keys()].map((f) => relative(ROOT, f)))
    expect(BUN_ONLY_FILES.filter((f) => reached.has(f))).toEqual([])
  })

  test('no Bun built-in, file system or OS module is imported on the Worker path', () => {
    const bad = [...external].filter(([spec]) => FORBIDDEN_BUILTINS.test(spec)).map(([spec, by]) => `${spec} ← ${[...by].join(', ')}`)
    expect(bad).toEqual([])
  })

  test('wrangler deploy --dry-run bundles it offline: no bun:/node:fs imports, under 1 MiB gzip', () => {
    const { text, specifiers, gzip } = dryRunBundle('wrangler.api.toml', '')
    expect(text.length).toBeGreaterThan(0)
    expect(specifiers.filter((s) => FORBIDDEN_BUILTINS.test(s) || s === 'bun:sqlite')).toEqual([])
    expect(specifiers).toContain('cloudflare:workers')
    expect(gzip).toBeLessThan(1024 * 1024)
  }, 120_000)
})

describe('account Worker import boundary', () => {
  const { files, external } = importGraph(join(ROOT, 'src/accounts/worker.ts'))

  test('it reaches the account site and the D1 store, no Bun-only file, no file system or OS module', () => {
    const reached = new Set([...files.keys()].map((f) => relative(ROOT, f)))
    for (const f of ['src/accounts/app.tsx', 'src/accounts/routes/index.ts', 'src/api/store/d1-store.ts', 'src/accounts/services/passwords.ts']) expect(reached).toContain(f)
    expect(BUN_ONLY_FILES.filter((f) => reached.has(f))).toEqual([])
    expect(reached.has('src/api/store/backup.ts')).toBe(false)
    const bad = [...external].filter(([spec]) => FORBIDDEN_BUILTINS.test(spec)).map(([spec, by]) => `${spec} ← ${[...by].join(', ')}`)
    expect(bad).toEqual([])
  })

  test('wrangler deploy --dry-run bundles it offline: React’s production build, no SMTP client, under 1 MiB gzip', () => {
    const { text, specifiers, gzip } = dryRunBundle('wrangler.accounts.toml', 'stack')
    expect(specifiers.filter((s) => FORBIDDEN_BUILTINS.test(s) || s === 'bun:sqlite')).toEqual([])
    // Mail goes to the Worker's log (src/accounts/worker.ts): nodemailer is not bundled.
    expect(text).not.toContain('nodemailer')
    expect(text).not.toContain('react.development')
    expect(gzip).toBeLessThan(1024 * 1024)
  }, 120_000)
})
