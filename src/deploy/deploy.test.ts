/**
 * `bun run deploy` (issue 24 point 4) against a stand-in for wrangler that keeps an account's state
 * (databases, buckets, queues, Workers and their secrets) the way Cloudflare answers wrangler's
 * commands, on copies of the repository's wrangler.toml and wrangler.api.toml; and the real CLI with
 * the real wrangler and no credentials, offline.
 */
import { afterEach, describe, expect, test } from 'bun:test'
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { deploy, deployedUrl, EXIT } from './deploy'
import { PLACEHOLDER_DATABASE_ID, readStackConfig, withDatabaseId } from './stack-config'
import { realWrangler, type Wrangler, type WranglerResult } from './wrangler'

const REPO = join(import.meta.dir, '../..')
const API_WORKER = 'skin-signature-api'
const WEB_WORKER = 'skin-signature-generator'
const WEB_URL = `https://${WEB_WORKER}.ops.workers.dev`

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** A checkout with the repository's two Worker configurations. */
function checkout(): string {
  const root = mkdtempSync(join(tmpdir(), 'ssg-deploy-'))
  dirs.push(root)
  for (const file of ['wrangler.toml', 'wrangler.api.toml']) copyFileSync(join(REPO, file), join(root, file))
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
  /** A command (joined by spaces) starting with this prefix fails. */
  failing?: string
}

function account(init: Partial<Account> = {}): Account {
  return { loggedIn: true, databases: [], buckets: [], queues: [], workers: new Map(), migrations: 0, calls: [], ...init }
}

/** wrangler as Cloudflare would answer it for `acc`. */
function fakeWrangler(acc: Account, root: string): Wrangler {
  return async (args) => {
    acc.calls.push(args)
    const line = args.join(' ')
    if (acc.failing && line.startsWith(acc.failing)) return fail(`✘ [ERROR] A request to the Cloudflare API failed: ${acc.failing} (simulated)`)
    const [a, b, c] = args
    if (a === 'whoami') return acc.loggedIn ? ok(JSON.stringify({ loggedIn: true, email: 'ops@example.org' })) : { code: 1, stdout: '{"loggedIn":false}', stderr: '' }
    if (a === 'secret' && b === 'list') {
      const secrets = acc.workers.get(API_WORKER)
      if (!secrets) return fail(`✘ [ERROR] A request to the Cloudflare API (/accounts/x/workers/scripts/${API_WORKER}/secrets) failed.\n  This Worker does not exist on your account. [code: 10007]`)
      return ok(JSON.stringify([...secrets.keys()].map((name) => ({ name, type: 'secret_text' }))))
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
      const name = args[args.indexOf('-c') + 1] === 'wrangler.api.toml' ? API_WORKER : WEB_WORKER
      // The service binding names the API Worker: deploying the web Worker first would fail.
      if (name === WEB_WORKER && !acc.workers.has(API_WORKER)) return fail(`✘ [ERROR] Service binding API references Worker ${API_WORKER}, which does not exist`)
      const secrets = acc.workers.get(name) ?? new Map<string, string>()
      const file = args.includes('--secrets-file') ? args[args.indexOf('--secrets-file') + 1]! : undefined
      if (file) for (const [k, v] of Object.entries(JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>)) secrets.set(k, v)
      acc.workers.set(name, secrets)
      if (name === API_WORKER) expect(readStackConfig(readFileSync(join(root, 'wrangler.api.toml'), 'utf8')).databases[0]!.id).toBe(acc.databases[0]!.uuid)
      return ok(`Total Upload: 812.00 KiB / gzip: 216.00 KiB\nUploaded ${name} (3.2 sec)\nDeployed ${name} triggers (0.8 sec)\n  ${name === WEB_WORKER ? WEB_URL : `https://${API_WORKER}.ops.workers.dev`}\nCurrent Version ID: 1b2c`)
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
    expect(readFileSync(join(root, 'wrangler.api.toml'), 'utf8')).toBe(readFileSync(join(REPO, 'wrangler.api.toml'), 'utf8'))
  })

  test('a refused token is reported as such, with what wrangler said', async () => {
    const { code, log } = await run(checkout(), account({ loggedIn: false }), { env: { CLOUDFLARE_API_TOKEN: 'expired' } })
    expect(code).toBe(EXIT.noCredentials)
    expect(log).toContain('CLOUDFLARE_API_TOKEN is set, but Cloudflare did not accept it')
    expect(log).toContain('"loggedIn":false')
  })

  test('missing secrets stop a first deploy before anything is created, with the command for each', async () => {
    const acc = account()
    const { code, log } = await run(checkout(), acc)
    expect(code).toBe(EXIT.missingSecrets)
    for (const name of ['API_SESSION_SECRET', 'ALTCHA_HMAC_KEY', 'SIGNING_KEY_PEM']) expect(log).toContain(`- ${name}, for`)
    expect(log).toContain('openssl rand -hex 32 | bun run wrangler secret put API_SESSION_SECRET -c wrangler.api.toml --env stack')
    expect(log).toContain('--generate-secrets')
    expect(changing(acc)).toEqual([])
  })

  test('a first deploy creates everything in order, makes the secrets and finds its public address', async () => {
    const root = checkout()
    const acc = account({ queues: ['someone-elses-queue'] })
    const { code, log } = await run(root, acc, { generateSecrets: true })
    expect(code).toBe(EXIT.ok)
    // Resources: created once each, the D1 id written into both places of wrangler.api.toml.
    expect(acc.databases.map((d) => d.name)).toEqual(['skins'])
    expect(acc.buckets).toEqual(['skin-blobs'])
    expect(acc.queues).toEqual(['someone-elses-queue', 'skin-jobs', 'skin-jobs-dlq'])
    const toml = readFileSync(join(root, 'wrangler.api.toml'), 'utf8')
    expect(toml).not.toContain(PLACEHOLDER_DATABASE_ID)
    expect(toml.split(acc.databases[0]!.uuid).length - 1).toBe(2)
    expect(toml).toBe(withDatabaseId(readFileSync(join(REPO, 'wrangler.api.toml'), 'utf8'), 'skins', acc.databases[0]!.uuid))
    expect(acc.migrations).toBe(1)
    // Order: migrations, then the API Worker (with its secrets), then the web Worker; then both again with PUBLIC_URL.
    const steps = changing(acc).map((c) => (c[0] === 'deploy' ? `deploy ${c[2]}${c.includes('--secrets-file') ? ' +secrets' : ''}${c.find((a) => a.startsWith('PUBLIC_URL:')) ? ` ${c.find((a) => a.startsWith('PUBLIC_URL:'))}` : ''}` : c.slice(0, 3).join(' ')))
    expect(steps).toEqual([
      'd1 create skins',
      'r2 bucket create',
      'queues create skin-jobs',
      'queues create skin-jobs-dlq',
      'd1 migrations apply',
      'deploy wrangler.api.toml +secrets',
      'deploy wrangler.toml',
      `deploy wrangler.api.toml PUBLIC_URL:${WEB_URL}`,
      `deploy wrangler.toml PUBLIC_URL:${WEB_URL}`,
    ])
    // The secrets reached the Worker, the signing key is a usable RSA key, and no copy is left on disk.
    const secrets = acc.workers.get(API_WORKER)!
    expect([...secrets.keys()].sort()).toEqual(['ALTCHA_HMAC_KEY', 'API_SESSION_SECRET', 'SIGNING_KEY_PEM'])
    expect(secrets.get('API_SESSION_SECRET')).toMatch(/^[0-9a-f]{64}$/)
    const pem = secrets.get('SIGNING_KEY_PEM')!
    const der = Buffer.from(pem.replace(/-----[^-]+-----|\s/g, ''), 'base64')
    const key = await crypto.subtle.importKey('pkcs8', der, { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-1' }, true, ['sign'])
    expect((key.algorithm as RsaHashedKeyAlgorithm).modulusLength).toBe(4096)
    const file = acc.calls.find((c) => c.includes('--secrets-file'))!
    expect(existsSync(file[file.indexOf('--secrets-file') + 1]!)).toBe(false)
    expect(log).not.toContain(secrets.get('API_SESSION_SECRET')!)
    // The public address is remembered for the next deploy.
    expect(JSON.parse(readFileSync(join(root, '.wrangler/deploy-state.json'), 'utf8'))).toEqual({ publicUrl: WEB_URL })
    expect(log).toContain(`Done: ${WEB_URL}`)
  }, 60_000)

  test('a second deploy reuses everything and deploys each Worker once, with the remembered address', async () => {
    const root = checkout()
    const acc = account()
    expect((await run(root, acc, { generateSecrets: true })).code).toBe(EXIT.ok)
    const toml = readFileSync(join(root, 'wrangler.api.toml'), 'utf8')
    const secretsBefore = new Map(acc.workers.get(API_WORKER))
    acc.calls = []
    const { code, log } = await run(root, acc)
    expect(code).toBe(EXIT.ok)
    expect(acc.calls.filter((c) => c.includes('create'))).toEqual([])
    expect(acc.calls.filter((c) => c[0] === 'deploy').map((c) => `${c[2]} ${c.slice(-1)[0]}`)).toEqual([`wrangler.api.toml PUBLIC_URL:${WEB_URL}`, `wrangler.toml PUBLIC_URL:${WEB_URL}`])
    expect(acc.calls.some((c) => c.includes('--secrets-file'))).toBe(false)
    expect(acc.workers.get(API_WORKER)).toEqual(secretsBefore)
    expect(readFileSync(join(root, 'wrangler.api.toml'), 'utf8')).toBe(toml)
    expect(log).toContain('D1 database skins: reused')
    expect(log).toContain('queue skin-jobs-dlq: reused')
  }, 60_000)

  test('PUBLIC_URL from the environment is used from the first deploy on', async () => {
    const acc = account()
    const { code } = await run(checkout(), acc, { generateSecrets: true, env: { PUBLIC_URL: 'https://skins.example.org' } })
    expect(code).toBe(EXIT.ok)
    expect(acc.calls.filter((c) => c[0] === 'deploy').map((c) => c.find((a) => a.startsWith('PUBLIC_URL:')))).toEqual(['PUBLIC_URL:https://skins.example.org', 'PUBLIC_URL:https://skins.example.org'])
  }, 60_000)

  test('secrets from --secrets-file count as set and are uploaded with the API Worker', async () => {
    const root = checkout()
    const file = join(root, 'secrets.json')
    writeFileSync(file, JSON.stringify({ API_SESSION_SECRET: 'a'.repeat(64), ALTCHA_HMAC_KEY: 'b'.repeat(64), SIGNING_KEY_PEM: '-----BEGIN PRIVATE KEY-----\nMIIE\n-----END PRIVATE KEY-----\n' }))
    const acc = account()
    expect((await run(root, acc, { secretsFile: file })).code).toBe(EXIT.ok)
    expect(acc.workers.get(API_WORKER)!.get('API_SESSION_SECRET')).toBe('a'.repeat(64))
    expect(existsSync(file)).toBe(true)
    writeFileSync(file, 'API_SESSION_SECRET=a')
    const bad = await run(checkout(), account(), { secretsFile: file })
    expect(bad.code).toBe(EXIT.failed)
    expect(bad.log).toContain('could not be read as JSON')
  })

  test('a failing step stops the deploy with wrangler’s message, and nothing after it runs', async () => {
    const acc = account({ failing: 'd1 migrations apply' })
    const { code, log } = await run(checkout(), acc, { generateSecrets: true })
    expect(code).toBe(EXIT.failed)
    expect(log).toContain('wrangler d1 migrations apply DB --remote -c wrangler.api.toml --env stack failed (exit 1)')
    expect(log).toContain('(simulated)')
    expect(acc.calls.some((c) => c[0] === 'deploy')).toBe(false)
  }, 60_000)

  test('the address wrangler prints for a deployed Worker', () => {
    expect(deployedUrl(`Uploaded x\nDeployed x triggers (0.8 sec)\n  ${WEB_URL}\nCurrent Version ID: 1`)).toBe(WEB_URL)
    expect(deployedUrl('Deployed x triggers (0.8 sec)\n  https://skins.example.org (custom domain)\n')).toBe('https://skins.example.org')
    expect(deployedUrl('Uploaded x\nNo triggers')).toBeUndefined()
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
