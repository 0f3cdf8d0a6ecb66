/**
 * The job queue (SPEC §3 "Queue entry", §4, §9): every job this browser started, with where it came
 * from, how often it was checked, its thumbnail, its skin and its errors. Persisted in localStorage,
 * so jobs survive page loads and every tab shows the same list (storage events keep tabs in sync).
 * @module
 */
import { persistentMap } from '@nanostores/persistent'
import { atom, computed, onMount } from 'nanostores'
import { QUEUE_VIEW } from '../constants'
import { JOB_STATUSES } from '../schemas/api/enums'
import type { JobInfo } from '../schemas/api/job-info'
import { arrayOf, isNumber, isString, oneOf, optional, shape } from './stored-shape'

/** localStorage key prefix of the queue: one key per job. */
export const QUEUE_KEY_PREFIX = 'ssg:queue:'

/** Where a job's input came from (SPEC §3 "Generate types"). */
export interface JobSource {
  type: 'upload' | 'url' | 'user'
  /** The file name, the URL, or the player name or uuid as typed. */
  content: string
  /** Name shown for the job (SPEC §3 display name): file name, URL or player name. */
  name: string
}

/** One job as the browser remembers it (SPEC §3 "Queue entry"). */
export interface QueueEntry {
  job: JobInfo
  source: JobSource
  /** When the job was last polled (epoch ms) and how many polls this page load made. */
  check: { last: number; count: number }
  /** Thumbnail URL (the uploaded image, then the head render of the signed skin). */
  image?: string
  /** Skin uuid once the job completed with a skin. */
  skin?: string
  /** Error messages of a failed job. */
  errors: { code?: string; message: string }[]
}

/** The stored shape of a queue entry (the job part mirrors `schemas/api/job-info.ts`). */
const isQueueEntry = shape({
  job: shape({ id: isString, status: oneOf(...JOB_STATUSES), timestamp: isNumber, eta: optional(isNumber), result: optional(isString) }),
  source: shape({ type: oneOf('upload', 'url', 'user'), content: isString, name: isString }),
  check: shape({ last: isNumber, count: isNumber }),
  image: optional(isString),
  skin: optional(isString),
  errors: arrayOf(shape({ code: optional(isString), message: isString })),
})

/** A stored entry, or undefined when it no longer has the expected shape. */
function decodeEntry(raw: string): QueueEntry {
  try {
    const value: unknown = JSON.parse(raw)
    return (isQueueEntry(value) ? value : undefined) as QueueEntry
  } catch {
    return undefined as unknown as QueueEntry
  }
}

/**
 * All remembered jobs by job id, one localStorage key per job (`ssg:queue:<id>`): a tab that writes a
 * job never writes the others, so two tabs adding and polling jobs at once cannot undo each other.
 */
export const $queue = persistentMap<Record<string, QueueEntry>>(QUEUE_KEY_PREFIX, {}, { encode: JSON.stringify, decode: decodeEntry })

// Entries that failed the shape check were read as undefined: drop them from memory and storage.
onMount($queue, () => {
  for (const [id, entry] of Object.entries($queue.get())) if (!entry) $queue.setKey(id, undefined as unknown as QueueEntry)
})

/** True while the job still waits or runs. */
export const isPending = (job: Pick<JobInfo, 'status'>): boolean => job.status === 'waiting' || job.status === 'processing'

/** The entries newest first. */
const newestFirst = (entries: Record<string, QueueEntry>) => Object.values(entries).sort((a, b) => b.job.timestamp - a.job.timestamp)

/** True when the job is older than the queue keeps jobs (SPEC §9: 2 days). */
const expired = (entry: QueueEntry, now: number) => now - entry.job.timestamp > QUEUE_VIEW.maxAgeMs

/** The entries the job list shows: newest first, at most 8, none older than 2 days (SPEC §9). */
export function visibleEntries(entries: Record<string, QueueEntry>, now: number): QueueEntry[] {
  return newestFirst(entries)
    .filter((entry) => !expired(entry, now))
    .slice(0, QUEUE_VIEW.maxJobs)
}

/** The entries without jobs older than 2 days (SPEC §9 "jobs older than 2 days removed"); the same object when nothing expired. */
export function withoutExpired(entries: Record<string, QueueEntry>, now: number): Record<string, QueueEntry> {
  const kept = Object.entries(entries).filter(([, entry]) => !expired(entry, now))
  return kept.length === Object.keys(entries).length ? entries : Object.fromEntries(kept)
}

/** Removes expired jobs from the store. */
export function purgeExpiredJobs(now: number): void {
  const current = $queue.get()
  const kept = withoutExpired(current, now)
  for (const id of Object.keys(current)) if (!(id in kept)) $queue.setKey(id, undefined as unknown as QueueEntry)
}

/** Adds or replaces an entry. */
export function putQueueEntry(entry: QueueEntry): void {
  $queue.setKey(entry.job.id, entry)
}

/** Changes an entry in place; a job that is no longer in the store stays gone. */
export function updateQueueEntry(id: string, change: (entry: QueueEntry) => QueueEntry): void {
  const current = $queue.get()[id]
  if (current) putQueueEntry(change(current))
}

/** Folds the server's job list into the store, writing only the jobs it names. */
export function applyServerJobs(jobs: JobInfo[]): void {
  const merged = mergeServerJobs($queue.get(), jobs)
  for (const job of jobs) putQueueEntry(merged[job.id]!)
}

/** The source of a job known only from the server's list: its `originalName`, a URL when it looks like one. */
const serverSource = (name: string): JobSource => ({ type: /^https?:\/\//i.test(name) ? 'url' : 'upload', content: name, name })

/**
 * Folds the server's job list (`GET /v2/queue`, signed in — SPEC §4) into the entries: known jobs take
 * the server's status, unknown ones join with what the list tells (their `originalName`).
 */
export function mergeServerJobs(entries: Record<string, QueueEntry>, jobs: JobInfo[]): Record<string, QueueEntry> {
  const merged = { ...entries }
  for (const job of jobs) {
    const known = merged[job.id]
    // A finished job stays finished: a list read before it finished may arrive after the news.
    if (known && !isPending(known.job) && isPending(job)) continue
    merged[job.id] = known
      ? { ...known, job: { ...known.job, ...job }, skin: known.skin ?? (job.status === 'completed' ? job.result : undefined) }
      : { job, source: serverSource(job.originalName ?? ''), check: { last: 0, count: 0 }, skin: job.status === 'completed' ? job.result : undefined, errors: [] }
  }
  return merged
}

/** Badge state of the jobs button (SPEC §2): none, warning while any job is pending, else success. */
export type JobsBadge = 'none' | 'pending' | 'done'

/** Computes the badge from the remembered jobs. */
export function jobsBadge(entries: Record<string, QueueEntry>): JobsBadge {
  const list = Object.values(entries)
  if (list.length === 0) return 'none'
  return list.some((entry) => isPending(entry.job)) ? 'pending' : 'done'
}

/** The badge as a derived store, so the button re-renders only when the badge changes. */
export const $jobsBadge = computed($queue, jobsBadge)

/** True when any remembered job still waits or runs. */
export const hasPendingJobs = (entries: Record<string, QueueEntry>): boolean => Object.values(entries).some((entry) => isPending(entry.job))

/** True while the job list is being refreshed from the server (the list shows skeleton rows, SPEC §2). */
export const $queueRefreshing = atom(false)
