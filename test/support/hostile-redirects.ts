/**
 * Redirect targets that fooled one redirect check or another somewhere: tab, CR,
 * LF and NUL inside, backslashes, percent-encoded slashes, credentials, fragments and queries before
 * an `@`, script and data URLs, IDN look-alikes. Shared by the account site's and the web app's
 * redirect tests.
 * @module
 */

/** The targets. */
export const HOSTILE_REDIRECTS = [
  '/\t/evil.example',
  '/%09/evil.example',
  '\t//evil.example',
  '/\r\n/evil.example',
  '/\n/evil.example',
  '\r\n//evil.example',
  '\u0000//evil.example',
  '/\u0000/evil.example',
  '//evil.example',
  '///evil.example',
  '\\\\evil.example',
  '/\\evil.example',
  '\\/evil.example',
  '/\\/evil.example',
  ' //evil.example',
  '\u000b//evil.example',
  'https:evil.example',
  'https:/evil.example',
  'https:\\\\evil.example',
  'http://evil.example',
  'HTTP://EVIL.EXAMPLE/',
  'https://localhost.evil.example',
  'http://localhost@evil.example',
  'http://localhost:80@evil.example/',
  'http://evil.example\\@localhost',
  'http://evil.example#@localhost',
  'http://evil.example?@localhost',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'java\tscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  '//evil%2Eexample',
  '/%2F%2Fevil.example',
  '/%5C%5Cevil.example',
  'https://ｅｖｉｌ.example',
  'https://еxample.com',
  'https://xn--e1awd7f.com/',
  'https://partner.example.evil.example/',
  'https://partner.example@evil.example/',
  '/\u2028/evil.example',
  '/' + 'a'.repeat(3000),
  '\u0000',
  '%0d%0aSet-Cookie:x=1',
  '/x\r\nSet-Cookie: hacked=1',
]

