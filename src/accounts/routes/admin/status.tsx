/**
 * `GET /admin`, the console's site status, admins only (a moderator is sent on to
 * the report queue, the part of the console that is theirs): finished jobs of the last 24 h as a
 * server-rendered SVG chart (../../render/jobs-chart.tsx) with jobs per minute and the failure rate,
 * jobs finished since counting began with the median wait and run times, the queue, the signer and
 * its health (the pool's accounts by status), open reports, storage used against the budget and the
 * last backup — the all-time jobs, queue, pool and storage from the same reads as `/metrics`
 * (docs/operations.md "Metrics"), so the two never disagree. One read of the site-status service
 * (src/api/moderation/site-status.ts), which stays on indexes: test/bench/admin.bench.ts
 * holds it under 50 ms at 1 M skins.
 * @module
 */
import type { Context } from 'hono'
import { Hono } from 'hono'
import type { PoolAccountStatus } from '../../../api/signing/pool/pool-views'
import { siteStatus, type JobBucket, type SiteStatus } from '../../../api/moderation/site-status'
import type { QuantileEstimate } from '../../../api/metrics/histogram-quantile'
import type { MessageKey } from '../../../shared/i18n/translator'
import { href } from '../../context'
import type { AccountsEnv } from '../../env'
import { AdminNav } from '../../render/admin-nav'
import { JobsChart } from '../../render/jobs-chart'
import { renderPage } from '../../render/shell'
import { SignOutButton } from '../../render/sign-out-button'
import { SIGNING_PATH } from '../../render/signing-accounts-parts'
import { requireStaff, siteSql } from '../../require-staff'
import { formatTime } from '../keys-shared'
import { clockOf } from './reports'
import { ConsoleCard } from './console-card'

/** Where the status lives. */
export const STATUS_PATH = '/admin'

const SIGNER_KIND = {
  local: 'accounts.admin.status.signer.local',
  mojang: 'accounts.admin.status.signer.mojang',
  upstream: 'accounts.admin.status.signer.upstream',
} as const satisfies Record<string, MessageKey>

const HEALTH = {
  ok: 'accounts.admin.status.signer.ok',
  degraded: 'accounts.admin.status.signer.degraded',
  down: 'accounts.admin.status.signer.down',
} as const satisfies Record<string, MessageKey>

/** Pool statuses, worded as the signing-accounts page words them. */
const POOL_STATUS: Record<PoolAccountStatus, MessageKey> = {
  ready: 'accounts.signing.status.ready',
  cooling_down: 'accounts.signing.status.cooling_down',
  needs_sign_in: 'accounts.signing.status.needs_sign_in',
  out_of_rotation: 'accounts.signing.status.out_of_rotation',
  paused: 'accounts.signing.status.paused',
  disabled: 'accounts.signing.status.disabled',
}

/** Bytes as kB/MB/GB in the page's language. */
export function formatBytes(locale: string, bytes: number): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const
  let v = bytes
  let i = 0
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024
    i++
  }
  return new Intl.NumberFormat(locale, { style: 'unit', unit: units[i], unitDisplay: 'short', maximumFractionDigits: v < 10 && i > 0 ? 1 : 0 }).format(v)
}

/** An estimated duration in the page's language: milliseconds under a second, else seconds. */
export function formatDuration(locale: string, seconds: number): string {
  if (seconds < 1) return new Intl.NumberFormat(locale, { style: 'unit', unit: 'millisecond', unitDisplay: 'short', maximumFractionDigits: 0 }).format(seconds * 1000)
  return new Intl.NumberFormat(locale, { style: 'unit', unit: 'second', unitDisplay: 'short', maximumFractionDigits: seconds < 10 ? 1 : 0 }).format(seconds)
}

/** One fact of a card. */
const Fact = ({ label, value, testId }: { label: string; value: React.ReactNode; testId?: string }) => (
  <div data-testid={testId}>
    <dt>{label}</dt>
    <dd>{value}</dd>
  </div>
)

/** The status's cards. */
function StatusCards({ c, s, backupsDir }: { c: Context<AccountsEnv>; s: SiteStatus; backupsDir: string | null }) {
  const t = c.get('t')
  const locale = c.get('locale')
  const num = (n: number) => new Intl.NumberFormat(locale).format(n)
  const pct = (x: number) => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(x)
  const time = (ms: number) => new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' }).format(ms)
  const finished = s.jobs.completed + s.jobs.failed
  const buckets = s.jobs.buckets
  const from = buckets[0]?.start ?? s.now
  // Two decimals, or one significant digit below 0.01, so a quiet day does not read as zero jobs.
  const perMinute = (n: number, minutes: number) => {
    const rate = n / minutes
    return new Intl.NumberFormat(locale, rate > 0 && rate < 0.01 ? { maximumSignificantDigits: 1 } : { maximumFractionDigits: 2 }).format(rate)
  }
  const chartText = {
    title: t('accounts.admin.status.jobs.chartTitle'),
    desc: t('accounts.admin.status.jobs.chartDesc', { completed: num(s.jobs.completed), failed: num(s.jobs.failed), from: formatTime(locale, from).replace(/ UTC$/, ''), to: time(s.now) }),
    bar: (b: JobBucket) => t('accounts.admin.status.jobs.bar', { time: time(b.start), completed: num(b.completed), failed: num(b.failed) }),
  }
  const { usedBytes, budgetBytes } = s.storage
  // Medians are estimates from the histogram buckets (src/api/metrics/histogram-quantile.ts); past the last bucket only a lower bound is known.
  const median = (m: QuantileEstimate | null) => (m === null ? '—' : m.above ? t('accounts.admin.status.allTime.over', { value: formatDuration(locale, m.seconds) }) : formatDuration(locale, m.seconds))
  return (
    <>
      <section className="card admin-status__jobs" aria-labelledby="status-jobs">
        <h2 className="card__title" id="status-jobs">
          {t('accounts.admin.status.jobs.title')}
        </h2>
        {finished === 0 ? (
          <p className="field-hint--muted" data-testid="jobs-none">
            {t('accounts.admin.status.jobs.none')}
          </p>
        ) : (
          <>
            <JobsChart buckets={buckets} text={chartText} />
            <p className="field-hint--muted admin-status__scale">
              {t('accounts.admin.status.jobs.scale', { n: num(Math.max(...buckets.map((b) => b.completed + b.failed))) })}
            </p>
          </>
        )}
        <dl className="facts">
          <Fact label={t('accounts.admin.status.jobs.completed')} value={num(s.jobs.completed)} testId="jobs-completed" />
          <Fact label={t('accounts.admin.status.jobs.failed')} value={num(s.jobs.failed)} testId="jobs-failed" />
          <Fact label={t('accounts.admin.status.jobs.failureRate')} value={finished ? pct(s.jobs.failed / finished) : '—'} />
          <Fact label={t('accounts.admin.status.jobs.perMinute')} value={perMinute(finished, 24 * 60)} testId="jobs-per-minute" />
          {s.jobs.peak ? (
            <Fact
              label={t('accounts.admin.status.jobs.peak')}
              value={t('accounts.admin.status.jobs.peakValue', { rate: perMinute(s.jobs.peak.completed + s.jobs.peak.failed, 15), time: time(s.jobs.peak.start) })}
            />
          ) : null}
        </dl>
      </section>

      <div className="admin-status__grid">
        <ConsoleCard id="status-all-time" title={t('accounts.admin.status.allTime.title')}>
          <dl className="facts">
            <Fact label={t('accounts.admin.status.jobs.completed')} value={num(s.allTime.completed)} testId="all-time-completed" />
            <Fact label={t('accounts.admin.status.jobs.failed')} value={num(s.allTime.failed)} testId="all-time-failed" />
            <Fact label={t('accounts.admin.status.allTime.waitMedian')} value={median(s.allTime.waitMedian)} testId="all-time-wait" />
            <Fact label={t('accounts.admin.status.allTime.runMedian')} value={median(s.allTime.runMedian)} testId="all-time-run" />
          </dl>
          <p className="field-hint--muted">{t('accounts.admin.status.allTime.note')}</p>
        </ConsoleCard>

        <ConsoleCard id="status-queue" title={t('accounts.admin.status.queue.title')}>
          <dl className="facts">
            <Fact label={t('accounts.admin.status.queue.waiting')} value={num(s.queue.waiting)} testId="queue-waiting" />
            <Fact label={t('accounts.admin.status.queue.processing')} value={num(s.queue.processing)} testId="queue-processing" />
          </dl>
        </ConsoleCard>

        <ConsoleCard id="status-signer" title={t('accounts.admin.status.signer.title')}>
          <dl className="facts">
            <Fact label={t('accounts.admin.status.signer.kind')} value={s.signer.kind ? t(SIGNER_KIND[s.signer.kind]) : t('accounts.admin.status.signer.unknown')} testId="signer-kind" />
            <Fact
              label={t('accounts.admin.status.signer.health')}
              value={<span className={s.signer.health === 'ok' ? 'chip' : 'chip chip--warning'}>{t(HEALTH[s.signer.health])}</span>}
              testId="signer-health"
            />
            {s.signer.origin ? <Fact label={t('accounts.admin.status.signer.origin')} value={<code>{s.signer.origin}</code>} /> : null}
            {s.signer.pool ? (
              <Fact
                label={t('accounts.admin.status.signer.accounts')}
                value={(Object.keys(s.signer.pool) as PoolAccountStatus[])
                  .filter((k) => s.signer.pool![k] > 0)
                  .map((k) => `${t(POOL_STATUS[k])}: ${num(s.signer.pool![k])}`)
                  .join(' · ') || '0'}
                testId="signer-pool"
              />
            ) : null}
          </dl>
          {s.signer.kind === 'mojang' && c.get('deps').pool ? (
            <a className="button button--outlined button--small" href={href(c, SIGNING_PATH)}>
              {t('accounts.admin.status.signer.manage')}
            </a>
          ) : null}
        </ConsoleCard>

        <ConsoleCard id="status-reports" title={t('accounts.admin.status.reports.title')}>
          <dl className="facts">
            <Fact label={t('accounts.admin.status.reports.open')} value={num(s.reports.open)} testId="reports-open" />
            <Fact label={t('accounts.admin.status.reports.skins')} value={num(s.reports.skins)} testId="reports-skins" />
          </dl>
          <a className="button button--outlined button--small" href={href(c, '/admin/reports')}>
            {t('accounts.admin.status.reports.link')}
          </a>
        </ConsoleCard>

        <ConsoleCard id="status-storage" title={t('accounts.admin.status.storage.title')}>
          {usedBytes === null ? (
            <p className="field-hint--muted">{t('accounts.admin.status.storage.notCounted')}</p>
          ) : (
            <dl className="facts">
              <Fact label={t('accounts.admin.status.storage.used')} value={formatBytes(locale, usedBytes)} testId="storage-used" />
              {budgetBytes === null ? null : (
                <Fact label={t('accounts.admin.status.storage.budget')} value={budgetBytes === 0 ? t('accounts.admin.status.storage.noBudget') : formatBytes(locale, budgetBytes)} />
              )}
            </dl>
          )}
          {usedBytes !== null && budgetBytes ? (
            <>
              <meter className="admin-status__meter" min={0} max={budgetBytes} high={budgetBytes * 0.8} value={usedBytes} aria-labelledby="status-storage" />
              <p className="field-hint--muted">{t('accounts.admin.status.storage.meter', { percent: pct(usedBytes / budgetBytes) })}</p>
            </>
          ) : null}
        </ConsoleCard>

        <ConsoleCard id="status-backup" title={t('accounts.admin.status.backup.title')}>
          {s.backup ? (
            <dl className="facts">
              <Fact label={t('accounts.admin.status.backup.when')} value={formatTime(locale, s.backup.at)} testId="backup-when" />
              <Fact label={t('accounts.admin.status.backup.file')} value={<code>{s.backup.file}</code>} />
            </dl>
          ) : backupsDir ? (
            <>
              <p className="field-hint--muted" data-testid="backup-never">
                {t('accounts.admin.status.backup.never', { dir: backupsDir })}
              </p>
              <pre className="admin-status__command">
                <code>bun run backup</code>
              </pre>
            </>
          ) : (
            <p className="field-hint--muted">{t('accounts.admin.status.signer.unknown')}</p>
          )}
          {s.backup && backupsDir ? <p className="field-hint--muted">{t('accounts.admin.status.backup.where', { dir: backupsDir })}</p> : null}
        </ConsoleCard>

        <ConsoleCard id="status-skins" title={t('accounts.admin.status.skins.title')}>
          <dl className="facts">
            <Fact label={t('accounts.admin.status.skins.new')} value={num(s.skins.new)} testId="skins-new" />
            <Fact label={t('accounts.admin.status.skins.duplicate')} value={num(s.skins.duplicate)} />
          </dl>
          <p className="field-hint--muted">{t('accounts.admin.status.skins.note')}</p>
        </ConsoleCard>
      </div>
    </>
  )
}

/** Builds the status route. */
export function statusRoutes() {
  const app = new Hono<AccountsEnv>()

  app.get(STATUS_PATH, async (c) => {
    const staff = await requireStaff(c, 'moderator')
    if (staff instanceof Response) return staff
    if (staff.role !== 'admin') return c.redirect(href(c, '/admin/reports'), 303)
    const deps = c.get('deps')
    const cfg = deps.siteStatus
    const pool = deps.pool
    const s = await siteStatus({
      sql: siteSql(c),
      now: clockOf(c)(),
      signer: cfg?.signer ?? null,
      poolCounts: pool ? () => pool.counts() : undefined,
      storageBudgetBytes: cfg ? cfg.storageBudgetBytes : null,
      lastBackup: async () => cfg?.lastBackup() ?? null,
    })
    const t = c.get('t')
    return renderPage(
      c,
      t('accounts.admin.status.title'),
      <>
        <AdminNav c={c} role={staff.role} current={STATUS_PATH} />
        <section className="card">
          <h1 className="card__title">{t('accounts.admin.status.title')}</h1>
          <p className="field-hint--muted">{t('accounts.admin.status.lead')}</p>
        </section>
        <StatusCards c={c} s={s} backupsDir={cfg?.backupsDir ?? null} />
      </>,
      { actions: <SignOutButton c={c} /> },
    )
  })

  return app
}

/** Registers the status route (console registry, ./index.ts). */
export const registerStatusRoutes = (app: Hono<AccountsEnv>) => {
  app.route('/', statusRoutes())
}
