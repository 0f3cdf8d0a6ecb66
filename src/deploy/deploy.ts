/**
 * `bun run deploy` (docs/cloudflare.md "Creating and deploying it"): the whole product on Cloudflare
 * in one command, as three Workers: the API Worker (wrangler.api.toml), the account site
 * (wrangler.accounts.toml, on the API Worker's D1 database) and the web Worker bound to both
 * (wrangler.toml). In order:
 * 1. credentials: `wrangler whoami`; without them it says what to set and stops, having changed nothing;
 * 2. secrets (secret-plan.ts): the API Worker's configuration names the secrets it needs and those
 *    the account Worker shares with it (the same values: its session cookies must pass the API's
 *    check). Any a Worker lacks and `--secrets-file` does not bring stop the deploy before anything is
 *    created, listing the command for each, unless `--generate-secrets` makes them (one value for both
 *    Workers). A shared secret the API Worker has and the account Worker lacks always stops it:
 *    Cloudflare never returns a secret's value, so only the operator can supply it;
 * 3. resources: the D1 database (its id written into wrangler.api.toml and wrangler.accounts.toml),
 *    R2 buckets and queues of wrangler.api.toml's `[env.stack]`, each reused when it exists (resources.ts);
 * 4. D1 migrations (`migrations/d1`, remote);
 * 5. the API Worker, then the account Worker (its Durable Object binding names the API Worker), then
 *    the web Worker (its service bindings name both), `[env.stack]` of each file; the secrets are
 *    uploaded with the deploys from 0600 temporary files, removed afterwards;
 * 6. PUBLIC_URL: taken from the environment, the files' `vars` or the last deploy; on a first deploy
 *    without one, the web Worker's address as wrangler printed it, remembered in
 *    `.wrangler/deploy-state.json`, and the three Workers deployed again with it — texture URLs in
 *    signatures and links in mail must name the public host, never a default.
 * @module
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { z } from 'zod'
import { DeployStepError, ensureBucket, ensureDatabase, ensureQueue, listQueues, runWrangler, type ResourceOutcome } from './resources'
import { planSecrets } from './secret-plan'
import { CONFIG, readStackConfig, withDatabaseId, type StackConfig } from './stack-config'
import { outputOf, type Wrangler } from './wrangler'

/** Inputs of {@link deploy}. */
export interface DeployOptions {
  /** The checkout: wrangler.toml, wrangler.api.toml, wrangler.accounts.toml and `.wrangler/` live here. */
  root: string
  /** How wrangler is run (wrangler.ts `realWrangler`, or a stand-in in tests). */
  wrangler: Wrangler
  /** The process environment (CLOUDFLARE_API_TOKEN, PUBLIC_URL). */
  env: Record<string, string | undefined>
  /** Where progress and problems are written, one line at a time. */
  log: (line: string) => void
  /** Make the missing secrets (random keys, a new RSA-4096 signing key) instead of stopping. */
  generateSecrets?: boolean
  /** A JSON file `{ "NAME": "value" }` of secrets to upload with the API Worker (the shared ones with the account Worker too). */
  secretsFile?: string
}

/** Exit codes: what went wrong, for scripts that call the deploy. */
export const EXIT = { ok: 0, failed: 1, noCredentials: 2, missingSecrets: 3 } as const

const STATE_FILE = '.wrangler/deploy-state.json'

/** The first https address wrangler printed for a deployed Worker (workers.dev or a route). */
export function deployedUrl(output: string): string | undefined {
  return /https:\/\/[a-z0-9.-]+\.workers\.dev\b/i.exec(output)?.[0] ?? /^\s*(https:\/\/[^\s/]+)/m.exec(output)?.[1]
}

const stateSchema = z.object({ publicUrl: z.string().optional() })
// wrangler prints more (accounts, token permissions); an API token may come with no email.
const whoamiSchema = z.object({ loggedIn: z.boolean().optional(), email: z.string().nullish() })

/** The JSON object `text` holds (after any banner wrangler prints first) parsed by `schema`, or undefined. */
function parseJson<T>(schema: z.ZodType<T>, text: string): T | undefined {
  try {
    const parsed = schema.safeParse(JSON.parse(text.slice(text.indexOf('{'))))
    return parsed.success ? parsed.data : undefined
  } catch {
    return undefined
  }
}

function readState(root: string): z.infer<typeof stateSchema> {
  const path = join(root, STATE_FILE)
  return (existsSync(path) && parseJson(stateSchema, readFileSync(path, 'utf8'))) || {}
}

function writeState(root: string, state: { publicUrl: string }) {
  mkdirSync(join(root, '.wrangler'), { recursive: true })
  writeFileSync(join(root, STATE_FILE), `${JSON.stringify(state, null, 2)}\n`)
}

/** `wrangler whoami`: true when signed in; otherwise says what to set. */
async function signedIn({ wrangler, log, env }: DeployOptions): Promise<boolean> {
  const who = await wrangler(['whoami', '--json'])
  // Not JSON when wrangler failed before it could tell; its output is shown below.
  const account = parseJson(whoamiSchema, who.stdout) ?? {}
  if (who.code === 0 && account.loggedIn === true) {
    log(`Cloudflare account: ${account.email ?? 'API token'}`)
    return true
  }
  if (env.CLOUDFLARE_API_TOKEN) {
    log('CLOUDFLARE_API_TOKEN is set, but Cloudflare did not accept it (or could not be reached). wrangler said:')
    log(outputOf(who))
  } else {
    log('No Cloudflare credentials. Either:')
    log('  - set CLOUDFLARE_API_TOKEN (an API token allowed to edit Workers Scripts, D1, Workers R2 Storage and Queues)')
    log('    and CLOUDFLARE_ACCOUNT_ID (the account to deploy to), or')
    log('  - log in once on this machine: bun run wrangler login')
  }
  log('Nothing was created or deployed.')
  return false
}

/**
 * The API Worker's D1 databases, R2 buckets and queues, each created when missing; each database's id
 * written into every configuration that binds it (the API and account Workers share it), then its
 * migrations applied.
 */
async function ensureResources({ wrangler, log, root }: DeployOptions, api: StackConfig) {
  const outcomes: ResourceOutcome[] = []
  for (const db of api.databases) {
    const outcome = await ensureDatabase(wrangler, db.name)
    outcomes.push(outcome)
    for (const config of [CONFIG.api, CONFIG.accounts]) {
      const path = join(root, config)
      const before = readFileSync(path, 'utf8')
      const after = outcome.id ? withDatabaseId(before, db.name, outcome.id) : before
      if (after === before) continue
      writeFileSync(path, after)
      log(`Wrote database_id ${outcome.id} of D1 database ${db.name} into ${config} (commit it).`)
    }
  }
  for (const bucket of api.buckets) outcomes.push(await ensureBucket(wrangler, bucket))
  if (api.queues.length) {
    const listing = await listQueues(wrangler)
    for (const queue of api.queues) outcomes.push(await ensureQueue(wrangler, queue, listing))
  }
  for (const r of outcomes) log(`${r.kind} ${r.name}: ${r.action}${r.id ? ` (${r.id})` : ''}`)
  for (const db of api.databases) {
    log(`Applying D1 migrations to ${db.name}…`)
    await runWrangler(wrangler, ['d1', 'migrations', 'apply', db.binding, '--remote', '-c', CONFIG.api, '--env', 'stack'])
  }
}

/** `values` in a 0600 file of the temp folder for `--secrets-file` (pushed to `made` for removal); none when empty. */
function secretsFile(values: Record<string, string>, made: string[]): string | undefined {
  if (!Object.keys(values).length) return undefined
  const path = join(tmpdir(), `ssg-deploy-secrets-${crypto.randomUUID()}.json`)
  made.push(path)
  writeFileSync(path, JSON.stringify(values), { mode: 0o600 })
  return path
}

/** Runs the deploy; resolves to an {@link EXIT} code. */
export async function deploy(o: DeployOptions): Promise<number> {
  const { wrangler, log, root } = o
  if (!(await signedIn(o))) return EXIT.noCredentials
  const read = (config: string) => readStackConfig(readFileSync(join(root, config), 'utf8'))
  const api = read(CONFIG.api)
  const accounts = read(CONFIG.accounts)
  const web = read(CONFIG.web)

  // Secrets first: a deploy that would answer 503 to every request must not create anything.
  const secrets = await planSecrets({ wrangler, log, vars: api.vars, workers: { api: api.name, accounts: accounts.name }, generateSecrets: o.generateSecrets, secretsFile: o.secretsFile })
  if ('stop' in secrets) return EXIT[secrets.stop]

  const tempFiles: string[] = []
  try {
    await ensureResources(o, api)
    let publicUrl = o.env.PUBLIC_URL || web.vars.PUBLIC_URL || api.vars.PUBLIC_URL || accounts.vars.PUBLIC_URL || readState(root).publicUrl
    const apiSecrets = secretsFile(secrets.api, tempFiles)
    const accountsSecrets = secretsFile(secrets.accounts, tempFiles)
    const deployWorker = (config: string, url: string | undefined, secretsPath?: string) =>
      runWrangler(wrangler, ['deploy', '-c', config, '--env', 'stack', ...(secretsPath ? ['--secrets-file', secretsPath] : []), ...(url ? ['--var', `PUBLIC_URL:${url}`] : [])])
    // The account Worker's Durable Object binding names the API Worker, and the web Worker's service
    // bindings name both: each must exist before the next deploys.
    const deployAll = async (url: string | undefined, first: boolean) => {
      log(`Deploying the API Worker ${api.name}…`)
      await deployWorker(CONFIG.api, url, first ? apiSecrets : undefined)
      log(`Deploying the account Worker ${accounts.name}…`)
      await deployWorker(CONFIG.accounts, url, first ? accountsSecrets : undefined)
      log(`Deploying the web Worker ${web.name}…`)
      return deployWorker(CONFIG.web, url)
    }

    const webOut = await deployAll(publicUrl, true)
    if (!publicUrl) {
      const url = deployedUrl(webOut)
      if (!url) {
        log('PUBLIC_URL is not set and wrangler printed no address for the web Worker: set PUBLIC_URL (the site’s public origin) and deploy again.')
        return EXIT.failed
      }
      publicUrl = url
      writeState(root, { publicUrl })
      log(`PUBLIC_URL was not set: using the web Worker's address ${publicUrl} (kept in ${STATE_FILE}; set PUBLIC_URL for a custom domain).`)
      log('Deploying the three Workers again with it, so texture URLs and links name this host…')
      await deployAll(publicUrl, false)
    }
    log(`Done: ${publicUrl}`)
    return EXIT.ok
  } catch (e) {
    if (!(e instanceof DeployStepError)) throw e
    log(e.message)
    return EXIT.failed
  } finally {
    for (const path of tempFiles) if (existsSync(path)) rmSync(path)
  }
}

