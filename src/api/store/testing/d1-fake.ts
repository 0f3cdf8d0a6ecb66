/**
 * A D1-shaped database over bun:sqlite for unit tests: `prepare().bind()` with
 * `all/first/run/raw`, `batch` (one transaction, all or nothing) and `exec`, answering
 * asynchronously like the real binding and returning blobs as arrays of bytes as D1 does. It lets
 * `bun test` exercise the d1Client and drizzle-orm/d1 code paths; the real D1 under `wrangler dev`
 * is covered by test/worker.
 * @module
 */
import { Database, type SQLQueryBindings } from 'bun:sqlite'
import type { D1DatabaseLike, D1StatementLike } from '../sql'

interface Meta {
  changes: number
  last_row_id: number
  changed_db: boolean
  duration: number
  rows_read: number
  rows_written: number
  size_after: number
}

/** Yields to the event loop, so callers that forget an `await` see the write land late. */
const later = () => new Promise<void>((r) => setImmediate(r))

/** D1 refuses `undefined` and converts booleans; blobs go in as Uint8Array or ArrayBuffer. */
function toBinding(v: unknown): SQLQueryBindings {
  if (v === undefined) throw new Error('D1_TYPE_ERROR: Type \'undefined\' not supported for value \'undefined\'')
  if (typeof v === 'boolean') return v ? 1 : 0
  if (v instanceof ArrayBuffer) return new Uint8Array(v)
  return v as SQLQueryBindings
}

/** D1 returns BLOB columns as arrays of numbers. */
const fromColumn = (v: unknown) => (v instanceof Uint8Array ? Array.from(v) : v)
const fromRow = (row: Record<string, unknown>) => {
  for (const k in row) row[k] = fromColumn(row[k])
  return row
}

/** The fake binding plus the bun:sqlite database under it (for assertions and setup). */
export interface FakeD1 extends D1DatabaseLike {
  sqlite: Database
  /** Statements run so far (each `all/first/run/raw`, and each statement of a batch). */
  statements: number
}

/** Opens a fake D1 database at `path` (default: in memory). */
export function createFakeD1(path = ':memory:'): FakeD1 {
  const sqlite = new Database(path, { create: true, strict: true })
  sqlite.run('PRAGMA foreign_keys = ON')
  const meta = (): Meta => {
    const r = sqlite.query<{ c: number; r: number }, []>('SELECT changes() AS c, last_insert_rowid() AS r').get()!
    return { changes: r.c, last_row_id: r.r, changed_db: r.c > 0, duration: 0, rows_read: 0, rows_written: r.c, size_after: 0 }
  }
  const fake: FakeD1 = {
    sqlite,
    statements: 0,
    prepare: (sql) => statement(sql, []),
    async batch(list) {
      await later()
      const run = sqlite.transaction(() => (list as Statement[]).map((s) => s.execute()))
      return run()
    },
    async exec(sql) {
      await later()
      sqlite.exec(sql)
      return { count: 1, duration: 0 }
    },
  }
  interface Statement extends D1StatementLike {
    execute(): { results: Record<string, unknown>[]; success: true; meta: Meta }
  }
  const hasRows = (sql: string) => sqlite.query(sql).columnNames.length > 0
  function statement(sql: string, params: SQLQueryBindings[]): Statement {
    const execute = () => {
      fake.statements++
      const q = sqlite.query<Record<string, unknown>, SQLQueryBindings[]>(sql)
      if (hasRows(sql)) {
        const results = q.all(...params).map(fromRow)
        return { results, success: true as const, meta: meta() }
      }
      q.run(...params)
      return { results: [], success: true as const, meta: meta() }
    }
    return {
      execute,
      bind: (...values) => statement(sql, values.map(toBinding)),
      async all<T>() {
        await later()
        return execute() as unknown as { results: T[]; meta: Meta }
      },
      async first<T>() {
        await later()
        return (execute().results[0] as T | undefined) ?? null
      },
      async run() {
        await later()
        return execute()
      },
      async raw<T>() {
        await later()
        fake.statements++
        return sqlite
          .query<Record<string, unknown>, SQLQueryBindings[]>(sql)
          .values(...params)
          .map((row) => row.map(fromColumn)) as T[]
      },
    } as Statement
  }
  return fake
}

/** Applies the API migrations to a fake D1 the way `wrangler d1 migrations apply` does: each file of the D1 folder in order. */
export async function applyD1Migrations(d1: FakeD1, files: { name: string; sql: string }[]): Promise<void> {
  for (const f of files) await d1.exec(f.sql)
}
