/**
 * The drawer's job list (SPEC §2 "Job list"): header 'Jobs' with 'Show My Skins', the newest jobs
 * (at most 8, none older than 2 days — SPEC §9), empty state 'No jobs in queue'. Scrolls within 50vh.
 * @module
 */
import { mdiAlertCircle, mdiCheckCircle, mdiProgressClock } from '@mdi/js'
import { useStore } from '@nanostores/react'
import { useI18n } from '../shared/i18n/context'
import { ROUTES, localizePath, skinPath } from '../shared/routes'
import { jobDisplayName } from '../shared/skin/job-name'
import { $jobs, visibleJobs, type QueuedJob } from '../shared/stores/queue'
import { Icon } from '../shared/ui/icon'

const STATUS_ICON: Record<QueuedJob['status'], string> = {
  waiting: mdiProgressClock,
  processing: mdiProgressClock,
  unknown: mdiProgressClock,
  completed: mdiCheckCircle,
  failed: mdiAlertCircle,
}

/** The job list; renders the empty state on the server and fills from localStorage after hydration. */
export function JobList({ now }: { now: () => number }) {
  const { t, locale } = useI18n()
  const jobs = visibleJobs(useStore($jobs, { ssr: () => ({}) }), now())
  return (
    <section className="job-list" aria-labelledby="job-list-title">
      <header className="job-list__header">
        <h2 id="job-list-title" className="job-list__title">
          {t('jobs.title')}
        </h2>
        <a href={localizePath(ROUTES.mySkins, locale)}>{t('jobs.showMySkins')}</a>
      </header>
      {jobs.length === 0 ? (
        <p className="job-list__empty">{t('jobs.empty')}</p>
      ) : (
        <ul className="job-list__items" role="list">
          {jobs.map((job) => {
            const name = jobDisplayName(job.id, job.originalName)
            return (
              <li key={job.id} className={`job-item job-item--${job.status}`}>
                <Icon path={STATUS_ICON[job.status]} className="job-item__icon" />
                {job.status === 'completed' && job.result ? (
                  <a href={skinPath(job.result, locale)}>{name}</a>
                ) : (
                  <span>{name}</span>
                )}
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}
