/**
 * The Prometheus text exposition format, version 0.0.4 (prometheus.io/docs/instrumenting/exposition_formats/):
 * one `# HELP` and `# TYPE` line per family, then a line per sample, `name{label="value",…} value`.
 * Label values escape backslash, double quote and line feed; HELP text escapes backslash and line
 * feed; numbers are Go-style floats (`+Inf`, `-Inf`, `NaN`). A histogram family writes its
 * cumulative `_bucket{le=…}` samples, `_sum` and `_count`. Pure: the registry (./registry.ts) and the
 * families read from the database at scrape time both render through here.
 * @module
 */

/** Label names and values of one sample, in the order they are written. */
export type Labels = Readonly<Record<string, string>>

/** One counter or gauge sample. */
export interface Sample {
  labels: Labels
  value: number
}

/** One histogram series: cumulative counts per upper bound (`+Inf` last), the sum and the count. */
export interface HistogramSample {
  labels: Labels
  /** Upper bounds, ascending, without `+Inf`. */
  buckets: readonly number[]
  /** Observations ≤ each bound, cumulative, one more entry than `buckets` for `+Inf`. */
  cumulative: readonly number[]
  sum: number
  count: number
}

/** A metric family as it is written. */
export type MetricFamily =
  | { name: string; help: string; type: 'counter' | 'gauge'; samples: readonly Sample[] }
  | { name: string; help: string; type: 'histogram'; samples: readonly HistogramSample[] }

/** The content type of {@link renderExposition}'s text. */
export const EXPOSITION_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8'

/** A valid metric name (prometheus.io/docs/concepts/data_model/). */
export const METRIC_NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/
/** A valid label name (names starting with `__` are reserved). */
export const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/

/** A number as the format writes it. */
export function formatValue(v: number): string {
  if (Number.isNaN(v)) return 'NaN'
  if (v === Infinity) return '+Inf'
  if (v === -Infinity) return '-Inf'
  return String(v)
}

const escapeLabel = (v: string) => v.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')
const escapeHelp = (v: string) => v.replace(/\\/g, '\\\\').replace(/\n/g, '\\n')

/** `{a="1",b="2"}`, or nothing without labels. */
function labelText(labels: Labels, extra?: [string, string]): string {
  const pairs = Object.entries(labels).map(([k, v]) => `${k}="${escapeLabel(v)}"`)
  if (extra) pairs.push(`${extra[0]}="${escapeLabel(extra[1])}"`)
  return pairs.length ? `{${pairs.join(',')}}` : ''
}

/** The exposition of `families`, in the order given, ending with a line feed. */
export function renderExposition(families: readonly MetricFamily[]): string {
  const out: string[] = []
  for (const f of families) {
    out.push(`# HELP ${f.name} ${escapeHelp(f.help)}`, `# TYPE ${f.name} ${f.type}`)
    if (f.type === 'histogram') {
      for (const s of f.samples) {
        s.buckets.forEach((le, i) => out.push(`${f.name}_bucket${labelText(s.labels, ['le', formatValue(le)])} ${formatValue(s.cumulative[i] ?? 0)}`))
        out.push(`${f.name}_bucket${labelText(s.labels, ['le', '+Inf'])} ${formatValue(s.cumulative[s.buckets.length] ?? s.count)}`)
        out.push(`${f.name}_sum${labelText(s.labels)} ${formatValue(s.sum)}`, `${f.name}_count${labelText(s.labels)} ${formatValue(s.count)}`)
      }
    } else {
      for (const s of f.samples) out.push(`${f.name}${labelText(s.labels)} ${formatValue(s.value)}`)
    }
  }
  return out.length ? `${out.join('\n')}\n` : ''
}
