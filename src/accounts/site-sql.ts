/**
 * The account site's SQL client: `deps.sql` when the host gave one (the API Worker's D1 client, or
 * the Bun store's), else one over the bun:sqlite connection under `deps.db`. Writes that must land
 * together go through its `batch`, the one atomic form D1 has (no interactive transactions).
 * @module
 */
import type { Database } from 'bun:sqlite'
import { bunSqliteClient, type SqlClient } from '../api/store/sql'
import type { AccountsDeps } from './deps'

/** The SQL client over the account site's database. */
export function accountsSql(deps: AccountsDeps): SqlClient {
  if (deps.sql) return deps.sql
  // drizzle's bun-sqlite database carries its connection as `$client` (not in the Db type).
  const client = (deps.db as typeof deps.db & { $client?: Database }).$client
  if (!client) throw new Error('The account site needs deps.sql on this database (only bun:sqlite brings its own connection)')
  return bunSqliteClient(client)
}
