/**
 * The snackbars a job's life shows (SPEC §4, §9): 'Job {id} is {status}' on every status change —
 * success with a 'View' action to the skin for completed, error for failed, info otherwise; 2000 ms
 * for completed or failed, 1400 ms otherwise — and each error message of a failed job as an error
 * snackbar of its own for 2000 ms.
 * @module
 */
import { SNACKBAR } from '../constants'
import type { Translate } from '../i18n/translator'
import type { Locale } from '../locales'
import { skinPath } from '../routes'
import type { JobStatus } from '../schemas/api/job-info'
import type { QueueEntry } from '../stores/queue'
import type { SnackbarColor, SnackbarInput } from '../stores/snackbars'
import { jobDisplayName, sourceName } from './job-name'

/** Translation keys of the job statuses (literal keys, so the locale check sees them used). */
export const STATUS_LABEL = {
  waiting: 'jobs.status.waiting',
  processing: 'jobs.status.processing',
  completed: 'jobs.status.completed',
  failed: 'jobs.status.failed',
  unknown: 'jobs.status.unknown',
} as const satisfies Record<JobStatus, string>

const COLOR: Partial<Record<JobStatus, SnackbarColor>> = { completed: 'success', failed: 'error' }

/** The name a queue entry is shown under (SPEC §3 display name). */
export const entryDisplayName = (entry: QueueEntry): string => jobDisplayName(entry.job.id, sourceName(entry.source))

/** The snackbar for an entry that just reached its current status. */
export function jobStatusSnackbar(entry: QueueEntry, t: Translate, locale: Locale): SnackbarInput {
  const { status } = entry.job
  const finished = status === 'completed' || status === 'failed'
  const view = status === 'completed' && entry.skin ? { actionLabel: t('jobs.view'), actionLink: skinPath(entry.skin, locale) } : {}
  return {
    text: t('jobs.statusChanged', { name: entryDisplayName(entry), status: t(STATUS_LABEL[status]) }),
    color: COLOR[status] ?? 'info',
    timeout: finished ? SNACKBAR.jobFinishedTimeout : SNACKBAR.jobOtherTimeout,
    ...view,
  }
}

/** One error snackbar per error message of a failed job (SPEC §8 "Failed job"). */
export function jobErrorSnackbars(entry: QueueEntry): SnackbarInput[] {
  return entry.errors.map((error) => ({ text: error.message, color: 'error', timeout: SNACKBAR.toastTimeout }))
}
