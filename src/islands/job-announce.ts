/**
 * What happens when a job reaches a new status (SPEC §4): the 'Job {id} is {status}' snackbar, each
 * error message of a failed job as an error snackbar, the skin of a completed job joins the visitor's
 * own skins, and the generating flag clears 100 ms later unless jobs are still pending.
 * @module
 */
import { GENERATING_CLEAR_DELAY_MS } from '../shared/constants'
import type { I18nValue } from '../shared/i18n/context'
import { jobErrorSnackbars, jobStatusSnackbar } from '../shared/skin/job-notice'
import { jobFinished } from '../shared/skin/job-polling'
import { patchGenerateForm } from '../shared/stores/generate-form'
import { addOwnSkin } from '../shared/stores/my-skins'
import { $queue, hasPendingJobs, type QueueEntry } from '../shared/stores/queue'
import { showSnackbar } from '../shared/stores/snackbars'

/** Announces an entry's current status. */
export function announceJob(entry: QueueEntry, { t, locale }: I18nValue): void {
  showSnackbar(jobStatusSnackbar(entry, t, locale))
  if (entry.job.status === 'failed') for (const snackbar of jobErrorSnackbars(entry)) showSnackbar(snackbar)
  if (entry.job.status === 'completed' && entry.skin) addOwnSkin(entry.skin)
  if (jobFinished(entry)) clearGeneratingSoon()
}

/** Clears the generating flag after 100 ms unless a job is still pending then (SPEC §4). */
export function clearGeneratingSoon(): void {
  setTimeout(() => {
    if (!hasPendingJobs($queue.get())) patchGenerateForm({ generating: false })
  }, GENERATING_CLEAR_DELAY_MS)
}
