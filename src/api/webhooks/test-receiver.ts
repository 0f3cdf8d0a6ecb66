/**
 * TEST ONLY: a webhook receiver on 127.0.0.1 that records every request and answers a chosen status
 * (the first `failures` requests get 500), for the webhook tests.
 * @module
 */

/** One request the receiver got. */
export interface Received {
  path: string
  headers: Record<string, string>
  body: string
}

/** Starts the receiver; `failures` is how many requests are answered 500 before the first 2xx. */
export function startReceiver(opts: { failures?: number } = {}) {
  const received: Received[] = []
  let failures = opts.failures ?? 0
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(req) {
      received.push({ path: new URL(req.url).pathname, headers: Object.fromEntries(req.headers), body: await req.text() })
      if (failures > 0) {
        failures--
        return new Response('not now', { status: 500 })
      }
      return new Response(null, { status: 204 })
    },
  })
  return {
    received,
    /** "127.0.0.1:port", for FETCH_ALLOW_PRIVATE_HOSTS. */
    hostPort: `127.0.0.1:${server.port}`,
    url: (path = '/hook') => `http://127.0.0.1:${server.port}${path}`,
    /** From now on every request fails (`Infinity`) or the next `n` do. */
    failNext(n: number) {
      failures = n
    },
    stop: () => server.stop(true),
  }
}
