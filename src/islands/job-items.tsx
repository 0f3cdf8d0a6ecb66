/**
 * Jobs as list rows (SPEC §2 "Job list", §3 display name, §4 progress): thumbnail, display name — a
 * link to the skin once done — status, a progress bar of height 20, and the errors of a failed job.
 * Shared by the drawer's job list and the generate form.
 * @module
 */
import { mdiAlertCircle, mdiCheckCircle, mdiClockOutline } from '@mdi/js'
import { useI18n } from '../shared/i18n/context'
import { skinPath } from '../shared/routes'
import { entryDisplayName, STATUS_LABEL } from '../shared/skin/job-notice'
import { jobProgress } from '../shared/skin/job-progress'
import { isPending, type QueueEntry } from '../shared/stores/queue'
import { Icon } from '../shared/ui/icon'
import { useNow } from './use-now'

const STATUS_ICON: Record<QueueEntry['job']['status'], string> = {
  waiting: mdiClockOutline,
  processing: mdiClockOutline,
  unknown: mdiClockOutline,
  completed: mdiCheckCircle,
  failed: mdiAlertCircle,
}

/** One job row. */
function JobItem({ entry, now }: { entry: QueueEntry; now: number }) {
  const { t, locale } = useI18n()
  const name = entryDisplayName(entry)
  const { status } = entry.job
  const progress = jobProgress(entry.job, now)
  return (
    <li className={`job-item job-item--${status}`}>
      {entry.image ? <img className="job-item__thumb" src={entry.image} alt="" width={40} height={40} decoding="async" /> : <span className="job-item__thumb skeleton" />}
      <div className="job-item__body">
        <div className="job-item__line">
          {status === 'completed' && entry.skin ? (
            <a className="job-item__name" href={skinPath(entry.skin, locale)} aria-label={t('jobs.openSkin', { name })}>
              {name}
            </a>
          ) : (
            <span className="job-item__name">{name}</span>
          )}
          <span className="job-item__status">
            <Icon path={STATUS_ICON[status]} size={16} />
            {t(STATUS_LABEL[status])}
          </span>
        </div>
        {/* A progress element without a value is indeterminate (SPEC §4: past the ETA while unfinished). */}
        <progress className="job-item__progress" max={100} value={progress ?? undefined} aria-label={t('jobs.progress', { name })} />
        {entry.errors.map((error, index) => (
          <p key={index} className="job-item__error">
            {error.message}
          </p>
        ))}
      </div>
    </li>
  )
}

/** Placeholder rows while the list loads (SPEC §2 "skeleton loaders while loading"). */
export function JobSkeletons({ count }: { count: number }) {
  const { t } = useI18n()
  return (
    <ul className="job-list__items" role="list" aria-busy="true" aria-label={t('jobs.loading')}>
      {Array.from({ length: count }, (_, index) => (
        <li key={index} className="job-item job-item--skeleton">
          <span className="job-item__thumb skeleton" />
          <div className="job-item__body">
            <span className="skeleton skeleton--line" />
            <span className="skeleton skeleton--bar" />
          </div>
        </li>
      ))}
    </ul>
  )
}

/** The rows of `entries`; the clock ticks only while one of them is pending. */
export function JobItems({ entries, clock }: { entries: QueueEntry[]; clock?: () => number }) {
  const now = useNow(entries.some((entry) => isPending(entry.job)), 200, clock)
  return (
    <ul className="job-list__items" role="list">
      {entries.map((entry) => (
        <JobItem key={entry.job.id} entry={entry} now={now} />
      ))}
    </ul>
  )
}
