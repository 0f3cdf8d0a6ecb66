/**
 * What `bun run deploy` reads from the Worker configurations: the `[env.stack]`
 * environment of `wrangler.api.toml` (D1, R2, queues, variables), of `wrangler.accounts.toml` (the
 * account Worker, on the same D1 database) and of `wrangler.toml` (the web Worker and its variables).
 * wrangler does not inherit bindings into an environment, so the stack environment lists every
 * resource the deploy must create or reuse.
 * @module
 */

/** The three Worker configurations, relative to the checkout. */
export const CONFIG = { api: 'wrangler.api.toml', accounts: 'wrangler.accounts.toml', web: 'wrangler.toml' } as const

/** The resources and variables of one Worker's `[env.stack]`. */
export interface StackConfig {
  /** The Worker's name (`name` of the environment, else of the file). */
  name: string
  /** D1 databases: binding, name and the id written in the file. */
  databases: { binding: string; name: string; id: string }[]
  /** R2 bucket names. */
  buckets: string[]
  /** Queue names: producers, consumers and their dead-letter queues, each once. */
  queues: string[]
  /** Plain variables (`vars`). */
  vars: Record<string, string>
}

/** The id wrangler.api.toml and wrangler.accounts.toml ship with: a database that does not exist yet. */
export const PLACEHOLDER_DATABASE_ID = '00000000-0000-0000-0000-000000000000'

type Toml = Record<string, unknown>
const table = (value: unknown): Toml => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Toml) : {})
const list = (value: unknown): Toml[] => (Array.isArray(value) ? value.map(table) : [])
const text = (value: unknown): string => (typeof value === 'string' ? value : '')

/** Reads the `[env.stack]` environment of a wrangler TOML text (the file's top level when it has none). */
export function readStackConfig(tomlText: string): StackConfig {
  const file = table(Bun.TOML.parse(tomlText))
  const stack = table(table(file.env).stack)
  const env = Object.keys(stack).length ? stack : file
  const queues = table(env.queues)
  const names = [
    ...list(queues.producers).map((p) => text(p.queue)),
    ...list(queues.consumers).flatMap((c) => [text(c.queue), text(c.dead_letter_queue)]),
  ].filter(Boolean)
  return {
    name: text(env.name) || text(file.name),
    databases: list(env.d1_databases).map((d) => ({ binding: text(d.binding), name: text(d.database_name), id: text(d.database_id) })),
    buckets: list(env.r2_buckets).map((b) => text(b.bucket_name)).filter(Boolean),
    queues: [...new Set(names)],
    vars: Object.fromEntries(Object.entries(table(env.vars)).map(([k, v]) => [k, String(v)])),
  }
}

/**
 * `tomlText` with every `database_id` of the D1 database `name` set to `id` (the top level and each
 * environment list it), leaving the rest of the file byte for byte as it was.
 */
export function withDatabaseId(tomlText: string, name: string, id: string): string {
  const quoted = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  // Inline tables: { binding = "DB", database_name = "skins", database_id = "…", … }
  const inline = new RegExp(`(database_name\\s*=\\s*"${quoted}"[^}\\n]*?database_id\\s*=\\s*")[^"]*(")`, 'g')
  // [[d1_databases]] blocks: database_name = "skins" then, a few lines on, database_id = "…"
  const block = new RegExp(`(database_name\\s*=\\s*"${quoted}"\\s*\\n(?:[^\\[\\n][^\\n]*\\n)*?\\s*database_id\\s*=\\s*")[^"]*(")`, 'g')
  return tomlText.replace(inline, `$1${id}$2`).replace(block, `$1${id}$2`)
}
