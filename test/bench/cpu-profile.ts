/**
 * CPU profiles of the Workers of a `wrangler dev` session, for finding where a job's CPU goes
 * (`BENCH_WORKERS_PROFILE=<dir> bun run bench workers` writes one `.cpuprofile` per Worker for the
 * concurrency run, which Chrome DevTools' Performance panel opens, and prints the heaviest functions).
 * wrangler's inspector proxy speaks the Chrome DevTools protocol: `GET /json` lists the session's first
 * Worker (the web Worker in the stack session; the API Worker when it runs alone) with a WebSocket, and
 * `Profiler.start`/`Profiler.stop` sample its isolate
 * (https://chromedevtools.github.io/devtools-protocol/tot/Profiler/). workerd runs every isolate of the
 * session on one thread, so the profile's `(idle)` is the time that thread spent in the others (the
 * other Worker, miniflare's D1, R2 and Queues simulators) or waiting; a Durable Object of the Worker's
 * own script runs in its isolate and shows in it.
 * @module
 */

/** A CDP CPU profile (Profiler.Profile). */
export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }; children?: number[] }[]
  samples: number[]
  timeDeltas: number[]
  startTime: number
  endTime: number
}

interface Target {
  id: string
  title: string
  webSocketDebuggerUrl: string
}

/** One CDP connection: `send` resolves with the command's result. */
async function connect(url: string) {
  const ws = new WebSocket(url)
  await new Promise<void>((resolve, reject) => {
    ws.onopen = () => resolve()
    ws.onerror = () => reject(new Error(`inspector ${url} did not open`))
  })
  let next = 1
  const pending = new Map<number, (result: unknown) => void>()
  ws.onmessage = (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown }
    if (message.id !== undefined) pending.get(message.id)?.(message.result)
  }
  const send = <T>(method: string, params: object = {}) =>
    new Promise<T>((resolve) => {
      const id = next++
      pending.set(id, (r) => resolve(r as T))
      ws.send(JSON.stringify({ id, method, params }))
    })
  return { send, close: () => ws.close() }
}

/** Starts sampling every Worker the inspector proxy at `port` lists; `stop` ends it and returns the profiles by Worker. */
export async function profileWorkers(port: number, samplingMicros = 200) {
  const targets = (await (await fetch(`http://127.0.0.1:${port}/json`)).json()) as Target[]
  const sessions = await Promise.all(
    targets.map(async (t) => {
      const cdp = await connect(t.webSocketDebuggerUrl)
      await cdp.send('Profiler.enable')
      await cdp.send('Profiler.setSamplingInterval', { interval: samplingMicros })
      await cdp.send('Profiler.start')
      return { name: t.id || t.title, cdp }
    }),
  )
  return {
    async stop(): Promise<{ name: string; profile: CpuProfile }[]> {
      return Promise.all(
        sessions.map(async ({ name, cdp }) => {
          const { profile } = await cdp.send<{ profile: CpuProfile }>('Profiler.stop')
          cdp.close()
          return { name, profile }
        }),
      )
    },
  }
}

/** A frame's name in the tables: function, the last two parts of its file, line. */
const frameKey = (f: CpuProfile['nodes'][number]['callFrame']): string => `${f.functionName || '(anonymous)'} ${f.url.split('/').slice(-2).join('/')}:${f.lineNumber + 1}`

/** Self time (ms) per function of `profile`, heaviest first; `(idle)` and `(program)` included as V8 names them. */
export function selfTimes(profile: CpuProfile): { fn: string; ms: number }[] {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]))
  const ms = new Map<string, number>()
  profile.samples.forEach((id, i) => {
    const f = byNode.get(id)?.callFrame
    if (!f) return
    const key = frameKey(f)
    ms.set(key, (ms.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000)
  })
  return [...ms].map(([fn, t]) => ({ fn, ms: t })).sort((a, b) => b.ms - a.ms)
}

/** Total time (ms) per top-level frame path prefix: the time each function and everything it called took. */
export function inclusiveTimes(profile: CpuProfile): { fn: string; ms: number }[] {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]))
  const parent = new Map<number, number>()
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
  const ms = new Map<string, number>()
  profile.samples.forEach((id, i) => {
    const seen = new Set<string>()
    for (let node: number | undefined = id; node !== undefined; node = parent.get(node)) {
      const f = byNode.get(node)?.callFrame
      if (!f) continue
      const key = frameKey(f)
      if (seen.has(key)) continue
      seen.add(key)
      ms.set(key, (ms.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000)
    }
  })
  return [...ms].map(([fn, t]) => ({ fn, ms: t })).sort((a, b) => b.ms - a.ms)
}
