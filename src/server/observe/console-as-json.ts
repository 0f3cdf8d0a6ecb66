/**
 * With `LOG_FORMAT=json` every line the process writes must be one JSON object, or a log shipper
 * drops or mangles it: so `console.log`/`info`/`warn`/`error` — the server's own messages, the
 * API's error reports, a library's warning — are routed through the logger while the server runs,
 * each as an event `log` whose `message` is what would have been printed (redacted like every
 * field, src/shared/log/redact.ts). The logger itself writes to the streams directly, never through
 * `console`. Undone when the server stops.
 * @module
 */
import { format } from 'node:util'
import type { Logger } from '../../shared/log/logger'

/** Routes the console through `logger`; returns the undo. */
export function consoleAsJson(logger: Logger): () => void {
  const saved = { log: console.log, info: console.info, warn: console.warn, error: console.error }
  console.log = (...args: unknown[]) => logger.info('log', { message: format(...args) })
  console.info = console.log
  console.warn = (...args: unknown[]) => logger.warn('log', { message: format(...args) })
  console.error = (...args: unknown[]) => logger.error('log', { message: format(...args) })
  return () => Object.assign(console, saved)
}
