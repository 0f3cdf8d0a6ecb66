/**
 * Hostile inputs shared by the fuzz suites: strings with NUL bytes, unicode,
 * encoded separators and injection payloads; path segments, query strings, JSON values with
 * prototype-pollution keys and huge numbers, header values and lying content types. Hosts in URLs
 * are only loopback/private addresses or data URLs, so a fuzz case never reaches the network.
 * @module
 */
import fc from 'fast-check'

/** Payloads that must render as text everywhere and that are also odd input for every parser. */
export const INJECTION_PAYLOADS = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "{{constructor.constructor('alert(1)')()}}",
  '</script><script>alert(1)</script>',
  '${7*7}',
  'javascript:alert(1)',
  '=HYPERLINK("http://x")',
  '+1+1',
  '-2+3',
  '@SUM(1)',
  '\tx',
  '\rx',
] as const

/** Strings every parser should survive: encodings, NUL, separators, traversal, unicode, numbers. */
const NASTY = [
  '',
  ' ',
  '%00',
  '\u0000',
  '%',
  '%%',
  '%zz',
  '%2F',
  '%2e%2e',
  '..',
  '../..',
  '//',
  '\\',
  '?',
  '#',
  '&',
  '=',
  ';',
  "'",
  '"',
  '`',
  '\n',
  '\r\n',
  '\u2028',
  '\uFEFF',
  '\uD800',
  '💥',
  'ä',
  'Ω≈ç√',
  '𝕏',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e309',
  '9007199254740993',
  '0x10',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'prototype',
  'f'.repeat(32),
  '0'.repeat(32),
  '00000000-0000-0000-0000-000000000000',
  'deadbeef',
  'a'.repeat(300),
  ...INJECTION_PAYLOADS,
]

/** One hostile string: a nasty constant, random unicode, or both glued together. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...NASTY), fc.string({ unit: 'grapheme', maxLength: 8 })).map(([a, b]) => a + b) },
  { weight: 1, arbitrary: fc.nat({ max: 6000 }).map((n) => 'x'.repeat(n)) },
)

/** A string encoded for a URL path or query (percent-encoding), sometimes left raw to test lax parsers. */
export const urlPart: fc.Arbitrary<string> = fc.oneof(
  nastyString.map((s) => encodeURIComponent(safeForEncode(s))),
  fc.constantFrom('%00', '%', '%zz', '%2F', '%2e%2e', '..', '', '%C0%AE', '%FF', '%E2%80%A8', '%uD800', '+', '%20'),
  fc.stringMatching(/^[A-Za-z0-9._~-]{0,40}$/),
)

/** Lone surrogates make `encodeURIComponent` throw; replace them (the raw-percent cases cover bad UTF-8). */
function safeForEncode(s: string): string {
  return s.replace(/[\uD800-\uDFFF]/g, (ch, i: number, all: string) => {
    const code = ch.charCodeAt(0)
    const next = all.charCodeAt(i + 1)
    const prev = all.charCodeAt(i - 1)
    if (code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) return ch
    if (code >= 0xdc00 && prev >= 0xd800 && prev <= 0xdbff) return ch
    return '\uFFFD'
  })
}

/** A skin id in any shape: valid-looking (32 hex, dashed, 8 hex), or hostile. */
export const idLike: fc.Arbitrary<string> = fc.oneof(
  fc.stringMatching(/^[0-9a-f]{32}$/),
  fc.stringMatching(/^[0-9a-f]{8}$/),
  fc.uuid(),
  fc.stringMatching(/^[0-9A-Fa-f-]{0,40}$/),
  urlPart,
)

/** A query string of random keys and values, the given known keys weighted in. */
export function queryString(knownKeys: readonly string[]): fc.Arbitrary<string> {
  const key = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...knownKeys) }, { weight: 1, arbitrary: urlPart })
  const value = fc.oneof(urlPart, idLike, fc.integer().map(String), fc.double().map(String), fc.constantFrom('', '0', '-1', '1e9', '129', 'NaN'))
  return fc
    .array(fc.tuple(key, value, fc.boolean()), { maxLength: 5 })
    .map((pairs) => pairs.map(([k, v, bare]) => (bare && v === '' ? k : `${k}=${v}`)).join('&'))
    .map((q) => (q ? `?${q}` : ''))
}

/** Object keys that try prototype pollution, mixed with real field names. */
const keyLike = (known: readonly string[]) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...known) },
    { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty') },
    { weight: 1, arbitrary: nastyString },
  )

/** A JSON scalar of every awkward kind: huge and tiny numbers, NUL-laden strings, payloads. */
const jsonScalar: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  fc.constantFrom(null, true, false, 0, -0, 1e308, -1e308, 2 ** 53 + 2, 5e-324, 128, 129, -1),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
)

/** A JSON value whose object keys lean towards `known` field names (wrong types included). */
export function jsonValue(known: readonly string[]): fc.Arbitrary<unknown> {
  const { tree } = fc.letrec<{ tree: unknown; obj: unknown; arr: unknown }>((tie) => ({
    tree: fc.oneof({ depthSize: 'small', withCrossShrink: true }, jsonScalar, tie('obj'), tie('arr')),
    obj: fc.dictionary(keyLike(known), tie('tree'), { maxKeys: 6 }),
    arr: fc.array(tie('tree'), { maxLength: 4 }),
  }))
  return tree
}

/** JSON text: usually a serialised value (with `__proto__` as a real own key), sometimes broken text. */
export function jsonText(known: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: jsonValue(known).map((v) => JSON.stringify(v) ?? 'null') },
    {
      weight: 1,
      arbitrary: fc.tuple(fc.constantFrom(...known, '__proto__'), jsonValue(known)).map(([k, v]) => `{"${k}":${JSON.stringify(v) ?? 'null'},"__proto__":{"polluted":1}}`),
    },
    { weight: 1, arbitrary: fc.constantFrom('', '{', '[', '{"a":', 'nul', '\u0000', '{"url":"\u0000"}', '1'.repeat(400), '"', '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[') },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
  )
}

/** Header values: garbage, near-valid and lying ones. */
export const authorizationHeader = fc.oneof(
  fc.constantFrom('', 'Bearer', 'Bearer ', 'Basic Zm9vOmJhcg==', 'bearer x', 'Bearer ' + 'a'.repeat(64), 'Bearer ' + 'a'.repeat(5000), 'Bearer \u00ff\u00fe'),
  fc.stringMatching(/^Bearer [ -~]{0,100}$/),
  fc.stringMatching(/^[ -~]{0,80}$/),
)

/** Cookie header values: broken syntax, forged session JWTs, bad client ids. */
export const cookieHeader = fc.oneof(
  fc.constantFrom('', ';', '=', 'ssg_api=', 'ssg_api=a.b.c', 'ssg_api=eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.', 'ssg_client=', 'ssg_client=zz', 'ssg_client=' + 'f'.repeat(24), 'ssg_client=%00', 'a=b; a=c; ssg_client="x"'),
  fc.tuple(fc.constantFrom('ssg_api', 'ssg_client', 'lang', 'theme', 'x'), fc.stringMatching(/^[!#-+\--:<-[\]-~]{0,60}$/)).map(([k, v]) => `${k}=${v}`),
)

/** Content types, including lies about the body and malformed parameters. */
export const contentType = fc.constantFrom(
  undefined,
  'application/json',
  'application/json; charset=utf-16',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'multipart/form-data; boundary=x',
  'multipart/form-data; boundary=' + 'b'.repeat(200),
  'application/x-www-form-urlencoded',
  'text/plain',
  'image/png',
  'application/octet-stream',
  '',
  ';;;',
  'APPLICATION/JSON',
)

/** Header values that are legal in a Request (no CR/LF/NUL; Bun refuses those before the app). */
export const headerValue = fc.stringMatching(/^[\t -~\u0080-\u00ff]{0,120}$/)

/** A URL value for the generate `url` field that can never leave this machine. */
export const localUrl = fc.oneof(
  fc.constantFrom('http://127.0.0.1:9/x.png', 'http://[::1]/a', 'http://10.0.0.1/', 'http://169.254.169.254/latest/meta-data', 'http://0x7f000001/', 'file:///etc/passwd', 'ftp://127.0.0.1/', 'data:image/png;base64,', 'data:image/png;base64,iVBORw0KGgo=', 'data:text/html,<script>', 'javascript:alert(1)', 'http://', 'http://localhost/skin.png'),
  fc.tuple(fc.constantFrom('http://127.0.0.1:9/', 'http://192.168.0.1/', 'data:image/png;base64,'), nastyString).map(([a, b]) => a + b),
)
