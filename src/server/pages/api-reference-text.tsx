/**
 * Renders the OpenAPI document's markdown-ish texts on the API reference pages: spans in backticks
 * become `<code>`, everything else stays a text node. Splitting on backticks and letting React escape
 * each part keeps it safe — no HTML from the document ever reaches the page as markup.
 * @module
 */

/** `text` with its `` `code` `` spans as `<code>`; an unmatched backtick stays literal. */
export function DocText({ text }: { text: string }) {
  const parts = text.split('`')
  // An even number of parts means one backtick had no partner: glue the tail back as plain text.
  const tail = parts.length % 2 === 0 ? `\`${parts.splice(-1, 1)[0]}` : ''
  return (
    <>
      {parts.map((part, i) => (i % 2 === 1 ? <code key={i}>{part}</code> : part))}
      {tail}
    </>
  )
}
