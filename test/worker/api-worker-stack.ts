/**
 * Starts the API Worker (wrangler.api.toml) under `wrangler dev`, offline, on local D1,
 * R2, Queues and Durable Objects kept in a fresh `--persist-to` folder: first the state
 * `wrangler d1 migrations apply DB --local` made (once, then copied), then two API keys written into
 * that copy, then `wrangler dev`. Secrets (a fresh signing key, the altcha and session keys)
 * and test variables go into a `.dev.vars` file; wrangler reads it from the config's folder, so the
 * helper runs a copy of wrangler.api.toml (paths made absolute, nothing else changed) in a temp folder
 * and never writes into the repository. With `web: true` the session is
 * `wrangler dev -c wrangler.toml -c <api config> --env stack`: the web Worker serves the port and reaches
 * the API Worker over its `API` service binding. test/bench reuses this helper.
 * @module
 */
import { Database } from 'bun:sqlite'
import { createHash } from 'node:crypto'
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { hashApiKey } from '../../src/api/users/identity/api-keys'
import { randomHex } from '../../src/api/ids'
import { generateSigningKey } from '../../src/api/signing/signer/rsa'
import { ROOT, startWranglerDev, wranglerCommand, type WranglerDev } from './wrangler-dev'
import { OFFLINE_TEST_ENV } from '../../src/api/testing/api-harness'

/** Options of {@link startApiWorkerStack}. */
export interface ApiWorkerStackOptions {
  /** Extra variables for the API Worker (e.g. MOJANG_API_BASE, TEST_CRASH_ONCE). */
  vars?: Record<string, string>
  /** Variables of the web Worker (with `web`), e.g. LOG_FORMAT. */
  webVars?: Record<string, string>
  /** Also run the web Worker in front (`--env stack`); the origin is then the web Worker's. */
  web?: boolean
  /** With `web`: also run the account Worker (wrangler.accounts.toml) behind the web Worker's `ACCOUNTS` binding. */
  accounts?: boolean
  /** Modulus of the generated signing key (default 2048: fast to make, same scheme as 4096). */
  keyBits?: number
}

/** A running API Worker (and web Worker with `web`). */
export interface ApiWorkerStack extends WranglerDev {
  /** Where the API answers: the API Worker's root, or `<web origin>/api` with `web`. */
  apiOrigin: string
  /** The local D1/R2/Queues/DO state. */
  persistDir: string
  /** The folder of the generated config and .dev.vars. */
  configDir: string
  /** API key of a user (`batch_generation`, `private_skins`). */
  userKey: string
  /** API key without a user and without extra grants. */
  plainKey: string
  /** The public key that verifies every signature. */
  publicKeyPem: string
  /** Runs SQL on the local D1 (wrangler d1 execute) and returns the rows. */
  d1(sql: string): Promise<Record<string, unknown>[]>
}

/** Variables every test stack gets (cheap proofs, no real Mojang hosts, no demo seeding). */
const TEST_VARS: Record<string, string> = {
  ...OFFLINE_TEST_ENV,
  QUEUE_RETRY_DELAY_S: '1',
  // The crash test's redelivery takes over the dead consumer's claim once this lease has run out.
  QUEUE_LEASE_S: '1',
  // Limits high enough for a contract run and a bench from one address.
  LIMIT_ANONYMOUS_PER_MINUTE: '1000',
  LIMIT_ANONYMOUS_PER_HOUR: '10000',
  LIMIT_ANONYMOUS_PENDING: '50',
  LIMIT_APIKEY_PER_MINUTE: '1000',
  LIMIT_APIKEY_CONCURRENCY: '50',
}

/** A `.dev.vars` line; values are JSON strings, which dotenv reads as double-quoted with `\n` escapes. */
const devVar = (k: string, v: string) => `${k}=${JSON.stringify(v)}`

/**
 * Runs wrangler to completion (not `dev`); throws with its output when it fails. `viaScript`: as the
 * docs type it, `bun run wrangler <args>` (the package script, Node 22 from node_modules/.bin).
 */
function wrangler(args: string[], viaScript = false): string {
  const direct = wranglerCommand(args)
  const { cmd, env } = viaScript ? { cmd: ['bun', 'run', 'wrangler', ...args], env: direct.env } : direct
  const run = Bun.spawnSync(cmd, { cwd: ROOT, env, stdout: 'pipe', stderr: 'pipe' })
  const out = run.stdout.toString() + run.stderr.toString()
  if (run.exitCode !== 0) throw new Error(`wrangler ${args.slice(0, 3).join(' ')} failed:\n${out.slice(-3000)}`)
  return run.stdout.toString()
}

/** Writes a copy of the Worker config `file` with absolute `main`, `migrations_dir` and assets `directory` into `dir`. */
function writeWorkerConfig(dir: string, file: string): string {
  const text = readFileSync(join(ROOT, file), 'utf8')
    .replace(/^main = "([^"]+)"/m, (_, p: string) => `main = ${JSON.stringify(join(ROOT, p))}`)
    .replaceAll(/migrations_dir = "([^"]+)"/g, (_, p: string) => `migrations_dir = ${JSON.stringify(join(ROOT, p))}`)
    .replace(/^directory = "([^"]+)"/m, (_, p: string) => `directory = ${JSON.stringify(join(ROOT, p))}`)
  const path = join(dir, file)
  writeFileSync(path, text)
  return path
}

/**
 * The local D1 state after `wrangler d1 migrations apply`, made once per migrations folder, config and
 * env and copied into each stack's `--persist-to` folder. Applying the 13 migrations costs about 9 s
 * of CPU in wrangler, copying the result milliseconds; the state is still made by the real command,
 * so the migrations folder stays what is tested. Test processes running side by side may both make
 * it: the first to rename its folder into place wins, the other's copy is dropped.
 */
function migratedState(config: string, envArgs: string[]): string {
  const migrationsDir = join(ROOT, 'migrations/d1')
  const digest = createHash('sha256').update(readFileSync(config)).update(envArgs.join(' '))
  for (const file of readdirSync(migrationsDir).sort()) digest.update(file).update(readFileSync(join(migrationsDir, file)))
  const template = join(tmpdir(), `ssg-d1-migrated-${digest.digest('hex').slice(0, 16)}`)
  if (existsSync(template)) return template
  const staging = mkdtempSync(join(tmpdir(), 'ssg-d1-staging-'))
  try {
    // docs/cloudflare.md's own command: `bun run wrangler d1 migrations apply DB --local -c wrangler.api.toml`.
    wrangler(['d1', 'migrations', 'apply', 'DB', '--local', '-c', config, ...envArgs, '--persist-to', staging], true)
    renameSync(staging, template)
  } catch (error) {
    rmSync(staging, { recursive: true, force: true })
    if (!existsSync(template)) throw error
  }
  return template
}

/** Starts the stack; see the module doc. */
export async function startApiWorkerStack(opts: ApiWorkerStackOptions = {}): Promise<ApiWorkerStack> {
  const persistDir = mkdtempSync(join(tmpdir(), 'api-worker-state-'))
  const configDir = mkdtempSync(join(tmpdir(), 'api-worker-config-'))
  const cleanup = () => {
    rmSync(persistDir, { recursive: true, force: true })
    rmSync(configDir, { recursive: true, force: true })
  }
  try {
    const config = writeWorkerConfig(configDir, 'wrangler.api.toml')
    const envArgs = opts.web ? ['--env', 'stack'] : ['--env', '']
    const { privateKeyPem, key } = await generateSigningKey(opts.keyBits ?? 2048)
    const vars = {
      ...TEST_VARS,
      SIGNING_KEY_PEM: privateKeyPem,
      ALTCHA_HMAC_KEY: randomHex(32),
      API_SESSION_SECRET: randomHex(32),
      ...opts.vars,
    }
    writeFileSync(join(configDir, '.dev.vars'), Object.entries(vars).map(([k, v]) => devVar(k, v)).join('\n') + '\n')
    if (opts.web) writeFileSync(join(configDir, '.dev.vars.stack'), readFileSync(join(configDir, '.dev.vars')))

    const d1Args = ['DB', '--local', '-c', config, ...envArgs, '--persist-to', persistDir]
    cpSync(migratedState(config, envArgs), persistDir, { recursive: true })
    const userKey = `ssg_${randomHex(32)}`
    const plainKey = `ssg_${randomHex(32)}`
    const grants = JSON.stringify({ batch_generation: true, private_skins: true })
    // Straight into the copied D1 file, before workerd opens it: `wrangler d1 execute` would cost
    // another 2 s of CPU for two rows.
    // The database is the object file named by a 64-hex id (`metadata.sqlite` beside it is Miniflare's).
    const [dbFile] = [...new Bun.Glob('v3/d1/miniflare-D1DatabaseObject/*.sqlite').scanSync({ cwd: persistDir })].filter((f) => /\/[0-9a-f]{64}\.sqlite$/.test(f))
    if (!dbFile) throw new Error(`no local D1 database in ${persistDir}`)
    const dbPath = join(persistDir, dbFile)
    const local = new Database(dbPath)
    const insertKey = local.query('INSERT INTO api_keys (id, key_hash, name, user_id, grants, created_at) VALUES (?, ?, ?, ?, ?, ?)')
    insertKey.run(randomHex(12), hashApiKey(userKey), 'worker test user', 'c0'.repeat(16), grants, Date.now())
    insertKey.run(randomHex(12), hashApiKey(plainKey), 'worker test plain', null, null, Date.now())
    local.close()
    const d1 = async (sql: string) => {
      // A read goes straight to the database file (SQLite lets another process read beside workerd's
      // writer); a write through `wrangler d1 execute`, as an operator would, 2 s of CPU each.
      if (/^\s*select\b/i.test(sql)) {
        const reader = new Database(dbPath, { readonly: true })
        try {
          return reader.query(sql).all() as Record<string, unknown>[]
        } finally {
          reader.close()
        }
      }
      const out = wrangler(['d1', 'execute', ...d1Args, '--json', '--command', sql])
      const parsed = JSON.parse(out) as { results: Record<string, unknown>[] }[]
      return parsed.flatMap((r) => r.results)
    }

    // The account Worker reads the same .dev.vars (same folder): the API's session and anti-bot keys.
    const accountsConfig = opts.web && opts.accounts ? ['-c', writeWorkerConfig(configDir, 'wrangler.accounts.toml')] : []
    const configs = opts.web ? ['-c', join(ROOT, 'wrangler.toml'), '-c', config, ...accountsConfig] : ['-c', config]
    // The web Worker's config is the repository's own (no .dev.vars beside it): its test variables go on
    // the command line, which sets them on the first config's Worker.
    const webVars = opts.web ? Object.entries(opts.webVars ?? {}).flatMap(([k, v]) => ['--var', `${k}:${v}`]) : []
    const dev = await startWranglerDev([...configs, ...envArgs, '--persist-to', persistDir, ...webVars])
    const apiOrigin = opts.web ? `${dev.origin}/api` : dev.origin
    return {
      ...dev,
      apiOrigin,
      persistDir,
      configDir,
      userKey,
      plainKey,
      publicKeyPem: key.publicKeyPem,
      d1,
      async stop() {
        await dev.stop()
        cleanup()
      },
    }
  } catch (e) {
    cleanup()
    throw e
  }
}
