/**
 * Error logs in one line (a failed request is logged at most once, in one line):
 * the error's name and message, and the first stack frame that says where it happened.
 * @module
 */

/** `TypeError: x is undefined (at fn (file.ts:12:3))`, whitespace collapsed, at most `max` characters. */
export function oneLineError(error: unknown, max = 400): string {
  if (!(error instanceof Error)) return String(error).replace(/\s+/g, ' ').slice(0, max)
  const frame = error.stack?.split('\n').find((line) => /^\s+at /.test(line))?.trim()
  const text = `${error.name}: ${error.message}${frame ? ` (${frame})` : ''}`
  return text.replace(/\s+/g, ' ').slice(0, max)
}
