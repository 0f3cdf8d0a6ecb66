/**
 * What a log line never carries (docs/operations.md "Logs"): secrets and personal data that may sit
 * in an error message or a value handed to the logger — e-mail addresses, bearer tokens, API keys
 * (`ssg_` and hex digits), webhook secrets (`whsec_…`), JSON Web Tokens, cookie pairs. Each is replaced by a
 * marker naming what was there. A last guard: request lines are built from chosen fields only
 * (a route pattern, never a path or a query).
 * @module
 */

const RULES: [RegExp, string][] = [
  [/\b[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}\b/g, '[email]'],
  [/\bBearer\s+[^\s,;"']+/gi, 'Bearer [secret]'],
  [/\bwhsec_[A-Za-z0-9+/=]+/g, '[webhook-secret]'],
  [/\bssg_[0-9a-f]{32,}/g, '[api-key]'],
  [/\beyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g, '[jwt]'],
  [/\b(ssg_[a-z]+|session|refresh|token|password|secret)=[^\s;&"']+/gi, '$1=[secret]'],
]

/** What every rule needs somewhere in the text: most values (route patterns, ids, numbers) have none of it. */
const MAYBE = /@|=|bearer|whsec_|ssg_|eyJ/i

/** `text` with every secret and address replaced by its marker. */
export function redact(text: string): string {
  if (!MAYBE.test(text)) return text
  let out = text
  for (const [pattern, marker] of RULES) out = out.replace(pattern, marker)
  return out
}
