/**
 * The API store on Cloudflare D1: the same Drizzle schema and the same
 * {@link SqlClient} interface as on Bun, over the Worker's D1 binding. The schema is applied by
 * `wrangler d1 migrations apply` from the folder ./d1-migrations.ts writes, not at runtime.
 * @module
 */
import { drizzle } from 'drizzle-orm/d1'
import type { Store } from './db'
import * as schema from './schema'
import { d1Client, type D1DatabaseLike } from './sql'

/** Opens the store over a D1 binding (`env.DB`). Closing is a no-op: the binding is the runtime's. */
export function openD1Store(d1: D1DatabaseLike): Store {
  // drizzle-orm/d1 types its client as Cloudflare's D1Database; ours is the structural subset it uses.
  const db = drizzle(d1 as unknown as Parameters<typeof drizzle>[0], { schema })
  return { db, sql: d1Client(d1), close: () => {} }
}
