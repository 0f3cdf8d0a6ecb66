/**
 * Reads a `text/event-stream` body event by event, as EventSource would (HTML Standard §9.2.6: fields
 * `id`, `event`, `data`, comments starting with `:`), for tests and the bench.
 * @module
 */

/** One dispatched event. */
export interface SseEvent {
  id: string | null
  event: string
  data: string
}

/** A reader over `response`'s body. */
export function readSse(response: Response) {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader()
  let buffer = ''
  const queued: SseEvent[] = []
  let comments = 0

  const parse = (block: string) => {
    let id: string | null = null
    let event = 'message'
    const data: string[] = []
    let any = false
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) {
        comments++
        continue
      }
      const colon = line.indexOf(':')
      const field = colon < 0 ? line : line.slice(0, colon)
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '')
      if (field === 'id') id = value
      else if (field === 'event') event = value
      else if (field === 'data') data.push(value)
      else continue
      any = true
    }
    if (any && data.length) queued.push({ id, event, data: data.join('\n') })
  }

  return {
    /** The next event; rejects when the stream ends first. */
    async next(): Promise<SseEvent> {
      for (;;) {
        const first = queued.shift()
        if (first) return first
        const { value, done } = await reader.read()
        if (done) throw new Error('the event stream ended')
        buffer += value.replace(/\r\n?/g, '\n')
        let cut: number
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          parse(buffer.slice(0, cut))
          buffer = buffer.slice(cut + 2)
        }
      }
    },
    /** The next event named `name`, skipping others. */
    async until(name: string): Promise<SseEvent> {
      for (;;) {
        const e = await this.next()
        if (e.event === name) return e
      }
    },
    /** Comment lines read so far (keep-alives). */
    comments: () => comments,
    /** Drops the connection. */
    cancel: () => reader.cancel().catch(() => {}),
  }
}

/** The reader type. */
export type SseReader = ReturnType<typeof readSse>
