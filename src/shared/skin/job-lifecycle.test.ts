/**
 * A job's life in the browser, with an injected clock and random source:
 * display name, progress, the polling schedule and its stop rule, snackbar colours and timeouts.
 */
import { describe, expect, test } from 'bun:test'
import { createTranslator } from '../i18n/translator'
import type { QueueEntry } from '../stores/queue'
import en from '../../../locales/en.json'
import de from '../../../locales/de.json'
import { jobDisplayName, sourceName } from './job-name'
import { jobErrorSnackbars, jobStatusSnackbar, entryDisplayName } from './job-notice'
import { jobFinished, pollDelay, pollsExhausted, shouldStopPolling, POLL } from './job-polling'
import { jobProgress } from './job-progress'

const ID = '0123456789abcdef01234567'
const entry = (over: Partial<QueueEntry['job']> = {}, rest: Partial<QueueEntry> = {}): QueueEntry => ({
  job: { id: ID, status: 'waiting', timestamp: 1_000_000, ...over },
  source: { type: 'upload', content: 'steve.png', name: 'steve.png' },
  check: { last: 0, count: 0 },
  errors: [],
  ...rest,
})

describe('display name (SPEC §3)', () => {
  test('source name cut at the first dot, at most 32 characters, then the first 8 of the job id', () => {
    expect(jobDisplayName(ID, 'steve.png')).toBe('steve (01234567)')
    expect(jobDisplayName(ID, 'knight.v2.png')).toBe('knight (01234567)')
    expect(jobDisplayName(ID, 'x'.repeat(40) + '.png')).toBe(`${'x'.repeat(32)} (01234567)`)
    expect(jobDisplayName(ID)).toBe('(01234567)')
  })
  test('a URL source is named by its last path segment; a player by the name', () => {
    expect(entryDisplayName(entry({}, { source: { type: 'url', content: 'https://ex.org/a/alex.png?size=64', name: 'https://ex.org/a/alex.png?size=64' } }))).toBe('alex (01234567)')
    expect(sourceName({ type: 'url', name: 'https://ex.org/skins/' })).toBe('skins')
    expect(entryDisplayName(entry({}, { source: { type: 'user', content: 'notch', name: 'Notch' } }))).toBe('Notch (01234567)')
  })
})

describe('progress bar (SPEC §4)', () => {
  const t0 = 1_000_000
  test('100 once completed or failed', () => {
    expect(jobProgress({ status: 'completed', timestamp: t0 }, t0)).toBe(100)
    expect(jobProgress({ status: 'failed', timestamp: t0, eta: t0 + 5000 }, t0)).toBe(100)
  })
  test('time elapsed between timestamp and eta plus 100 ms', () => {
    const job = { status: 'processing' as const, timestamp: t0, eta: t0 + 900 }
    expect(jobProgress(job, t0)).toBe(0)
    expect(jobProgress(job, t0 + 500)).toBe(50)
    expect(jobProgress(job, t0 + 999)).toBeCloseTo(99.9)
  })
  test('indeterminate (null) once it reaches 100 while unfinished, or without an eta', () => {
    const job = { status: 'waiting' as const, timestamp: t0, eta: t0 + 900 }
    expect(jobProgress(job, t0 + 1000)).toBeNull()
    expect(jobProgress(job, t0 + 60_000)).toBeNull()
    expect(jobProgress({ status: 'waiting', timestamp: t0 }, t0)).toBeNull()
  })
  test('a browser clock behind the server shows 0, not less', () => {
    expect(jobProgress({ status: 'waiting', timestamp: t0, eta: t0 + 900 }, t0 - 5000)).toBe(0)
  })
})

describe('polling schedule and stop rule (SPEC §9)', () => {
  test('first after 500 ms plus up to 800 ms at random', () => {
    expect(pollDelay(0, () => 0)).toBe(500)
    expect(pollDelay(0, () => 0.5)).toBe(900)
    expect(pollDelay(0, () => 0.999)).toBeCloseTo(1299.2)
  })
  test('then 600 ms plus up to 600 ms at random plus 200 ms per poll made', () => {
    expect(pollDelay(1, () => 0)).toBe(800)
    expect(pollDelay(3, () => 0.5)).toBe(600 + 300 + 600)
    expect(pollDelay(5, () => 0.999)).toBeCloseTo(600 + 599.4 + 1000)
  })
  test('stops after more than 5 polls: at most 6 polls', () => {
    expect(POLL.maxPolls).toBe(5)
    expect([0, 1, 5, 6, 7].map(pollsExhausted)).toEqual([false, false, false, true, true])
    expect(shouldStopPolling(entry(), 5)).toBe(false)
    expect(shouldStopPolling(entry(), 6)).toBe(true)
  })
  test('stops when the job failed, or is done and the skin is present (SPEC §5)', () => {
    expect(jobFinished(entry({ status: 'failed' }))).toBe(true)
    expect(jobFinished(entry({ status: 'completed' }, { skin: 'ab'.repeat(16) }))).toBe(true)
    // completed without a skin is not finished: it is polled again.
    expect(jobFinished(entry({ status: 'completed' }))).toBe(false)
    expect(jobFinished(entry({ status: 'processing' }, { skin: 'ab'.repeat(16) }))).toBe(false)
    expect(shouldStopPolling(entry({ status: 'completed' }, { skin: 'ab'.repeat(16) }), 1)).toBe(true)
  })
})

describe('job snackbars (SPEC §4, §9)', () => {
  const t = createTranslator('en', en)
  test('completed: success, 2000 ms, with a View action to the skin page', () => {
    const skin = 'cd'.repeat(16)
    expect(jobStatusSnackbar(entry({ status: 'completed' }, { skin }), t, 'en')).toEqual({
      text: 'Job steve (01234567) is completed',
      color: 'success',
      timeout: 2000,
      actionLabel: 'View',
      actionLink: `/skins/${skin}`,
    })
  })
  test('the View link keeps the language prefix, and the text is translated', () => {
    const snackbar = jobStatusSnackbar(entry({ status: 'completed' }, { skin: 'cd'.repeat(16) }), createTranslator('de', de), 'de')
    expect(snackbar.actionLink).toBe(`/de/skins/${'cd'.repeat(16)}`)
    expect(snackbar.text).toContain('steve (01234567)')
    expect(snackbar.text).not.toContain(' is completed')
    expect(snackbar.actionLabel).not.toBe('View')
  })
  test('failed: error, 2000 ms, no action; every error message its own error snackbar for 2000 ms', () => {
    const failed = entry({ status: 'failed' }, { errors: [{ code: 'invalid_image', message: 'Not a PNG' }, { message: 'Try another file' }] })
    expect(jobStatusSnackbar(failed, t, 'en')).toEqual({ text: 'Job steve (01234567) is failed', color: 'error', timeout: 2000 })
    expect(jobErrorSnackbars(failed)).toEqual([
      { text: 'Not a PNG', color: 'error', timeout: 2000 },
      { text: 'Try another file', color: 'error', timeout: 2000 },
    ])
  })
  test('any other status: info, 1400 ms', () => {
    expect(jobStatusSnackbar(entry({ status: 'processing' }), t, 'en')).toEqual({ text: 'Job steve (01234567) is processing', color: 'info', timeout: 1400 })
    expect(jobStatusSnackbar(entry({ status: 'completed' }), t, 'en')).toMatchObject({ color: 'success', timeout: 2000 })
    expect(jobStatusSnackbar(entry({ status: 'completed' }), t, 'en')).not.toHaveProperty('actionLink')
  })
})
