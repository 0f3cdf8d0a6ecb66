/**
 * The server's log lines (docs/operations.md "Logs"). `LOG_FORMAT=text` (the default) writes what a
 * person reads in a terminal, `[event] field=value …`; `LOG_FORMAT=json` writes one JSON object a
 * line — `time`, `level`, `event`, then the fields — for a log shipper. Every string is passed
 * through ./redact.ts first, whatever the format.
 * @module
 */
import { redact } from './redact'

/** How lines are written. */
export type LogFormat = 'text' | 'json'

/** How bad it is. */
export type LogLevel = 'info' | 'warn' | 'error'

/** A line's fields: scalars only, so a line stays one line. */
export type LogFields = Record<string, string | number | boolean | null | undefined>

/** Options of {@link createLogger}. */
export interface LoggerOptions {
  format: LogFormat
  /** Where a finished line goes (default: stdout for info, stderr for the rest). */
  write?: (line: string, level: LogLevel) => void
  /** The clock of `time` (default Date.now). */
  now?: () => number
}

const clean = (v: LogFields[string]) => (typeof v === 'string' ? redact(v) : v)

/**
 * Where a line goes by default: straight to the process's streams, since with LOG_FORMAT=json the
 * console itself is routed through a logger (src/server/observe/console-as-json.ts) and a line must
 * not go round twice. A Worker passes its own `write` (the console is what its logs read).
 */
function writeLine(line: string, level: LogLevel): void {
  ;(level === 'info' ? process.stdout : process.stderr).write(`${line}\n`)
}

/** One line in text form: `[event] a=1 b="two words"`. */
function textLine(event: string, fields: LogFields): string {
  const parts = Object.entries(fields)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => {
      const s = String(clean(v))
      return `${k}=${/[\s"=]/.test(s) || s === '' ? JSON.stringify(s) : s}`
    })
  return [`[${event}]`, ...parts].join(' ')
}

/** Creates a logger. */
export function createLogger(o: LoggerOptions) {
  const now = o.now ?? Date.now
  const write = o.write ?? writeLine
  const line = (level: LogLevel, event: string, fields: LogFields) => {
    if (o.format === 'json') {
      const entry: Record<string, unknown> = { time: new Date(now()).toISOString(), level, event }
      for (const [k, v] of Object.entries(fields)) if (v !== undefined) entry[k] = clean(v)
      write(JSON.stringify(entry), level)
    } else write(textLine(event, fields), level)
  }
  return {
    format: o.format,
    info: (event: string, fields: LogFields = {}) => line('info', event, fields),
    warn: (event: string, fields: LogFields = {}) => line('warn', event, fields),
    error: (event: string, fields: LogFields = {}) => line('error', event, fields),
  }
}

/** A logger. */
export type Logger = ReturnType<typeof createLogger>
