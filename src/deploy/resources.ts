/**
 * Creating or reusing the API Worker's D1 database, R2 buckets and queues. Each
 * is looked up first and created only when missing, so a second deploy changes nothing. Durable
 * Objects need no step: the Worker's own deploy creates them from its `[[migrations]]`.
 * @module
 */
import { outputOf, type Wrangler } from './wrangler'

/** What happened to one resource. */
export interface ResourceOutcome {
  kind: 'D1 database' | 'R2 bucket' | 'queue'
  name: string
  action: 'reused' | 'created'
  /** The D1 database's id. */
  id?: string
}

/** A failed wrangler step, with the command and what it printed. */
export class DeployStepError extends Error {}

async function run(wrangler: Wrangler, args: string[]): Promise<string> {
  const r = await wrangler(args)
  if (r.code !== 0) throw new DeployStepError(`wrangler ${args.join(' ')} failed (exit ${r.code}):\n${outputOf(r)}`)
  return r.stdout
}

/** Names in a listing printed as a table or as `name: value` lines: every whitespace- or │-separated word. */
const words = (listing: string) => new Set(listing.split(/[\s│|]+/).filter(Boolean))

async function databaseId(wrangler: Wrangler, name: string): Promise<string | undefined> {
  const out = await run(wrangler, ['d1', 'list', '--json'])
  let rows: { name?: string; uuid?: string }[]
  try {
    rows = JSON.parse(out.slice(out.indexOf('['))) as typeof rows
  } catch {
    throw new DeployStepError(`wrangler d1 list --json printed no JSON:\n${out}`)
  }
  return rows.find((r) => r.name === name)?.uuid
}

/** The D1 database `name`, created when the account has none of that name. */
export async function ensureDatabase(wrangler: Wrangler, name: string): Promise<ResourceOutcome> {
  const existing = await databaseId(wrangler, name)
  if (existing) return { kind: 'D1 database', name, action: 'reused', id: existing }
  await run(wrangler, ['d1', 'create', name])
  const id = await databaseId(wrangler, name)
  if (!id) throw new DeployStepError(`wrangler d1 create ${name} succeeded, but d1 list does not show it`)
  return { kind: 'D1 database', name, action: 'created', id }
}

/** The R2 bucket `name`, created when missing. */
export async function ensureBucket(wrangler: Wrangler, name: string): Promise<ResourceOutcome> {
  if (words(await run(wrangler, ['r2', 'bucket', 'list'])).has(name)) return { kind: 'R2 bucket', name, action: 'reused' }
  await run(wrangler, ['r2', 'bucket', 'create', name])
  return { kind: 'R2 bucket', name, action: 'created' }
}

/** The queue `name`, created when missing (`listing` is one `queues list` for all of them). */
export async function ensureQueue(wrangler: Wrangler, name: string, listing: string): Promise<ResourceOutcome> {
  if (words(listing).has(name)) return { kind: 'queue', name, action: 'reused' }
  await run(wrangler, ['queues', 'create', name])
  return { kind: 'queue', name, action: 'created' }
}

/** The account's queues, listed once. */
export const listQueues = (wrangler: Wrangler) => run(wrangler, ['queues', 'list'])

export { run as runWrangler }
