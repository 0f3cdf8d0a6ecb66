/**
 * Job display name (SPEC §3): the source name (for URL sources the last path segment), cut at the
 * first dot, at most 32 characters, followed by the first 8 characters of the job id in parentheses.
 * @module
 */
import { JOB_NAME } from '../constants'

/** Where a job's input came from (SPEC §3 "Generate types"). */
export type JobSourceType = 'upload' | 'url' | 'user'

/** The name a source contributes: a file name, the last segment of a URL, or a player name. */
export function sourceName(source: { type: JobSourceType; name: string }): string {
  const name = source.name.trim()
  if (source.type !== 'url') return name
  const path = name.replace(/[?#].*$/, '').replace(/\/+$/, '')
  return path.slice(path.lastIndexOf('/') + 1)
}

/** The name shown for a job in the drawer and in notices, from its id and its source name. */
export function jobDisplayName(jobId: string, name = ''): string {
  const shortId = jobId.slice(0, JOB_NAME.idLength)
  const dot = name.indexOf('.')
  const base = (dot >= 0 ? name.slice(0, dot) : name).slice(0, JOB_NAME.maxLength)
  return base ? `${base} (${shortId})` : `(${shortId})`
}
