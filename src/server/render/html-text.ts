/**
 * HTML text for markup the server builds as strings, where React's rendering cost more than the
 * markup (skin cards) or its escaping more bytes than the text (a command in a
 * `<textarea>`).
 * @module
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' }
const NEEDS_ESCAPE = /[&<>"']/

/** Escapes text and attribute values as React does (most values, ids and hashes, need nothing). */
export const escapeHtml = (text: string): string => (NEEDS_ESCAPE.test(text) ? text.replace(/[&<>"']/g, (ch) => ESCAPES[ch]!) : text)

/**
 * The content of a `<textarea>` reading back as `text`. A textarea's content is escapable raw text:
 * only `&` (a character reference) and `<` (its end tag) can change what the browser reads, so
 * quotes stay as they are — React writes each as 5 or 6 bytes, some 170 in a vanilla `/give`
 * command. The parser drops a newline right after the start tag, so a leading one is doubled.
 */
export const textareaContent = (text: string): string => (text.startsWith('\n') ? '\n' : '') + text.replaceAll('&', '&amp;').replaceAll('<', '&lt;')
