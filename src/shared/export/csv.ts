/**
 * CSV text per RFC 4180 (CRLF line ends; fields with a comma, quote or line break are quoted and
 * quotes doubled), with spreadsheet formula injection defused (OWASP "CSV Injection"): a cell that
 * starts with `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading single quote, so
 * spreadsheet programs show it as text instead of running it. Skin names are user input.
 * @module
 */

const FORMULA_START = /^[=+\-@\t\r]/
const NEEDS_QUOTES = /[",\r\n]/

/** One cell: formula starts escaped, then quoted when RFC 4180 requires it. */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

/** Rows (header first) as one CSV document, every line ended by CRLF. */
export function csvDocument(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => row.map(csvCell).join(',') + '\r\n').join('')
}
