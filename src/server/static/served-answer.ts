/**
 * The Bun entry's last step for every request (src/server/bun.ts): the app's answer, compressed when it
 * is a dynamic one (./compress-response.ts; static files bring their precompressed copies).
 *
 * A HEAD runs as the GET and is sent without the body (RFC 9110 §9.3.2): its headers are then exactly
 * the GET's, `Content-Length` and `Content-Encoding` of the compressed page included. Compressing only
 * the HEAD's empty answer could not tell the compressed length, and Bun fills in `Content-Length: 0`
 * for a bodiless answer that states none. MineSkin's URL handler reads a skin link's size from a HEAD.
 * @module
 */
import { headOf } from '../../shared/http-head'
import { compressResponse } from './compress-response'

/** What the Bun entry serves through. */
export interface ServedAnswerOptions {
  /** The web app. */
  fetch: (request: Request) => Response | Promise<Response>
  /** Whether `pathname` is a static file (sent as it is, never compressed here). */
  isStatic: (pathname: string) => boolean
}

/** The answer to `request`; see the module comment. */
export async function servedAnswer(request: Request, options: ServedAnswerOptions): Promise<Response> {
  const head = request.method === 'HEAD'
  const asked = head ? new Request(request, { method: 'GET' }) : request
  const response = await options.fetch(asked)
  const sent = options.isStatic(new URL(request.url).pathname) ? response : await compressResponse(asked, response)
  return head ? headOf(sent) : sent
}
