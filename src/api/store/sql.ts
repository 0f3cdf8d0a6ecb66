/**
 * The storage-agnostic SQL client of the API services: one async interface over
 * `bun:sqlite` (the embedded default) and Cloudflare D1 (the API Worker). Services write plain
 * SQLite SQL with positional `?` parameters and never hold a transaction open: an atomic write of
 * several statements is one `batch`, because D1 has no interactive transactions (stack.md §9).
 * On Bun the calls run synchronously inside (statements compiled once and cached by
 * `Database.query`) and return settled promises, so the embedded API keeps its speed.
 * @module
 */
import type { Database, SQLQueryBindings } from 'bun:sqlite'

/** A value SQLite stores. Blobs come back as `Uint8Array` on both clients. */
export type SqlValue = string | number | boolean | null | Uint8Array
/** Positional parameters for the `?` placeholders of one statement. */
export type SqlParams = readonly SqlValue[]

/** One statement of a batch. */
export interface SqlStatement {
  sql: string
  params?: SqlParams
}

/** What a write reports. */
export interface SqlRunResult {
  changes: number
  lastInsertRowid: number
}

/** One statement's outcome inside a batch: its rows (SELECT or RETURNING) and the rows it changed. */
export interface SqlBatchResult {
  rows: unknown[]
  changes: number
}

/** Async SQL over SQLite, the same on Bun and on Workers. */
export interface SqlClient {
  readonly kind: 'bun-sqlite' | 'd1'
  /** Every row of a query. */
  all<T>(sql: string, params?: SqlParams): Promise<T[]>
  /** The first row of a query, or null. */
  get<T>(sql: string, params?: SqlParams): Promise<T | null>
  /** Every row as an array of column values (no per-row objects: hot ranking loops). */
  values<T extends unknown[] = unknown[]>(sql: string, params?: SqlParams): Promise<T[]>
  /** Runs a write. */
  run(sql: string, params?: SqlParams): Promise<SqlRunResult>
  /** Runs the statements in order, atomically: all of them or (on an error) none. */
  batch(statements: readonly SqlStatement[]): Promise<SqlBatchResult[]>
}

/** Statements that only read. */
const READS = /^\s*(SELECT|WITH|VALUES|PRAGMA)\b/i
/** Statements that give rows back (anything else is run for its changes). */
const RETURNS_ROWS = /^\s*(SELECT|WITH|VALUES|PRAGMA)\b|\bRETURNING\b/i

/** The client over an open `bun:sqlite` database (opened with `strict: true`). */
export function bunSqliteClient(db: Database): SqlClient {
  const stmt = (sql: string) => db.query<unknown, SQLQueryBindings[]>(sql)
  const args = (params: SqlParams | undefined) => (params ?? []) as SQLQueryBindings[]
  const runOne = (s: SqlStatement): SqlBatchResult => {
    if (RETURNS_ROWS.test(s.sql)) {
      const rows = stmt(s.sql).all(...args(s.params))
      return { rows, changes: READS.test(s.sql) ? 0 : rows.length }
    }
    return { rows: [], changes: stmt(s.sql).run(...args(s.params)).changes }
  }
  const inTransaction = db.transaction((statements: readonly SqlStatement[]) => statements.map(runOne))
  return {
    kind: 'bun-sqlite',
    all: <T>(sql: string, params?: SqlParams) => Promise.resolve(stmt(sql).all(...args(params)) as T[]),
    get: <T>(sql: string, params?: SqlParams) => Promise.resolve((stmt(sql).get(...args(params)) as T | null) ?? null),
    values: <T extends unknown[]>(sql: string, params?: SqlParams) => Promise.resolve(stmt(sql).values(...args(params)) as T[]),
    run(sql, params) {
      const r = stmt(sql).run(...args(params))
      return Promise.resolve({ changes: r.changes, lastInsertRowid: Number(r.lastInsertRowid) })
    },
    // A thrown error inside `db.transaction` rolls the whole batch back, like D1's batch.
    batch: (statements) => {
      try {
        return Promise.resolve(inTransaction(statements))
      } catch (e) {
        return Promise.reject(e)
      }
    },
  }
}

/** The part of Cloudflare's `D1PreparedStatement` the client uses. */
export interface D1StatementLike {
  bind(...values: unknown[]): D1StatementLike
  all<T = Record<string, unknown>>(): Promise<{ results: T[]; meta: { changes: number; last_row_id: number } }>
  first<T = Record<string, unknown>>(): Promise<T | null>
  run(): Promise<{ meta: { changes: number; last_row_id: number } }>
  raw<T = unknown[]>(): Promise<T[]>
}

/** The part of Cloudflare's `D1Database` binding the client uses. */
export interface D1DatabaseLike {
  prepare(sql: string): D1StatementLike
  batch(statements: D1StatementLike[]): Promise<{ results: unknown[]; meta: { changes: number } }[]>
  exec(sql: string): Promise<unknown>
}

/**
 * D1 hands blobs back as arrays of bytes (or ArrayBuffers); the services expect `Uint8Array`, as on
 * bun:sqlite. No other SQLite value is an array, so this is unambiguous.
 */
function normaliseRow<T>(row: T): T {
  if (row === null || typeof row !== 'object') return row
  const r = row as Record<string, unknown>
  for (const k in r) {
    const v = r[k]
    if (Array.isArray(v)) r[k] = Uint8Array.from(v as number[])
    else if (v instanceof ArrayBuffer) r[k] = new Uint8Array(v)
  }
  return row
}

/** D1 stores booleans as 0/1 but rejects nothing else we bind; keep them as integers like bun:sqlite strict mode. */
const bindValue = (v: SqlValue) => (typeof v === 'boolean' ? (v ? 1 : 0) : v)

/** The client over a D1 binding (`env.DB`). */
export function d1Client(d1: D1DatabaseLike): SqlClient {
  const prepared = (sql: string, params: SqlParams | undefined) => {
    const s = d1.prepare(sql)
    return params && params.length ? s.bind(...params.map(bindValue)) : s
  }
  return {
    kind: 'd1',
    async all<T>(sql: string, params?: SqlParams) {
      const { results } = await prepared(sql, params).all<T>()
      return results.map(normaliseRow)
    },
    async get<T>(sql: string, params?: SqlParams) {
      return normaliseRow((await prepared(sql, params).first<T>()) ?? null)
    },
    async values<T extends unknown[]>(sql: string, params?: SqlParams) {
      const rows = await prepared(sql, params).raw<unknown[]>()
      return rows.map((r) => normaliseRow(r) as T)
    },
    async run(sql, params) {
      const { meta } = await prepared(sql, params).run()
      return { changes: meta.changes, lastInsertRowid: meta.last_row_id }
    },
    async batch(statements) {
      if (statements.length === 0) return []
      const results = await d1.batch(statements.map((s) => prepared(s.sql, s.params)))
      return results.map((r, i) => ({ rows: (r.results ?? []).map(normaliseRow), changes: READS.test(statements[i]!.sql) ? 0 : r.meta.changes }))
    },
  }
}

/** A Drizzle query builder as a batch statement (`toSQL()` gives the driver's SQL and parameters). */
export function drizzleStatement(query: { toSQL(): { sql: string; params: unknown[] } }): SqlStatement {
  const { sql, params } = query.toSQL()
  return { sql, params: params as SqlParams }
}
