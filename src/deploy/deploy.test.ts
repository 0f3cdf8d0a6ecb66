/**
 * `bun run deploy` against a stand-in for wrangler that keeps an account's state
 * (databases, buckets, queues, Workers and their secrets) the way Cloudflare answers wrangler's
 * commands, on copies of the repository's wrangler.toml, wrangler.api.toml and wrangler.accounts.toml;
 * and the real CLI with the real wrangler and no credentials, offline.
 */
import { afterEach, describe, expect, test } from 'bun:test'
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { deploy, deployedUrl, EXIT } from './deploy'
import { secretGaps } from './secret-plan'
import { PLACEHOLDER_DATABASE_ID, readStackConfig, withDatabaseId } from './stack-config'
import { realWrangler, type Wrangler, type WranglerResult } from './wrangler'

const REPO = join(import.meta.dir, '../..')
const API_WORKER = 'skin-signature-api'
const ACCOUNTS_WORKER = 'skin-signature-accounts'
const WEB_WORKER = 'skin-signature-generator'
const WEB_URL = `https://${WEB_WORKER}.ops.workers.dev`
/** The Worker each configuration deploys (`name` of its `[env.stack]`). */
const WORKER_OF: Record<string, string> = { 'wrangler.api.toml': API_WORKER, 'wrangler.accounts.toml': ACCOUNTS_WORKER, 'wrangler.toml': WEB_WORKER }
const CONFIGS = Object.keys(WORKER_OF)

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** A checkout with the repository's three Worker configurations; `signer` rewrites the API Worker's SIGNER. */
function checkout(signer?: 'mojang'): string {
  const root = mkdtempSync(join(tmpdir(), 'ssg-deploy-'))
  dirs.push(root)
  for (const file of CONFIGS) copyFileSync(join(REPO, file), join(root, file))
  if (signer) {
    const path = join(root, 'wrangler.api.toml')
    writeFileSync(path, readFileSync(path, 'utf8').replaceAll('SIGNER = "local"', `SIGNER = "${signer}"`))
    expect(readStackConfig(readFileSync(path, 'utf8')).vars.SIGNER).toBe(signer)
  }
  return root
}

const ok = (stdout: string): WranglerResult => ({ code: 0, stdout, stderr: '' })
const fail = (stderr: string): WranglerResult => ({ code: 1, stdout: '', stderr })

interface Account {
  loggedIn: boolean
  databases: { name: string; uuid: string }[]
  buckets: string[]
  queues: string[]
  /** Worker name → its secrets (name → value). */
  workers: Map<string, Map<string, string>>
  migrations: number
  calls: string[][]
  /** The permission bits of each `--secrets-file` when wrangler read it. */
  secretFileModes: number[]
  /** A command (joined by spaces) starting with this prefix fails. */
  failing?: string
}

function account(init: Partial<Account> = {}): Account {
  return { loggedIn: true, databases: [], buckets: [], queues: [], workers: new Map(), migrations: 0, calls: [], secretFileModes: [], ...init }
}

type Toml = Record<string, unknown>
const rows = (value: unknown): Toml[] => (Array.isArray(value) ? (value as Toml[]) : [])

/** The Workers a configuration's `[env.stack]` binds by name (services, Durable Objects of another script): they must exist first. */
function boundWorkers(root: string, config: string): string[] {
  const stack = ((Bun.TOML.parse(readFileSync(join(root, config), 'utf8')) as Toml).env as Toml).stack as Toml
  const objects = (stack.durable_objects ?? {}) as Toml
  return [...rows(stack.services).map((s) => String(s.service)), ...rows(objects.bindings).map((b) => b.script_name).filter((n): n is string => typeof n === 'string')]
}

/** wrangler as Cloudflare would answer it for `acc`. */
function fakeWrangler(acc: Account, root: string): Wrangler {
  return async (args) => {
    acc.calls.push(args)
    const line = args.join(' ')
    if (acc.failing && line.startsWith(acc.failing)) return fail(`✘ [ERROR] A request to the Cloudflare API failed: ${acc.failing} (simulated)`)
    const [a, b, c] = args
    const config = args.includes('-c') ? args[args.indexOf('-c') + 1]! : 'wrangler.toml'
    if (a === 'whoami') return acc.loggedIn ? ok(JSON.stringify({ loggedIn: true, email: 'ops@example.org' })) : { code: 1, stdout: '{"loggedIn":false}', stderr: '' }
    if (a === 'secret' && b === 'list') {
      const name = WORKER_OF[config]!
      const secrets = acc.workers.get(name)
      if (!secrets) return fail(`✘ [ERROR] A request to the Cloudflare API (/accounts/x/workers/scripts/${name}/secrets) failed.\n  This Worker does not exist on your account. [code: 10007]`)
      return ok(JSON.stringify([...secrets.keys()].map((n) => ({ name: n, type: 'secret_text' }))))
    }
    if (a === 'd1' && b === 'list') return ok(JSON.stringify(acc.databases.map((d) => ({ ...d, created_at: '2026-11-01T00:00:00Z', version: 'production' }))))
    if (a === 'd1' && b === 'create') {
      acc.databases.push({ name: c!, uuid: crypto.randomUUID() })
      return ok(`✅ Successfully created DB '${c}'`)
    }
    if (a === 'd1' && b === 'migrations') {
      acc.migrations++
      return ok('Migrations applied')
    }
    if (a === 'r2' && b === 'bucket' && c === 'list') return ok(acc.buckets.map((n) => `name:           ${n}\ncreation_date:  2026-11-01T00:00:00.000Z`).join('\n\n'))
    if (a === 'r2' && b === 'bucket' && c === 'create') {
      acc.buckets.push(args[3]!)
      return ok(`Created bucket '${args[3]}'`)
    }
    if (a === 'queues' && b === 'list') return ok(['┌─────┬──────┐', '│ id  │ name │', ...acc.queues.map((q, i) => `│ q${i} │ ${q} │`), '└─────┴──────┘'].join('\n'))
    if (a === 'queues' && b === 'create') {
      acc.queues.push(c!)
      return ok(`Created queue ${c}`)
    }
    if (a === 'deploy') {
      const name = WORKER_OF[config]!
      // A binding to a Worker that does not exist yet fails the deploy, as on Cloudflare.
      const absent = boundWorkers(root, config).find((w) => !acc.workers.has(w))
      if (absent) return fail(`✘ [ERROR] ${config} binds the Worker ${absent}, which does not exist`)
      const databases = readStackConfig(readFileSync(join(root, config), 'utf8')).databases
      for (const db of databases) expect(db.id).toBe(acc.databases.find((d) => d.name === db.name)!.uuid)
      const secrets = acc.workers.get(name) ?? new Map<string, string>()
      const file = args.includes('--secrets-file') ? args[args.indexOf('--secrets-file') + 1]! : undefined
      if (file) {
        acc.secretFileModes.push(statSync(file).mode & 0o777)
        for (const [k, v] of Object.entries(JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>)) secrets.set(k, v)
      }
      acc.workers.set(name, secrets)
      return ok(`Total Upload: 812.00 KiB / gzip: 216.00 KiB\nUploaded ${name} (3.2 sec)\nDeployed ${name} triggers (0.8 sec)\n  https://${name}.ops.workers.dev\nCurrent Version ID: 1b2c`)
    }
    return fail(`fake wrangler: unexpected command ${line}`)
  }
}

/** Runs the deploy on `root` against `acc`; its exit code and log. */
async function run(root: string, acc: Account, extra: { env?: Record<string, string>; generateSecrets?: boolean; secretsFile?: string } = {}) {
  const lines: string[] = []
  const code = await deploy({ root, wrangler: fakeWrangler(acc, root), env: extra.env ?? {}, log: (l) => lines.push(l), ...(extra.generateSecrets ? { generateSecrets: true } : {}), ...(extra.secretsFile ? { secretsFile: extra.secretsFile } : {}) })
  return { code, log: lines.join('\n') }
}

const changing = (acc: Account) => acc.calls.filter((c) => c.includes('create') || c[0] === 'deploy' || c.includes('migrations'))
/** The Worker deploys in order, as `deploy <config>[ +secrets][ PUBLIC_URL:…]`. */
const deploys = (acc: Account) =>
  acc.calls
    .filter((c) => c[0] === 'deploy')
    .map((c) => `deploy ${c[2]}${c.includes('--secrets-file') ? ' +secrets' : ''}${c.find((a) => a.startsWith('PUBLIC_URL:')) ? ` ${c.find((a) => a.startsWith('PUBLIC_URL:'))}` : ''}`)
const secretsOf = (acc: Account, worker: string) => Object.fromEntries(acc.workers.get(worker) ?? [])
/** Every `--secrets-file` the deploy handed to wrangler. */
const secretFiles = (acc: Account) => acc.calls.filter((c) => c.includes('--secrets-file')).map((c) => c[c.indexOf('--secrets-file') + 1]!)

/** No secret value of any Worker in the log, and no temporary secrets file left, each made private. */
function expectNoSecretLeft(acc: Account, log: string) {
  for (const secrets of acc.workers.values()) for (const value of secrets.values()) expect(log).not.toContain(value)
  for (const file of secretFiles(acc)) expect(existsSync(file)).toBe(false)
  expect(acc.secretFileModes.every((mode) => mode === 0o600)).toBe(true)
}

/** An account where an earlier deploy made the API Worker and its secrets, and no account Worker. */
function apiDeployedBefore(): Account {
  const secrets = new Map([
    ['API_SESSION_SECRET', 'c'.repeat(64)],
    ['ALTCHA_HMAC_KEY', 'd'.repeat(64)],
    ['SIGNING_KEY_PEM', '-----BEGIN PRIVATE KEY-----\nMIIE\n-----END PRIVATE KEY-----\n'],
    ['POOL_TOKEN_KEY', 'f'.repeat(64)],
  ])
  return account({ databases: [{ name: 'skins', uuid: crypto.randomUUID() }], buckets: ['skin-blobs'], queues: ['skin-jobs', 'skin-jobs-dlq', 'skin-webhooks'], workers: new Map([[API_WORKER, secrets], [WEB_WORKER, new Map()]]) })
}

describe('bun run deploy', () => {
  test('without credentials it names what to set and changes nothing', async () => {
    const root = checkout()
    const acc = account({ loggedIn: false })
    const { code, log } = await run(root, acc)
    expect(code).toBe(EXIT.noCredentials)
    expect(log).toContain('CLOUDFLARE_API_TOKEN')
    expect(log).toContain('CLOUDFLARE_ACCOUNT_ID')
    expect(log).toContain('bun run wrangler login')
    expect(log).toContain('Nothing was created or deployed.')
    expect(acc.calls).toEqual([['whoami', '--json']])
    for (const file of CONFIGS) expect(readFileSync(join(root, file), 'utf8')).toBe(readFileSync(join(REPO, file), 'utf8'))
  })

  test('a refused token is reported as such, with what wrangler said', async () => {
    const { code, log } = await run(checkout(), account({ loggedIn: false }), { env: { CLOUDFLARE_API_TOKEN: 'expired' } })
    expect(code).toBe(EXIT.noCredentials)
    expect(log).toContain('CLOUDFLARE_API_TOKEN is set, but Cloudflare did not accept it')
    expect(log).toContain('"loggedIn":false')
  })

  test('missing secrets stop a first deploy before anything is created, with the command for each, shared ones on both Workers', async () => {
    const acc = account()
    const { code, log } = await run(checkout(), acc)
    expect(code).toBe(EXIT.missingSecrets)
    for (const name of ['API_SESSION_SECRET', 'ALTCHA_HMAC_KEY', 'SIGNING_KEY_PEM', 'POOL_TOKEN_KEY']) expect(log).toContain(`- ${name}, for`)
    expect(log).toContain('- API_SESSION_SECRET, for session cookies, one value on both Workers')
    expect(log).toContain('echo "$k" | bun run wrangler secret put API_SESSION_SECRET -c wrangler.api.toml --env stack')
    expect(log).toContain('echo "$k" | bun run wrangler secret put API_SESSION_SECRET -c wrangler.accounts.toml --env stack')
    expect(log).toContain('bun run wrangler secret put SIGNING_KEY_PEM -c wrangler.api.toml --env stack < .data/signing-key.pem')
    expect(log).not.toContain('SIGNING_KEY_PEM -c wrangler.accounts.toml')
    expect(log).toContain('--generate-secrets')
    expect(changing(acc)).toEqual([])
  })

  test('a first deploy creates everything in order, makes the secrets once for both Workers and finds its public address', async () => {
    const root = checkout()
    const acc = account({ queues: ['someone-elses-queue'] })
    const { code, log } = await run(root, acc, { generateSecrets: true })
    expect(code).toBe(EXIT.ok)
    // Resources: created once each, the D1 id written into both places of wrangler.api.toml and the one of wrangler.accounts.toml.
    expect(acc.databases.map((d) => d.name)).toEqual(['skins'])
    expect(acc.buckets).toEqual(['skin-blobs'])
    expect(acc.queues).toEqual(['someone-elses-queue', 'skin-jobs', 'skin-webhooks', 'skin-jobs-dlq'])
    const id = acc.databases[0]!.uuid
    const toml = readFileSync(join(root, 'wrangler.api.toml'), 'utf8')
    expect(toml).not.toContain(PLACEHOLDER_DATABASE_ID)
    expect(toml.split(id).length - 1).toBe(2)
    expect(toml).toBe(withDatabaseId(readFileSync(join(REPO, 'wrangler.api.toml'), 'utf8'), 'skins', id))
    const accountsToml = readFileSync(join(root, 'wrangler.accounts.toml'), 'utf8')
    expect(accountsToml).not.toContain(PLACEHOLDER_DATABASE_ID)
    expect(accountsToml.split(id).length - 1).toBe(1)
    expect(accountsToml).toBe(readFileSync(join(REPO, 'wrangler.accounts.toml'), 'utf8').replace(PLACEHOLDER_DATABASE_ID, id))
    expect(readFileSync(join(root, 'wrangler.toml'), 'utf8')).toBe(readFileSync(join(REPO, 'wrangler.toml'), 'utf8'))
    expect(acc.migrations).toBe(1)
    // Order: migrations, then the API Worker, the account Worker (each with its secrets), the web Worker; then the three again with PUBLIC_URL.
    const steps = changing(acc).map((c) => (c[0] === 'deploy' ? '' : c.slice(0, 3).join(' '))).filter(Boolean)
    expect(steps).toEqual(['d1 create skins', 'r2 bucket create', 'queues create skin-jobs', 'queues create skin-webhooks', 'queues create skin-jobs-dlq', 'd1 migrations apply'])
    expect(changing(acc).findIndex((c) => c[0] === 'deploy')).toBe(steps.length)
    expect(deploys(acc)).toEqual([
      'deploy wrangler.api.toml +secrets',
      'deploy wrangler.accounts.toml +secrets',
      'deploy wrangler.toml',
      `deploy wrangler.api.toml PUBLIC_URL:${WEB_URL}`,
      `deploy wrangler.accounts.toml PUBLIC_URL:${WEB_URL}`,
      `deploy wrangler.toml PUBLIC_URL:${WEB_URL}`,
    ])
    // The secrets reached the Workers, the shared ones with one value; the signing key is a usable RSA key.
    const api = secretsOf(acc, API_WORKER)
    expect(Object.keys(api).sort()).toEqual(['ALTCHA_HMAC_KEY', 'API_SESSION_SECRET', 'POOL_TOKEN_KEY', 'SIGNING_KEY_PEM'])
    expect(api.API_SESSION_SECRET).toMatch(/^[0-9a-f]{64}$/)
    // The token key seals webhook secrets and linked accounts' tokens whatever the signer.
    expect(secretsOf(acc, ACCOUNTS_WORKER)).toEqual({ API_SESSION_SECRET: api.API_SESSION_SECRET!, ALTCHA_HMAC_KEY: api.ALTCHA_HMAC_KEY!, POOL_TOKEN_KEY: api.POOL_TOKEN_KEY! })
    const der = Buffer.from(api.SIGNING_KEY_PEM!.replace(/-----[^-]+-----|\s/g, ''), 'base64')
    const key = await crypto.subtle.importKey('pkcs8', der, { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-1' }, true, ['sign'])
    expect((key.algorithm as RsaHashedKeyAlgorithm).modulusLength).toBe(4096)
    expect(secretFiles(acc)).toHaveLength(2)
    expectNoSecretLeft(acc, log)
    // The public address is remembered for the next deploy.
    expect(JSON.parse(readFileSync(join(root, '.wrangler/deploy-state.json'), 'utf8'))).toEqual({ publicUrl: WEB_URL })
    expect(log).toContain(`Done: ${WEB_URL}`)
  }, 60_000)

  test('with SIGNER=mojang the account Worker gets the API Worker’s POOL_TOKEN_KEY too', async () => {
    const acc = account()
    const { code, log } = await run(checkout('mojang'), acc, { generateSecrets: true })
    expect(code).toBe(EXIT.ok)
    const api = secretsOf(acc, API_WORKER)
    expect(Object.keys(api).sort()).toEqual(['ALTCHA_HMAC_KEY', 'API_SESSION_SECRET', 'POOL_TOKEN_KEY'])
    expect(secretsOf(acc, ACCOUNTS_WORKER)).toEqual(api)
    expectNoSecretLeft(acc, log)
  })

  test('an API Worker with its secrets and no account Worker: without the values it stops before creating anything, naming the commands', async () => {
    const acc = apiDeployedBefore()
    const before = secretsOf(acc, API_WORKER)
    for (const generateSecrets of [false, true]) {
      acc.calls = []
      const { code, log } = await run(checkout(), acc, { generateSecrets })
      expect(code).toBe(EXIT.missingSecrets)
      expect(log).toContain('bun run wrangler secret put API_SESSION_SECRET -c wrangler.accounts.toml --env stack')
      expect(log).toContain('bun run wrangler secret put ALTCHA_HMAC_KEY -c wrangler.accounts.toml --env stack')
      expect(log).toContain("the API Worker's value")
      expect(log).toContain('--secrets-file')
      expect(log).toContain('signs everyone out')
      expect(log).toContain('bun run wrangler secret put POOL_TOKEN_KEY -c wrangler.accounts.toml --env stack')
      expect(log).toContain('Nothing was created or deployed.')
      expect(changing(acc)).toEqual([])
      expect(acc.workers.has(ACCOUNTS_WORKER)).toBe(false)
      expect(secretsOf(acc, API_WORKER)).toEqual(before)
    }
  })

  test('an API Worker with its secrets and no account Worker: the values from --secrets-file reach both Workers', async () => {
    const root = checkout()
    const acc = apiDeployedBefore()
    const before = secretsOf(acc, API_WORKER)
    const file = join(root, 'secrets.json')
    writeFileSync(file, JSON.stringify({ API_SESSION_SECRET: before.API_SESSION_SECRET, ALTCHA_HMAC_KEY: before.ALTCHA_HMAC_KEY, POOL_TOKEN_KEY: before.POOL_TOKEN_KEY }))
    const { code, log } = await run(root, acc, { secretsFile: file, env: { PUBLIC_URL: 'https://skins.example.org' } })
    expect(code).toBe(EXIT.ok)
    expect(secretsOf(acc, API_WORKER)).toEqual(before)
    expect(secretsOf(acc, ACCOUNTS_WORKER)).toEqual({ API_SESSION_SECRET: before.API_SESSION_SECRET!, ALTCHA_HMAC_KEY: before.ALTCHA_HMAC_KEY!, POOL_TOKEN_KEY: before.POOL_TOKEN_KEY! })
    expect(deploys(acc)).toEqual([
      'deploy wrangler.api.toml +secrets PUBLIC_URL:https://skins.example.org',
      'deploy wrangler.accounts.toml +secrets PUBLIC_URL:https://skins.example.org',
      'deploy wrangler.toml PUBLIC_URL:https://skins.example.org',
    ])
    expectNoSecretLeft(acc, log)
  })

  test('a shared secret the API Worker lacks is made once for both Workers, replacing the account Worker’s', async () => {
    const acc = apiDeployedBefore()
    acc.workers.get(API_WORKER)!.delete('ALTCHA_HMAC_KEY')
    acc.workers.set(ACCOUNTS_WORKER, new Map([['API_SESSION_SECRET', 'c'.repeat(64)], ['ALTCHA_HMAC_KEY', 'e'.repeat(64)], ['POOL_TOKEN_KEY', 'f'.repeat(64)]]))
    const { code, log } = await run(checkout(), acc, { generateSecrets: true, env: { PUBLIC_URL: 'https://skins.example.org' } })
    expect(code).toBe(EXIT.ok)
    const made = secretsOf(acc, API_WORKER).ALTCHA_HMAC_KEY!
    expect(made).toMatch(/^[0-9a-f]{64}$/)
    expect(secretsOf(acc, ACCOUNTS_WORKER)).toEqual({ API_SESSION_SECRET: 'c'.repeat(64), ALTCHA_HMAC_KEY: made, POOL_TOKEN_KEY: 'f'.repeat(64) })
    expect(secretsOf(acc, API_WORKER).API_SESSION_SECRET).toBe('c'.repeat(64))
    expectNoSecretLeft(acc, log)
  })

  test('a second deploy reuses everything and deploys each Worker once, with the remembered address', async () => {
    const root = checkout()
    const acc = account()
    expect((await run(root, acc, { generateSecrets: true })).code).toBe(EXIT.ok)
    const tomls = CONFIGS.map((file) => readFileSync(join(root, file), 'utf8'))
    const secretsBefore = structuredClone(acc.workers)
    acc.calls = []
    const { code, log } = await run(root, acc)
    expect(code).toBe(EXIT.ok)
    expect(acc.calls.filter((c) => c.includes('create'))).toEqual([])
    expect(deploys(acc)).toEqual([`deploy wrangler.api.toml PUBLIC_URL:${WEB_URL}`, `deploy wrangler.accounts.toml PUBLIC_URL:${WEB_URL}`, `deploy wrangler.toml PUBLIC_URL:${WEB_URL}`])
    expect(acc.workers).toEqual(secretsBefore)
    expect(CONFIGS.map((file) => readFileSync(join(root, file), 'utf8'))).toEqual(tomls)
    expect(log).toContain('D1 database skins: reused')
    expect(log).toContain('queue skin-jobs-dlq: reused')
    expect(log).not.toContain('Wrote database_id')
  }, 60_000)

  test('PUBLIC_URL from the environment is used from the first deploy on', async () => {
    const acc = account()
    const { code } = await run(checkout(), acc, { generateSecrets: true, env: { PUBLIC_URL: 'https://skins.example.org' } })
    expect(code).toBe(EXIT.ok)
    expect(acc.calls.filter((c) => c[0] === 'deploy').map((c) => c.find((a) => a.startsWith('PUBLIC_URL:')))).toEqual(Array(3).fill('PUBLIC_URL:https://skins.example.org'))
  }, 60_000)

  test('secrets from --secrets-file count as set and are uploaded with the API Worker, the shared ones with the account Worker', async () => {
    const root = checkout()
    const file = join(root, 'secrets.json')
    writeFileSync(file, JSON.stringify({ API_SESSION_SECRET: 'a'.repeat(64), ALTCHA_HMAC_KEY: 'b'.repeat(64), POOL_TOKEN_KEY: 'c'.repeat(64), SIGNING_KEY_PEM: '-----BEGIN PRIVATE KEY-----\nMIIE\n-----END PRIVATE KEY-----\n' }))
    const acc = account()
    const { code, log } = await run(root, acc, { secretsFile: file })
    expect(code).toBe(EXIT.ok)
    expect(secretsOf(acc, API_WORKER).API_SESSION_SECRET).toBe('a'.repeat(64))
    expect(secretsOf(acc, ACCOUNTS_WORKER)).toEqual({ API_SESSION_SECRET: 'a'.repeat(64), ALTCHA_HMAC_KEY: 'b'.repeat(64), POOL_TOKEN_KEY: 'c'.repeat(64) })
    expect(existsSync(file)).toBe(true)
    expectNoSecretLeft(acc, log)
    writeFileSync(file, 'API_SESSION_SECRET=a')
    const bad = await run(checkout(), account(), { secretsFile: file })
    expect(bad.code).toBe(EXIT.failed)
    expect(bad.log).toContain('could not be read as JSON')
    writeFileSync(file, JSON.stringify({ API_SESSION_SECRET: 42 }))
    const notText = await run(checkout(), account(), { secretsFile: file })
    expect(notText.code).toBe(EXIT.failed)
    expect(notText.log).toContain('not a JSON object of secret names and string values')
  })

  test('a failing step stops the deploy with wrangler’s message, and nothing after it runs', async () => {
    const acc = account({ failing: 'd1 migrations apply' })
    const { code, log } = await run(checkout(), acc, { generateSecrets: true })
    expect(code).toBe(EXIT.failed)
    expect(log).toContain('wrangler d1 migrations apply DB --remote -c wrangler.api.toml --env stack failed (exit 1)')
    expect(log).toContain('(simulated)')
    expect(acc.calls.some((c) => c[0] === 'deploy')).toBe(false)
  }, 60_000)

  test('a failing account Worker deploy stops before the web Worker and leaves no secrets file', async () => {
    const acc = account({ failing: 'deploy -c wrangler.accounts.toml' })
    const { code, log } = await run(checkout(), acc, { generateSecrets: true })
    expect(code).toBe(EXIT.failed)
    expect(deploys(acc)).toEqual(['deploy wrangler.api.toml +secrets', 'deploy wrangler.accounts.toml +secrets'])
    expectNoSecretLeft(acc, log)
  }, 60_000)

  test('the address wrangler prints for a deployed Worker', () => {
    expect(deployedUrl(`Uploaded x\nDeployed x triggers (0.8 sec)\n  ${WEB_URL}\nCurrent Version ID: 1`)).toBe(WEB_URL)
    expect(deployedUrl('Deployed x triggers (0.8 sec)\n  https://skins.example.org (custom domain)\n')).toBe('https://skins.example.org')
    expect(deployedUrl('Uploaded x\nNo triggers')).toBeUndefined()
  })
})

describe('secretGaps', () => {
  test('with ANTIBOT=off the account Worker still needs an anti-bot key, made for both Workers when neither has one', () => {
    const gaps = secretGaps({ SIGNER: 'local', ANTIBOT: 'off' }, { api: ['API_SESSION_SECRET', 'SIGNING_KEY_PEM', 'POOL_TOKEN_KEY'], accounts: ['API_SESSION_SECRET', 'POOL_TOKEN_KEY'] }, [])
    expect(gaps.missing.map((s) => [s.name, s.shared])).toEqual([['ALTCHA_HMAC_KEY', true]])
    expect(gaps.uncopyable).toEqual([])
  })

  test('a shared secret the API Worker has counts as set on the account Worker only when it has it too or it is given', () => {
    const vars = { SIGNER: 'mojang', ANTIBOT: 'altcha' }
    const api = ['API_SESSION_SECRET', 'ALTCHA_HMAC_KEY', 'POOL_TOKEN_KEY']
    expect(secretGaps(vars, { api, accounts: ['API_SESSION_SECRET'] }, []).uncopyable.map((s) => s.name)).toEqual(['ALTCHA_HMAC_KEY', 'POOL_TOKEN_KEY'])
    expect(secretGaps(vars, { api, accounts: ['API_SESSION_SECRET'] }, ['ALTCHA_HMAC_KEY', 'POOL_TOKEN_KEY'])).toEqual({ missing: [], uncopyable: [] })
    expect(secretGaps(vars, { api, accounts: api }, [])).toEqual({ missing: [], uncopyable: [] })
  })
})

describe('bun run deploy, the real CLI', () => {
  test('offline and without credentials: exit 2 and what to set', async () => {
    const home = mkdtempSync(join(tmpdir(), 'ssg-deploy-home-'))
    dirs.push(home)
    const env: Record<string, string> = { PATH: process.env.PATH ?? '', HOME: home, XDG_CONFIG_HOME: home }
    const child = Bun.spawn(['bun', 'src/deploy/cli.ts'], { cwd: REPO, env, stdout: 'pipe', stderr: 'pipe' })
    const [out, code] = await Promise.all([new Response(child.stdout).text(), child.exited])
    expect(code).toBe(EXIT.noCredentials)
    expect(out).toContain('No Cloudflare credentials')
    expect(out).toContain('Nothing was created or deployed.')
  }, 60_000)
})

describe('realWrangler', () => {
  test('runs the checkout’s wrangler under Node and says when it is not installed', async () => {
    const echoed: string[] = []
    const version = await realWrangler(REPO, process.env, (l) => echoed.push(l))(['--version'])
    expect(version.code).toBe(0)
    expect(version.stdout).toMatch(/\d+\.\d+\.\d+/)
    expect(echoed).toEqual([])
    const missing = await realWrangler(join(tmpdir(), 'no-such-checkout'))(['--version'])
    expect(missing.code).toBe(127)
    expect(missing.stderr).toContain('run bun install')
  }, 30_000)
})
