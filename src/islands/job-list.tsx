/**
 * The drawer's job list (SPEC §2 "Job list"): header 'Jobs' with 'Show My Skins', the newest jobs
 * (at most 8, none older than 2 days — SPEC §9), skeleton rows while the list refreshes, empty state
 * 'No jobs in queue'. Scrolls within 50vh.
 * @module
 */
import { useStore } from '@nanostores/react'
import { useI18n } from '../shared/i18n/context'
import { ROUTES, localizePath } from '../shared/routes'
import { $queue, $queueRefreshing, visibleEntries } from '../shared/stores/queue'
import { JobItems, JobSkeletons } from './job-items'

/** Skeleton rows shown while the list refreshes with nothing to show yet. */
const SKELETON_ROWS = 3

/** The job list; renders the empty state on the server and fills from localStorage after hydration. */
export function JobList({ now }: { now: () => number }) {
  const { t, locale } = useI18n()
  const entries = visibleEntries(useStore($queue, { ssr: () => ({}) }), now())
  // The server never refreshes: hydration starts from 'not refreshing' even if a refresh began before it.
  const refreshing = useStore($queueRefreshing, { ssr: () => false })
  return (
    <section className="job-list" aria-labelledby="job-list-title">
      <header className="job-list__header">
        <h2 id="job-list-title" className="job-list__title">
          {t('jobs.title')}
        </h2>
        <a href={localizePath(ROUTES.mySkins, locale)}>{t('jobs.showMySkins')}</a>
      </header>
      {entries.length > 0 ? (
        <JobItems entries={entries} clock={now} />
      ) : refreshing ? (
        <JobSkeletons count={SKELETON_ROWS} />
      ) : (
        <p className="job-list__empty">{t('jobs.empty')}</p>
      )}
    </section>
  )
}
