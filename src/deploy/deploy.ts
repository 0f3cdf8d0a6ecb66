/**
 * `bun run deploy` (issue 24 point 4): the whole product on Cloudflare in one command. In order:
 * 1. credentials: `wrangler whoami`; without them it says what to set and stops, having changed nothing;
 * 2. secrets: the API Worker's configuration names the secrets it needs (secrets.ts); any the Worker
 *    does not have and `--secrets-file` does not bring stop the deploy before anything is created,
 *    listing the command for each, unless `--generate-secrets` makes them;
 * 3. resources: the D1 database (its id written into wrangler.api.toml), R2 buckets and queues of
 *    wrangler.api.toml's `[env.stack]`, each reused when it exists (resources.ts);
 * 4. D1 migrations (`migrations/d1`, remote);
 * 5. the API Worker, then the web Worker bound to it (`[env.stack]` of both files);
 * 6. PUBLIC_URL: taken from the environment, the files' `vars` or the last deploy; on a first deploy
 *    without one, the web Worker's address as wrangler printed it, remembered in
 *    `.wrangler/deploy-state.json`, and both Workers deployed again with it — texture URLs in
 *    signatures must name the public host, never a default.
 * @module
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DeployStepError, ensureBucket, ensureDatabase, ensureQueue, listQueues, runWrangler, type ResourceOutcome } from './resources'
import { existingSecrets, generateSecret, neededSecrets } from './secrets'
import { readStackConfig, withDatabaseId } from './stack-config'
import { outputOf, type Wrangler } from './wrangler'

/** Inputs of {@link deploy}. */
export interface DeployOptions {
  /** The checkout: wrangler.toml, wrangler.api.toml and `.wrangler/` live here. */
  root: string
  /** How wrangler is run (wrangler.ts `realWrangler`, or a stand-in in tests). */
  wrangler: Wrangler
  /** The process environment (CLOUDFLARE_API_TOKEN, PUBLIC_URL). */
  env: Record<string, string | undefined>
  /** Where progress and problems are written, one line at a time. */
  log: (line: string) => void
  /** Make the missing secrets (random keys, a new RSA-4096 signing key) instead of stopping. */
  generateSecrets?: boolean
  /** A JSON file `{ "NAME": "value" }` of secrets to upload with the API Worker. */
  secretsFile?: string
}

/** Exit codes: what went wrong, for scripts that call the deploy. */
export const EXIT = { ok: 0, failed: 1, noCredentials: 2, missingSecrets: 3 } as const

const API_CONFIG = 'wrangler.api.toml'
const WEB_CONFIG = 'wrangler.toml'
const STATE_FILE = '.wrangler/deploy-state.json'

/** The first https address wrangler printed for a deployed Worker (workers.dev or a route). */
export function deployedUrl(output: string): string | undefined {
  return /https:\/\/[a-z0-9.-]+\.workers\.dev\b/i.exec(output)?.[0] ?? /^\s*(https:\/\/[^\s/]+)/m.exec(output)?.[1]
}

function readState(root: string): { publicUrl?: string } {
  try {
    return JSON.parse(readFileSync(join(root, STATE_FILE), 'utf8')) as { publicUrl?: string }
  } catch {
    return {}
  }
}

function writeState(root: string, state: { publicUrl: string }) {
  mkdirSync(join(root, '.wrangler'), { recursive: true })
  writeFileSync(join(root, STATE_FILE), `${JSON.stringify(state, null, 2)}\n`)
}

/** The secret names of a `--secrets-file` (JSON object), or an error message. */
function secretsFileNames(path: string): { names: string[]; values: Record<string, string> } | { error: string } {
  try {
    const values = JSON.parse(readFileSync(path, 'utf8')) as unknown
    if (!values || typeof values !== 'object' || Array.isArray(values)) return { error: `${path} is not a JSON object of secret names and values` }
    return { names: Object.keys(values), values: values as Record<string, string> }
  } catch (e) {
    return { error: `${path} could not be read as JSON: ${e instanceof Error ? e.message : String(e)}` }
  }
}

/** Runs the deploy; resolves to an {@link EXIT} code. */
export async function deploy(o: DeployOptions): Promise<number> {
  const { wrangler, log, root } = o
  const who = await wrangler(['whoami', '--json'])
  let account: { loggedIn?: boolean; email?: string } = {}
  try {
    account = JSON.parse(who.stdout.slice(who.stdout.indexOf('{'))) as typeof account
  } catch {
    // Not JSON: wrangler failed before it could tell; its output is shown below.
  }
  if (who.code !== 0 || account.loggedIn !== true) {
    if (o.env.CLOUDFLARE_API_TOKEN) {
      log('CLOUDFLARE_API_TOKEN is set, but Cloudflare did not accept it (or could not be reached). wrangler said:')
      log(outputOf(who))
    } else {
      log('No Cloudflare credentials. Either:')
      log('  - set CLOUDFLARE_API_TOKEN (an API token allowed to edit Workers Scripts, D1, Workers R2 Storage and Queues)')
      log('    and CLOUDFLARE_ACCOUNT_ID (the account to deploy to), or')
      log('  - log in once on this machine: bun run wrangler login')
    }
    log('Nothing was created or deployed.')
    return EXIT.noCredentials
  }
  log(`Cloudflare account: ${account.email ?? 'API token'}`)

  const apiPath = join(root, API_CONFIG)
  const api = readStackConfig(readFileSync(apiPath, 'utf8'))
  const web = readStackConfig(readFileSync(join(root, WEB_CONFIG), 'utf8'))

  // Secrets first: a deploy that would answer 503 to every request must not create anything.
  const have = await existingSecrets(wrangler, API_CONFIG)
  if ('error' in have) {
    log(`Could not list the API Worker's secrets:\n${have.error}`)
    return EXIT.failed
  }
  const file = o.secretsFile ? secretsFileNames(o.secretsFile) : { names: [], values: {} }
  if ('error' in file) {
    log(file.error)
    return EXIT.failed
  }
  const missing = neededSecrets(api.vars).filter((s) => !have.names.includes(s.name) && !file.names.includes(s.name))
  const upload: Record<string, string> = { ...file.values }
  if (missing.length && !o.generateSecrets) {
    log(`The API Worker (${api.name}) needs these secrets, which it does not have:`)
    for (const s of missing) log(`  - ${s.name}, for ${s.why}:\n      ${s.command}`)
    log('Set them as shown, pass them with --secrets-file <file.json>, or run `bun run deploy -- --generate-secrets` to make new ones')
    log('(a new SIGNING_KEY_PEM means a new public key: reuse an existing instance’s key to keep its signatures valid).')
    log('Nothing was created or deployed.')
    return EXIT.missingSecrets
  }
  for (const s of missing) {
    upload[s.name] = await generateSecret(s.name)
    log(`Made a new ${s.name} (${s.why}); it is uploaded with the API Worker and not kept anywhere else.`)
  }

  const outcomes: ResourceOutcome[] = []
  let uploadFile: string | undefined
  try {
    for (const db of api.databases) {
      const outcome = await ensureDatabase(wrangler, db.name)
      outcomes.push(outcome)
      if (outcome.id && outcome.id !== db.id) {
        writeFileSync(apiPath, withDatabaseId(readFileSync(apiPath, 'utf8'), db.name, outcome.id))
        log(`Wrote database_id ${outcome.id} of D1 database ${db.name} into ${API_CONFIG} (commit it).`)
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
      await runWrangler(wrangler, ['d1', 'migrations', 'apply', db.binding, '--remote', '-c', API_CONFIG, '--env', 'stack'])
    }

    let publicUrl = o.env.PUBLIC_URL || web.vars.PUBLIC_URL || api.vars.PUBLIC_URL || readState(root).publicUrl
    if (Object.keys(upload).length) {
      uploadFile = join(tmpdir(), `ssg-deploy-secrets-${crypto.randomUUID()}.json`)
      writeFileSync(uploadFile, JSON.stringify(upload), { mode: 0o600 })
    }
    const withUrl = (url: string | undefined) => (url ? ['--var', `PUBLIC_URL:${url}`] : [])
    const deployApi = (url: string | undefined, secrets?: string) => runWrangler(wrangler, ['deploy', '-c', API_CONFIG, '--env', 'stack', ...(secrets ? ['--secrets-file', secrets] : []), ...withUrl(url)])
    const deployWeb = (url: string | undefined) => runWrangler(wrangler, ['deploy', '-c', WEB_CONFIG, '--env', 'stack', ...withUrl(url)])

    log(`Deploying the API Worker ${api.name}…`)
    await deployApi(publicUrl, uploadFile)
    log(`Deploying the web Worker ${web.name}…`)
    const webOut = await deployWeb(publicUrl)
    if (!publicUrl) {
      const url = deployedUrl(webOut)
      if (!url) {
        log('PUBLIC_URL is not set and wrangler printed no address for the web Worker: set PUBLIC_URL (the site’s public origin) and deploy again.')
        return EXIT.failed
      }
      publicUrl = url
      writeState(root, { publicUrl })
      log(`PUBLIC_URL was not set: using the web Worker's address ${publicUrl} (kept in ${STATE_FILE}; set PUBLIC_URL for a custom domain).`)
      log('Deploying both Workers again with it, so texture URLs and links name this host…')
      await deployApi(publicUrl)
      await deployWeb(publicUrl)
    }
    log(`Done: ${publicUrl}`)
    return EXIT.ok
  } catch (e) {
    if (!(e instanceof DeployStepError)) throw e
    log(e.message)
    return EXIT.failed
  } finally {
    if (uploadFile && existsSync(uploadFile)) rmSync(uploadFile)
  }
}
