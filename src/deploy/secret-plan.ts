/**
 * Which secret values a deploy uploads to which Worker, or why it must stop before creating anything.
 * The account Worker shares some of the API Worker's secrets (secrets.ts
 * `sharedSecrets`), and Cloudflare secrets are write-only: the deploy can give both Workers one value
 * only when it holds that value, because `--secrets-file` brought it or `--generate-secrets` made it
 * in this run. `--generate-secrets` makes only secrets the Workers lack, as it always has for the API
 * Worker; it never replaces one a Worker has, so a shared secret the API Worker has and the account
 * Worker lacks can only come from the operator (a new value for one Worker alone would leave them
 * disagreeing, and a new one for both would sign everyone out unasked).
 * @module
 */
import { readFileSync } from 'node:fs'
import { z } from 'zod'
import { existingSecrets, generateSecret, neededSecrets, sharedSecrets, type NeededSecret } from './secrets'
import { CONFIG } from './stack-config'
import type { Wrangler } from './wrangler'

/** The values to upload with each Worker; an empty record uploads nothing. */
export interface SecretUploads {
  api: Record<string, string>
  accounts: Record<string, string>
}

/** A missing secret; `shared` ones get one value on both Workers. */
export type MissingSecret = NeededSecret & { shared: boolean }

/** What the Workers lack, given what they have and the names `--secrets-file` brings. */
export interface SecretGaps {
  /** Missing and held by no Worker that needs it: set by hand, or made by `--generate-secrets`. */
  missing: MissingSecret[]
  /** Shared secrets the API Worker has and the account Worker lacks: only the API Worker's value will do. */
  uncopyable: NeededSecret[]
}

/** What a Worker that already has a secret loses when it gets a new value. */
const ROTATION_COST: Record<string, string> = {
  API_SESSION_SECRET: 'a new API_SESSION_SECRET signs everyone out',
  ALTCHA_HMAC_KEY: 'a new ALTCHA_HMAC_KEY voids the anti-bot challenges being solved',
  POOL_TOKEN_KEY: 'a new POOL_TOKEN_KEY leaves the signing pool’s sealed Minecraft tokens unreadable (each pool account must be signed in again)',
}

/** Sets one random value on both Workers by hand, without it touching the disk or the shell history. */
const bothCommand = (name: string) =>
  [
    'k=$(openssl rand -hex 32)',
    `echo "$k" | bun run wrangler secret put ${name} -c ${CONFIG.api} --env stack`,
    `echo "$k" | bun run wrangler secret put ${name} -c ${CONFIG.accounts} --env stack`,
  ].join('\n')

/** Compares the secrets the configuration calls for with what the Workers have and what is given. */
export function secretGaps(vars: Record<string, string>, have: { api: string[]; accounts: string[] }, given: string[]): SecretGaps {
  const shared = sharedSecrets(vars)
  const isShared = (name: string) => shared.some((s) => s.name === name)
  const apiNeeds = neededSecrets(vars)
  const open = (s: NeededSecret) => !given.includes(s.name)
  const asMissing = (s: NeededSecret): MissingSecret => (isShared(s.name) ? { ...s, shared: true, command: bothCommand(s.name) } : { ...s, shared: false })
  const missing = [
    ...apiNeeds.filter((s) => open(s) && !have.api.includes(s.name)),
    // A shared secret the API Worker does not use (ANTIBOT=off) that neither Worker has.
    ...shared.filter((s) => open(s) && !apiNeeds.some((n) => n.name === s.name) && !have.api.includes(s.name) && !have.accounts.includes(s.name)),
  ].map(asMissing)
  const uncopyable = shared.filter((s) => open(s) && have.api.includes(s.name) && !have.accounts.includes(s.name))
  return { missing, uncopyable }
}

const secretsFileSchema = z.record(z.string(), z.string())

/** The values of a `--secrets-file` (a JSON object of names and string values), or an error message. */
export function readSecretsFile(path: string): { values: Record<string, string> } | { error: string } {
  let json: unknown
  try {
    json = JSON.parse(readFileSync(path, 'utf8'))
  } catch (e) {
    return { error: `${path} could not be read as JSON: ${e instanceof Error ? e.message : String(e)}` }
  }
  const parsed = secretsFileSchema.safeParse(json)
  return parsed.success ? { values: parsed.data } : { error: `${path} is not a JSON object of secret names and string values` }
}

const indent = (command: string) => command.replace(/^/gm, '      ')

function reportMissing(log: (line: string) => void, workers: { api: string; accounts: string }, missing: MissingSecret[]) {
  log(`The API Worker (${workers.api}) and the account Worker (${workers.accounts}) need these secrets, which they do not have:`)
  for (const s of missing) log(`  - ${s.name}, for ${s.why}${s.shared ? ', one value on both Workers' : ''}:\n${indent(s.command)}`)
  log('Set them as shown, pass them with --secrets-file <file.json>, or run `bun run deploy -- --generate-secrets` to make new ones')
  log('(a new SIGNING_KEY_PEM means a new public key: reuse an existing instance’s key to keep its signatures valid).')
}

function reportUncopyable(log: (line: string) => void, workers: { api: string; accounts: string }, uncopyable: NeededSecret[]) {
  log(`The account Worker (${workers.accounts}) needs the API Worker's own values of these secrets, which the API Worker (${workers.api}) has from an earlier deploy:`)
  for (const s of uncopyable) log(`  - ${s.name}, for ${s.why}:\n${indent(`${s.command}   # enter the API Worker's value`)}`)
  log('Cloudflare never gives a secret’s value back, so the deploy cannot copy them, and --generate-secrets does not replace')
  log('secrets the API Worker has (the two Workers must agree). Either:')
  log('  - set each on the account Worker as shown, with the API Worker’s value; or')
  log('  - pass the API Worker’s values with --secrets-file <file.json> ({ "NAME": "value" }): they are uploaded to both Workers; or')
  log('  - rotate them: new values in that file (openssl rand -hex 32 each) replace them on both Workers.')
  log(`    Mind what that costs: ${uncopyable.map((s) => ROTATION_COST[s.name] ?? `a new ${s.name} replaces the old one`).join('; ')}.`)
}

/** Inputs of {@link planSecrets}. */
export interface SecretPlanOptions {
  wrangler: Wrangler
  log: (line: string) => void
  /** The API Worker's variables (SIGNER, ANTIBOT): they decide which secrets are needed. */
  vars: Record<string, string>
  /** The Worker names, for messages. */
  workers: { api: string; accounts: string }
  generateSecrets?: boolean
  secretsFile?: string
}

/**
 * The secret values to upload with each Worker, or why the deploy stops: `failed` when a listing or
 * the secrets file could not be read, `missingSecrets` when a Worker would lack one (reported with
 * the command for each). Only reads; the values are uploaded by the Worker deploys.
 */
export async function planSecrets(o: SecretPlanOptions): Promise<SecretUploads | { stop: 'failed' | 'missingSecrets' }> {
  const { wrangler, log } = o
  const api = await existingSecrets(wrangler, CONFIG.api)
  if ('error' in api) {
    log(`Could not list the API Worker's secrets:\n${api.error}`)
    return { stop: 'failed' }
  }
  const accounts = await existingSecrets(wrangler, CONFIG.accounts)
  if ('error' in accounts) {
    log(`Could not list the account Worker's secrets:\n${accounts.error}`)
    return { stop: 'failed' }
  }
  const file = o.secretsFile ? readSecretsFile(o.secretsFile) : { values: {} }
  if ('error' in file) {
    log(file.error)
    return { stop: 'failed' }
  }
  const gaps = secretGaps(o.vars, { api: api.names, accounts: accounts.names }, Object.keys(file.values))
  const stopForMissing = gaps.missing.length > 0 && !o.generateSecrets
  if (stopForMissing) reportMissing(log, o.workers, gaps.missing)
  if (gaps.uncopyable.length) reportUncopyable(log, o.workers, gaps.uncopyable)
  if (stopForMissing || gaps.uncopyable.length) {
    log('Nothing was created or deployed.')
    return { stop: 'missingSecrets' }
  }
  const upload: Record<string, string> = { ...file.values }
  for (const s of gaps.missing) {
    upload[s.name] = await generateSecret(s.name)
    log(`Made a new ${s.name} (${s.why}); it is uploaded with the ${s.shared ? 'API and account Workers' : 'API Worker'} and not kept anywhere else.`)
  }
  const shared = new Set(sharedSecrets(o.vars).map((s) => s.name))
  return { api: upload, accounts: Object.fromEntries(Object.entries(upload).filter(([name]) => shared.has(name))) }
}
