/**
 * Content-coding negotiation (RFC 9110 §12.5.3 Accept-Encoding): which of the codings the server has
 * the client takes, by the client's q-values, the server's order breaking ties. Shared by the
 * precompressed static files and the on-the-fly compression of pages and JSON (docs/performance.md
 * "Compression").
 * @module
 */

/** The codings this server produces, in its order of preference (Brotli is ~15 % smaller). */
export type Coding = 'br' | 'gzip'

/** Both codings, preferred first. */
export const CODINGS: readonly Coding[] = ['br', 'gzip']

/** The q-value of each listed coding (lower-cased; `x-gzip` counts as `gzip`, RFC 9110 §8.4.1.3). */
function parseAcceptEncoding(header: string): Map<string, number> {
  const weights = new Map<string, number>()
  for (const part of header.split(',')) {
    const [name, ...params] = part.split(';')
    let coding = name!.trim().toLowerCase()
    if (!coding) continue
    if (coding === 'x-gzip') coding = 'gzip'
    let q = 1
    for (const param of params) {
      const [key, value] = param.split('=')
      if (key?.trim().toLowerCase() !== 'q') continue
      // A malformed weight refuses the coding rather than guessing what the client meant.
      const parsed = Number(value?.trim())
      q = Number.isFinite(parsed) ? Math.min(1, Math.max(0, parsed)) : 0
    }
    // A coding listed twice keeps its highest weight.
    weights.set(coding, Math.max(q, weights.get(coding) ?? 0))
  }
  return weights
}

/**
 * The coding to answer with, or undefined for the unencoded bytes. No header (or an empty one) means
 * no coding: RFC 9110 would allow any, but clients that send nothing (curl, probes) expect plain
 * bytes. A coding not listed takes the weight of `*`. `identity` wins only when the client listed it
 * with a higher weight than every coding available; when it is refused (`identity;q=0`, `*;q=0`) and
 * nothing else fits, the plain bytes are still sent (a 406 helps nobody, §12.5.3 allows either).
 */
export function negotiateEncoding(header: string | null | undefined, available: readonly Coding[] = CODINGS): Coding | undefined {
  if (!header) return undefined
  const weights = parseAcceptEncoding(header)
  const any = weights.get('*')
  let best: Coding | undefined
  let bestQ = 0
  for (const coding of available) {
    const q = weights.get(coding) ?? any ?? 0
    if (q > bestQ) {
      best = coding
      bestQ = q
    }
  }
  const identity = weights.get('identity')
  if (best && identity !== undefined && identity > bestQ) return undefined
  return best
}
