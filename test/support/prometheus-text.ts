/**
 * Reads a Prometheus text exposition (version 0.0.4) as a scraper would, for the metrics tests: the
 * published parser `parse-prometheus-text-format` (ported from the Prometheus Python client's) gives
 * the families, and every line is also held to the format's grammar, so something the library lets
 * pass (a sample before its TYPE, a repeated series, a histogram whose buckets do not add up) fails.
 * @module
 */
import parse from 'parse-prometheus-text-format'

/** One parsed family (the library's shape, prom2json's). */
export interface ParsedFamily {
  name: string
  help: string
  type: 'COUNTER' | 'GAUGE' | 'HISTOGRAM' | 'SUMMARY' | 'UNTYPED'
  metrics: { value?: string; labels?: Record<string, string>; buckets?: Record<string, string>; count?: string; sum?: string }[]
}

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*'
const LABELS = `\\{(?:[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\\\\n]|\\\\[\\\\"n])*"(?:,[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\\\\n]|\\\\[\\\\"n])*")*)?\\}`
const VALUE = '(?:[+-]?(?:\\d+\\.?\\d*(?:[eE][+-]?\\d+)?|\\.\\d+(?:[eE][+-]?\\d+)?)|\\+Inf|-Inf|NaN)'
const SAMPLE = new RegExp(`^(${NAME})(${LABELS})? (${VALUE})$`)
const HELP = new RegExp(`^# HELP (${NAME}) .*$`)
const TYPE = new RegExp(`^# TYPE (${NAME}) (counter|gauge|histogram|summary|untyped)$`)

/** A parsed exposition: the library's families, and every sample by its name and labels. */
export interface Exposition {
  families: Map<string, ParsedFamily>
  /** Sample values by `name{sorted labels}` as {@link seriesKey} writes it. */
  samples: Map<string, number>
}

/** The key of a sample of `name` with `labels` in {@link Exposition.samples}. */
export const seriesKey = (name: string, labels: Record<string, string> = {}) =>
  `${name}${JSON.stringify(Object.entries(labels).sort(([a], [b]) => a.localeCompare(b)))}`

const LABEL_PAIR = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\[\\"n])*)"/g
const unescape = (v: string) => v.replace(/\\(["\\n])/g, (_, c: string) => (c === 'n' ? '\n' : c))
const numberOf = (v: string) => (v === '+Inf' ? Infinity : v === '-Inf' ? -Infinity : Number(v))

/** Parses `text`; throws naming the first line that breaks the format. */
export function parseExposition(text: string): Exposition {
  if (text && !text.endsWith('\n')) throw new Error('the exposition does not end with a line feed')
  const types = new Map<string, string>()
  const samples = new Map<string, number>()
  for (const [i, line] of text.split('\n').entries()) {
    if (line === '') continue
    const where = `line ${i + 1}: ${line.slice(0, 120)}`
    if (line.startsWith('# HELP ')) {
      if (!HELP.test(line)) throw new Error(`bad HELP, ${where}`)
      continue
    }
    const type = TYPE.exec(line)
    if (type) {
      if (types.has(type[1]!)) throw new Error(`second TYPE, ${where}`)
      types.set(type[1]!, type[2]!)
      continue
    }
    if (line.startsWith('#')) continue
    const sample = SAMPLE.exec(line)
    if (!sample) throw new Error(`not a sample, ${where}`)
    const name = sample[1]!
    const family = types.has(name) ? name : name.replace(/_(bucket|sum|count)$/, '')
    if (!types.has(family)) throw new Error(`sample before its TYPE, ${where}`)
    const labels = Object.fromEntries([...(sample[2] ?? '').matchAll(LABEL_PAIR)].map((m) => [m[1]!, unescape(m[2]!)]))
    const key = seriesKey(name, labels)
    if (samples.has(key)) throw new Error(`repeated series, ${where}`)
    samples.set(key, numberOf(sample[3]!))
  }
  // Histograms: per series, the buckets grow with their bound and the +Inf one is the count.
  for (const [family, type] of types) {
    if (type !== 'histogram') continue
    const series = new Map<string, [number, number][]>()
    for (const [key, value] of samples) {
      if (!key.startsWith(`${family}_bucket[`)) continue
      const labels = Object.fromEntries(JSON.parse(key.slice(`${family}_bucket`.length)) as [string, string][])
      const { le, ...rest } = labels
      const k = seriesKey(family, rest)
      series.set(k, [...(series.get(k) ?? []), [numberOf(le!), value]])
    }
    for (const [k, buckets] of series) {
      buckets.sort((a, b) => a[0] - b[0])
      for (let i = 1; i < buckets.length; i++) if (buckets[i]![1] < buckets[i - 1]![1]) throw new Error(`${k}: buckets are not cumulative`)
      const count = samples.get(k.replace(family, `${family}_count`))
      if (buckets.at(-1)![0] !== Infinity || buckets.at(-1)![1] !== count) throw new Error(`${k}: the +Inf bucket is not the count`)
    }
  }
  const families = new Map((parse(text) as ParsedFamily[]).map((f) => [f.name, f]))
  return { families, samples }
}

/** The value of the sample `name` with exactly `labels` (a histogram's `_count`, `_sum`, `_bucket` by their names). */
export function sampleValue(exposition: Exposition, name: string, labels: Record<string, string> = {}): number | undefined {
  return exposition.samples.get(seriesKey(name, labels))
}

/** Every sample of `name`, with its labels. */
export function samplesOf(exposition: Exposition, name: string): { labels: Record<string, string>; value: number }[] {
  return [...exposition.samples]
    .filter(([key]) => key.startsWith(`${name}[`))
    .map(([key, value]) => ({ labels: Object.fromEntries(JSON.parse(key.slice(name.length)) as [string, string][]), value }))
}
