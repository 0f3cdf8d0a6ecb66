/**
 * Turns a list `filter` (1–32 chars of `[a-zA-Z0-9-_ ]`, reference/mineskin-api.md §1.6) into an
 * FTS5 MATCH expression: every word must occur in the name or the visible tags. Words are quoted
 * so FTS5 operators (AND, OR, NOT, NEAR, `*`, `-`) in user text are plain words. Whole-word
 * matching mirrors MineSkin's MongoDB `$text` search and keeps queries index-only.
 * @module
 */

/** FTS5 MATCH expression for `filter`, or null when it has no words. */
export function ftsMatchExpression(filter: string): string | null {
  const words = filter
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
  if (words.length === 0) return null
  return words.map((w) => `"${w}"`).join(' ')
}
