/**
 * A job's own page (the generate flow without JavaScript). While the job waits or
 * runs, the page shows its status and progress and loads itself again every second; a completed job
 * redirects to its skin page, a failed one lists the error messages.
 * @module
 */
import type { Handler } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { ApiCallError } from '../../shared/api/api-call-error'
import { useI18n } from '../../shared/i18n/context'
import { ROUTES, localizePath, skinPath } from '../../shared/routes'
import { jobResponseSchema, type JobInfo } from '../../shared/schemas/api'
import { JOB_ID } from '../../shared/schemas/api/patterns'
import { jobProgress } from '../../shared/skin/job-progress'
import type { AppEnv } from '../env'
import { unavailable } from './unavailable'

/** How often the page reloads while the job runs, seconds (reference/mineskin-api.md §2.6: poll at most once per second). */
export const JOB_PAGE_REFRESH_S = 1

/** Body of the job page. */
export function JobPage({ job, errors, now, self }: { job: JobInfo; errors: string[]; now: number; self: string }) {
  const { t, locale } = useI18n()
  const failed = job.status === 'failed'
  const progress = jobProgress(job, now)
  return (
    <section className="page job-page">
      <h1>{t('pages.job.title', { id: job.id.slice(0, 8) })}</h1>
      <p className="page__lead">{t(failed ? 'pages.job.failed' : job.status === 'processing' ? 'pages.job.processing' : 'pages.job.waiting')}</p>
      <progress className="job-page__progress" max={100} value={progress ?? undefined} aria-label={t('pages.job.status')} />
      {failed ? (
        <>
          <ul className="notice notice--error job-page__errors">
            {errors.map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
          <p>
            <a className="button button--primary" href={localizePath(ROUTES.home, locale)}>
              {t('pages.job.tryAgain')}
            </a>
          </p>
        </>
      ) : (
        <p className="job-page__hint">
          {t('pages.job.refreshing')} <a href={self}>{t('pages.job.refreshNow')}</a>
        </p>
      )}
    </section>
  )
}

/** `GET /jobs/{id}`: the job's status; 303 to the skin page once it completed with a skin. */
export const jobPage: Handler<AppEnv> = async (c) => {
  const { t, locale } = c.get('i18n')
  const id = (c.req.param('job') ?? '').toLowerCase()
  if (!JOB_ID.test(id)) throw new HTTPException(404)
  const answer = await c
    .get('api')
    .call(`/v2/queue/${id}`, jobResponseSchema, { silent: true })
    .catch((error: unknown) => {
      if (error instanceof ApiCallError && (error.status === 404 || error.status === 400)) throw new HTTPException(404)
      return unavailable(error)
    })
  if (!answer) throw new HTTPException(404)
  const { job } = answer
  // SPEC §5: a completed skin needs the status completed and the skin present.
  const skin = answer.skin?.uuid ?? (job.status === 'completed' ? job.result : undefined)
  if (job.status === 'completed' && skin) return c.redirect(skinPath(skin, locale), 303)
  const pending = job.status !== 'failed'
  c.header('Cache-Control', 'no-store')
  return c.render(
    <JobPage job={job} errors={(answer.errors ?? []).map((e) => e.message)} now={c.get('options').now().getTime()} self={c.req.path} />,
    { title: t('pages.job.title', { id: job.id.slice(0, 8) }), noindex: true, refresh: pending ? JOB_PAGE_REFRESH_S : undefined },
  )
}
