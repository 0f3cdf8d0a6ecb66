/**
 * One HTTP/1.1 exchange over a raw socket: the request goes out byte for byte as a client's source
 * writes it (header order, spelling, no headers added by a test's own HTTP stack), and the answer is
 * read as it came off the wire, `Content-Length` included — fetch() in Bun or Node would add headers
 * of its own and hide a HEAD's framing.
 * @module
 */
import { connect } from 'node:net'

/** What came back. */
export interface RawAnswer {
  status: number
  /** Header names lower-cased; repeated headers joined with `, `. */
  headers: Record<string, string>
  body: Uint8Array
}

/** The header block of a request: a request line and `Name: value` lines, each ended by CRLF, then an empty line. */
export function requestText(method: string, path: string, headers: [string, string][]): string {
  return `${method} ${path} HTTP/1.1\r\n${headers.map(([k, v]) => `${k}: ${v}\r\n`).join('')}\r\n`
}

const HEADER_END = Buffer.from('\r\n\r\n')

/** Parses the status line and headers of `head`. */
function parseHead(head: string): Pick<RawAnswer, 'status' | 'headers'> {
  const [statusLine = '', ...lines] = head.split('\r\n')
  const headers: Record<string, string> = {}
  for (const line of lines) {
    const at = line.indexOf(':')
    if (at < 0) continue
    const name = line.slice(0, at).trim().toLowerCase()
    const value = line.slice(at + 1).trim()
    headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`
  }
  return { status: Number(statusLine.split(' ')[1] ?? 0), headers }
}

/**
 * Sends `text` to `origin` and reads one answer: its headers, then as many body bytes as its
 * `Content-Length` says (none for a HEAD, a 204 or a 304; until the server closes when it states none).
 */
export function rawExchange(origin: string, text: string): Promise<RawAnswer> {
  const { hostname, port } = new URL(origin)
  const head = text.startsWith('HEAD ')
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname)
    let received = Buffer.alloc(0)
    let parsed: (Pick<RawAnswer, 'status' | 'headers'> & { bodyAt: number }) | null = null
    const finish = (error?: Error) => {
      socket.destroy()
      if (error) return reject(error)
      if (!parsed) return reject(new Error(`no answer: ${received.toString('latin1').slice(0, 200)}`))
      resolve({ status: parsed.status, headers: parsed.headers, body: new Uint8Array(received.subarray(parsed.bodyAt)) })
    }
    const complete = () => {
      if (!parsed) return false
      if (head || parsed.status === 204 || parsed.status === 304) return true
      const length = parsed.headers['content-length']
      return length !== undefined && received.length - parsed.bodyAt >= Number(length)
    }
    socket.on('error', (error) => finish(error))
    socket.on('close', () => finish())
    socket.on('data', (data: Buffer) => {
      received = Buffer.concat([received, data])
      if (!parsed) {
        const end = received.indexOf(HEADER_END)
        if (end >= 0) parsed = { ...parseHead(received.subarray(0, end).toString('latin1')), bodyAt: end + HEADER_END.length }
      }
      if (complete()) finish()
    })
    socket.on('connect', () => socket.write(text))
  })
}
