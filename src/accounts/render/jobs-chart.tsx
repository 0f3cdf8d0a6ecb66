/**
 * The site status's job chart: one stacked bar per bucket — completed below,
 * failed on top — as inline SVG rendered on the server, no chart library and no script. The SVG is
 * one image for assistive technology (`role="img"`, named by its title and description, which carry
 * the totals); a bucket with jobs has a full-height hover area whose `<title>` is the tooltip a mouse
 * user sees. The bars are one path per colour, so 96 bars stay a few KB of HTML. Colours come from
 * the stylesheet (`.jobs-chart__ok`, `.jobs-chart__failed`), so both themes apply; the SVG stretches
 * to the card's width (there is no text inside it to distort).
 * @module
 */
import type { JobBucket } from '../../api/moderation/site-status'

/** Units of one bar's slot in the viewBox; the bar leaves a fifth of it as a gap. */
const SLOT = 10
const BAR = 8
/** Height of the plot in viewBox units. */
export const CHART_HEIGHT = 100

/** What the chart says in words. */
export interface JobsChartText {
  /** The chart's accessible name. */
  title: string
  /** The chart's description: the totals and what the colours mean. */
  desc: string
  /** Tooltip of one bar. */
  bar: (bucket: JobBucket) => string
}

const round = (n: number) => Math.round(n * 10) / 10

/**
 * Heights of a bucket's two parts in viewBox units, scaled so the tallest bar fills the plot; the
 * failed part is the whole bar's height less the completed part, so rounding never overshoots.
 */
export function barHeights(bucket: JobBucket, max: number): { completed: number; failed: number } {
  if (max <= 0) return { completed: 0, failed: 0 }
  const total = round(((bucket.completed + bucket.failed) / max) * CHART_HEIGHT)
  const completed = round((bucket.completed / max) * CHART_HEIGHT)
  return { completed, failed: round(total - completed) }
}

/** A bar `h` high standing on `bottom` at `x`, as a path segment. */
const bar = (x: number, bottom: number, h: number) => `M${x} ${round(bottom)}v-${h}h${BAR}v${h}z`

/** The chart; `id` prefixes the title and description ids (one chart per page). */
export function JobsChart({ buckets, text, id = 'jobs-chart' }: { buckets: readonly JobBucket[]; text: JobsChartText; id?: string }) {
  const max = buckets.reduce((m, b) => Math.max(m, b.completed + b.failed), 0)
  let ok = ''
  let failed = ''
  const hits: { x: number; bucket: JobBucket }[] = []
  buckets.forEach((b, i) => {
    const x = i * SLOT + (SLOT - BAR) / 2
    const h = barHeights(b, max)
    if (h.completed > 0) ok += bar(x, CHART_HEIGHT, h.completed)
    if (h.failed > 0) failed += bar(x, CHART_HEIGHT - h.completed, h.failed)
    if (b.completed + b.failed > 0) hits.push({ x, bucket: b })
  })
  return (
    <svg
      className="jobs-chart"
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
      viewBox={`0 0 ${buckets.length * SLOT} ${CHART_HEIGHT}`}
      preserveAspectRatio="none"
      xmlns="http://www.w3.org/2000/svg"
    >
      <title id={`${id}-title`}>{text.title}</title>
      <desc id={`${id}-desc`}>{text.desc}</desc>
      {ok && <path className="jobs-chart__ok" d={ok} />}
      {failed && <path className="jobs-chart__failed" d={failed} />}
      <g className="jobs-chart__hits">
        {hits.map(({ x, bucket }) => (
          <rect key={bucket.start} x={x} y={0} width={BAR} height={CHART_HEIGHT}>
            <title>{text.bar(bucket)}</title>
          </rect>
        ))}
      </g>
    </svg>
  )
}
