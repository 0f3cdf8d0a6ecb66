/**
 * The request bodies and headers that the Java HTTP stacks of old MineSkin clients put on the wire,
 * rebuilt byte for byte from their public source:
 * - Jsoup 1.x `HttpConnection.writePost` (MineskinClient 1.x): multipart parts in the order added,
 *   a file part typed `application/octet-stream`, a 32-character random boundary, and no CRLF after
 *   the closing boundary; a POST without data is an empty urlencoded body.
 * - MineskinClient 2.x `Java11RequestHandler.postFormDataFile`: option fields first, then the file
 *   typed `image/png`, boundary `mineskin-<millis>`, closing boundary followed by CRLF.
 * @module
 */

const enc = new TextEncoder()

/** Concatenates byte arrays. */
function concat(parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}

/** Jsoup's `DataUtil.mimeBoundary()`: 32 characters of `-_1-9a-zA-Z`. */
export function jsoupBoundary(random: () => number = Math.random): string {
  const chars = '-_1234567890abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'
  let s = ''
  for (let i = 0; i < 32; i++) s += chars[Math.floor(random() * chars.length)]
  return s
}

/** One `Connection.data(...)` entry: a field, or a file (`data(key, filename, inputStream)`). */
export type JsoupData = { key: string; value: string } | { key: string; filename: string; bytes: Uint8Array }

/** The multipart body Jsoup writes for `data` (a file among them), and its Content-Type header. */
export function jsoupMultipart(data: JsoupData[], boundary = jsoupBoundary()): { body: Uint8Array<ArrayBuffer>; contentType: string } {
  const parts: Uint8Array[] = []
  for (const d of data) {
    parts.push(enc.encode(`--${boundary}\r\nContent-Disposition: form-data; name="${d.key}"`))
    if ('bytes' in d) {
      parts.push(enc.encode(`; filename="${d.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`), d.bytes)
    } else {
      parts.push(enc.encode(`\r\n\r\n${d.value}`))
    }
    parts.push(enc.encode('\r\n'))
  }
  parts.push(enc.encode(`--${boundary}--`))
  return { body: concat(parts), contentType: `multipart/form-data; boundary=${boundary}` }
}

/** Headers Jsoup 1.x sends besides the ones a client sets (`Accept-Encoding`, and for a POST without data the form type). */
export const JSOUP_DEFAULT_HEADERS = { 'accept-encoding': 'gzip' }
/** Content-Type of a Jsoup POST without data (an empty urlencoded form). */
export const JSOUP_EMPTY_FORM = 'application/x-www-form-urlencoded; charset=UTF-8'

/** MineskinClient 2.x Java 11 multipart: fields, then the PNG. */
export function java11Multipart(fields: Record<string, string>, file: { key: string; filename: string; bytes: Uint8Array }, boundary = `mineskin-${Date.now()}`) {
  let start = ''
  for (const [k, v] of Object.entries(fields)) start += `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`
  start += `--${boundary}\r\nContent-Disposition: form-data; name="${file.key}"; filename="${file.filename}"\r\nContent-Type: image/png\r\n\r\n`
  return { body: concat([enc.encode(start), file.bytes, enc.encode(`\r\n--${boundary}--\r\n`)]), contentType: `multipart/form-data; boundary=${boundary}` }
}

/** The default `Accept` of `java.net.HttpURLConnection` when a client sets none. */
export const JAVA_URLCONNECTION_ACCEPT = 'text/html, image/gif, image/jpeg, *; q=.2, */*; q=.2'

/**
 * The body Citizens2's `MojangSkinGenerator.generateFromPNG` writes with `HttpURLConnection`: the
 * fixed boundary `*****`, the file as `skin.png` typed `image/png`, an empty `name` part whose
 * Content-Disposition ends in `;`, and `variant` only for slim skins.
 */
export function citizensMultipart(png: Uint8Array, slim: boolean): { body: Uint8Array<ArrayBuffer>; contentType: string } {
  const parts: Uint8Array[] = [
    enc.encode('--*****\r\nContent-Disposition: form-data; name="file"; filename="skin.png"\r\nContent-Type: image/png\r\n\r\n'),
    png,
    enc.encode('\r\n--*****\r\nContent-Disposition: form-data; name="name";\r\n\r\n\r\n'),
  ]
  if (slim) parts.push(enc.encode('--*****\r\nContent-Disposition: form-data; name="variant";\r\n\r\nslim\r\n'))
  parts.push(enc.encode('--*****--\r\n'))
  return { body: concat(parts), contentType: 'multipart/form-data;boundary=*****' }
}
