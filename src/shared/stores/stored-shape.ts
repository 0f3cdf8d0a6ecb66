/**
 * Shape checks for what the stores read back from localStorage. Not zod: the stores load on every
 * page before any interaction, where zod/mini alone would cost 7 KB of the 90 KB budget (DESIGN.md
 * §4); answers of the API, which load with the API client, are still parsed with the zod schemas.
 * A check says whether a stored value still has the shape the code expects; a value that does not
 * (an older version, a hand-edited entry) is dropped for the store's initial value.
 * @module
 */

/** A check of one value. */
export type Check = (value: unknown) => boolean

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/** A string. */
export const isString: Check = (value) => typeof value === 'string'
/** A finite number. */
export const isNumber: Check = (value) => typeof value === 'number' && Number.isFinite(value)
/** A boolean. */
export const isBoolean: Check = (value) => typeof value === 'boolean'
/** Absent, or passing `check`. */
export const optional = (check: Check): Check => (value) => value === undefined || check(value)
/** One of the given values. */
export const oneOf = (...values: readonly unknown[]): Check => (value) => values.includes(value)
/** An array whose items all pass `check`. */
export const arrayOf = (check: Check): Check => (value) => Array.isArray(value) && value.every(check)
/** An object whose listed fields pass their checks (other fields are left alone). */
export const shape = (fields: Record<string, Check>): Check => (value) => isObject(value) && Object.entries(fields).every(([key, check]) => check(value[key]))
