/**
 * The Workers stack for `bun run bench workers` (generation latency and
 * throughput on the Workers stack beside the Bun figures): what must exist before it can run, and the
 * API Worker's wrangler config rewritten for a bench session.
 *
 * Why a rewritten config: in one `wrangler dev -c wrangler.toml -c wrangler.api.toml` session only the
 * first (primary) config gets `--var` and `--env-file` (wrangler 4.164 `startDev`: auxiliary configs are
 * set up with `env` alone), so the API Worker's limits (LIMIT_*, as the Bun bench raises them) and its
 * signing key cannot be passed on the command line. The bench writes a JSON copy of wrangler.api.toml to
 * a temp dir with those values in `vars` and every relative path made absolute; the copy keeps the
 * Worker's name, so the web Worker's `API` service binding still reaches it, and its D1 `database_id`,
 * so `wrangler d1 migrations apply --local` and `wrangler dev` share one local database.
 * Everything here but {@link missingStackFiles} is pure.
 * @module
 */
import { existsSync } from 'node:fs'
import { isAbsolute, join, resolve } from 'node:path'

/** The files the Workers stack needs: the API Worker's entry and config, and the web Worker's config. */
export const STACK_FILES = ['src/api/worker.ts', 'wrangler.api.toml', 'wrangler.toml'] as const

/** Files of {@link STACK_FILES} that do not exist under `root` (empty when the stack can run). */
export function missingStackFiles(root: string): string[] {
  return STACK_FILES.filter((f) => !existsSync(join(root, f)))
}

/** A wrangler config as parsed from TOML (only the keys this module reads or rewrites are typed). */
export interface WranglerConfig {
  name?: string
  main?: string
  vars?: Record<string, unknown>
  d1_databases?: { binding: string; database_name?: string; database_id?: string; migrations_dir?: string }[]
  env?: Record<string, WranglerConfig>
  [key: string]: unknown
}

/** Paths in a config section that wrangler resolves against the config file's folder. */
function absolutize(section: WranglerConfig, dir: string): WranglerConfig {
  const abs = (p: unknown) => (typeof p === 'string' && p && !isAbsolute(p) ? resolve(dir, p) : p)
  const out: WranglerConfig = { ...section }
  for (const key of ['main', 'base_dir', 'tsconfig']) if (key in out) out[key] = abs(out[key])
  if (out.d1_databases) out.d1_databases = out.d1_databases.map((d) => ({ ...d, ...(d.migrations_dir ? { migrations_dir: abs(d.migrations_dir) as string } : {}) }))
  const assets = out.assets as { directory?: string } | undefined
  if (assets?.directory) out.assets = { ...assets, directory: abs(assets.directory) }
  const build = out.build as { cwd?: string; watch_dir?: string | string[] } | undefined
  if (build) {
    const watch = build.watch_dir
    out.build = { ...build, cwd: abs(build.cwd ?? '.'), ...(watch ? { watch_dir: Array.isArray(watch) ? watch.map(abs) : abs(watch) } : {}) }
  }
  const alias = out.alias as Record<string, string> | undefined
  if (alias) out.alias = Object.fromEntries(Object.entries(alias).map(([k, v]) => [k, v.startsWith('.') ? resolve(dir, v) : v]))
  return out
}

/**
 * The API Worker's config for a bench session: `config` (parsed wrangler.api.toml, whose folder is
 * `dir`) with relative paths made absolute and `vars` merged over the vars of environment `env` (vars
 * are not inherited by an environment, so they go where wrangler reads them: the env section when it
 * exists, else the top level).
 */
export function benchApiConfig(config: WranglerConfig, dir: string, env: string | undefined, vars: Record<string, string>): WranglerConfig {
  const top = absolutize(config, dir)
  const envs = config.env ? Object.fromEntries(Object.entries(config.env).map(([k, v]) => [k, absolutize(v, dir)])) : undefined
  if (env && envs?.[env]) {
    const section = envs[env]!
    envs[env] = { ...section, vars: { ...(section.vars ?? {}), ...vars } }
    return { ...top, env: envs }
  }
  return { ...top, ...(envs ? { env: envs } : {}), vars: { ...(top.vars ?? {}), ...vars } }
}

/** True when the config has an `[env.<name>]` section (the API Worker joins `--env stack` sessions). */
export function hasEnv(config: WranglerConfig, env: string): boolean {
  return Boolean(config.env?.[env])
}

/** The D1 databases wrangler sees for `env` (an env section's own list, else the top level's). */
export function d1Databases(config: WranglerConfig, env?: string): NonNullable<WranglerConfig['d1_databases']> {
  return (env ? config.env?.[env]?.d1_databases : undefined) ?? config.d1_databases ?? []
}

/** Jobs per second: `done` jobs between the first submit and the last completion (ms timestamps). */
export function jobsPerSecond(firstSubmitAt: number, completedAt: number[]): number {
  if (completedAt.length === 0) return 0
  const span = Math.max(...completedAt) - firstSubmitAt
  return span > 0 ? (completedAt.length / span) * 1000 : NaN
}

/** Splits `n` jobs over `clients` as evenly as possible (the first ones take the remainder). */
export function shares(n: number, clients: number): number[] {
  return Array.from({ length: clients }, (_, i) => Math.floor(n / clients) + (i < n % clients ? 1 : 0))
}
