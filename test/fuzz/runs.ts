/**
 * How many cases each fuzz property runs: a bounded number in the README test
 * command, thousands under `bun run bench` (test/bench/fuzz.bench.ts sets `FUZZ_RUNS`). A failing
 * case prints its seed and path; `FUZZ_SEED=<seed>` replays it.
 * @module
 */
import fc from 'fast-check'

/** Cases per property: `FUZZ_RUNS` when set (bench), else the suite's bounded default. */
export function fuzzRuns(defaultRuns: number): number {
  const env = Number(process.env.FUZZ_RUNS)
  return Number.isInteger(env) && env > 0 ? env : defaultRuns
}

/** Whether the suites run in bench mode (many cases): the tests then need a longer timeout. */
export const fuzzHeavy = (): boolean => Number(process.env.FUZZ_RUNS) > 0

/** Test timeout for a property of `defaultRuns` cases: generous in bench mode, 30 s otherwise. */
export const fuzzTimeout = (): number => (fuzzHeavy() ? 30 * 60_000 : 30_000)

/** fast-check parameters of one property: its number of runs, and the replay seed when given. */
export function fuzzParams<T>(defaultRuns: number): fc.Parameters<T> {
  const seed = Number(process.env.FUZZ_SEED)
  return { numRuns: fuzzRuns(defaultRuns), ...(Number.isInteger(seed) ? { seed } : {}) }
}

/** Runs an async property with {@link fuzzParams}; fast-check reports the seed and shrunk case on failure. */
export async function checkAsync<Ts extends [unknown, ...unknown[]]>(
  defaultRuns: number,
  ...args: [...arbitraries: { [K in keyof Ts]: fc.Arbitrary<Ts[K]> }, predicate: (...values: Ts) => Promise<boolean | void>]
): Promise<void> {
  // `asyncProperty` is variadic; the tuple of arbitraries plus the predicate passes straight through.
  const property = (fc.asyncProperty as unknown as (...a: unknown[]) => fc.IAsyncProperty<Ts>)(...args)
  await fc.assert(property, fuzzParams<Ts>(defaultRuns))
}
