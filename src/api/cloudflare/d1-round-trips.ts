/**
 * Counting D1 round trips (docs/cloudflare.md "D1 round trips per route": every page and list answers in
 * one D1 round trip where the data allows it, counted per request). Each `first`, `all`, `run` and
 * `raw` of a statement and each `exec` is one round trip to the database; a `batch` is one however
 * many statements it carries. The wrapper passes everything through and only counts; D1 checks that
 * a batch holds its own statement objects, so wrapped statements are unwrapped for it.
 * @module
 */

const ROUND_TRIP_METHODS = new Set(['first', 'all', 'run', 'raw'])

/** `db` (a D1 binding) with every round trip reported to `onRoundTrip`. */
export function countingD1<T extends object>(db: T, onRoundTrip: () => void): T {
  const originals = new WeakMap<object, object>()
  const statement = (stmt: object): object => {
    const proxy = new Proxy(stmt, {
      get(target, key) {
        const value = Reflect.get(target, key, target) as unknown
        if (typeof value !== 'function') return value
        if (key === 'bind') return (...values: unknown[]) => statement((value as (...v: unknown[]) => object).apply(target, values))
        if (typeof key === 'string' && ROUND_TRIP_METHODS.has(key)) {
          return (...args: unknown[]) => {
            onRoundTrip()
            return (value as (...a: unknown[]) => unknown).apply(target, args)
          }
        }
        return (value as (...a: unknown[]) => unknown).bind(target)
      },
    })
    originals.set(proxy, stmt)
    return proxy
  }
  return new Proxy(db, {
    get(target, key) {
      const value = Reflect.get(target, key, target) as unknown
      if (typeof value !== 'function') return value
      const fn = value as (...a: unknown[]) => unknown
      if (key === 'prepare') return (sql: string) => statement(fn.call(target, sql) as object)
      if (key === 'batch')
        return (statements: object[]) => {
          onRoundTrip()
          return fn.call(target, statements.map((s) => originals.get(s) ?? s))
        }
      if (key === 'exec')
        return (sql: string) => {
          onRoundTrip()
          return fn.call(target, sql)
        }
      return fn.bind(target)
    },
  })
}
