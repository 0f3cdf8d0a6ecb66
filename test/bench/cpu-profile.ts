/**
 * CPU profiles of the Workers of a `wrangler dev` session, for finding where a job's CPU goes
 * (`BENCH_WORKERS_PROFILE=<dir> bun run bench workers` writes one `.cpuprofile` per Worker for the
 * concurrency run, which Chrome DevTools' Performance panel opens, and prints the heaviest functions).
 * workerd's own inspector speaks the Chrome DevTools protocol: `GET /json` lists every isolate of the
 * process — the session's Workers (`core:user:<name>`) and miniflare's D1, R2, Queues, cache and Durable
 * Object simulators, which are Workers too — each with a WebSocket; `Profiler.start`/`Profiler.stop`
 * sample it (https://chromedevtools.github.io/devtools-protocol/tot/Profiler/). wrangler's own inspector
 * proxy shows only the first Worker, so {@link workerdInspectorPort} finds workerd's port instead.
 * @module
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs'

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

/**
 * The inspector port of the workerd that runs the session's Workers, under the process tree of `root`
 * (wrangler): the loopback port of a workerd in the tree whose `/json` lists a `core:user:` Worker.
 */
export async function workerdInspectorPort(root: number): Promise<number> {
  const parents = new Map<number, number>()
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
      parents.set(Number(pid), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]))
    } catch {}
  }
  const inTree = (pid: number): boolean => {
    for (let p: number | undefined = pid; p; p = parents.get(p)) if (p === root) return true
    return false
  }
  // Listening loopback sockets (state 0A) by inode, from /proc/net/tcp: local address 0100007F:PORT.
  const listening = new Map<string, number>()
  for (const line of readFileSync('/proc/net/tcp', 'utf8').split('\n').slice(1)) {
    const f = line.trim().split(/\s+/)
    if (f[3] === '0A' && f[1]?.startsWith('0100007F:')) listening.set(f[9]!, parseInt(f[1].split(':')[1]!, 16))
  }
  for (const pid of parents.keys()) {
    if (!inTree(pid)) continue
    let cmd = ''
    try {
      cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8')
    } catch {}
    if (!cmd.includes('workerd')) continue
    let fds: string[] = []
    try {
      fds = readdirSync(`/proc/${pid}/fd`)
    } catch {}
    for (const fd of fds) {
      let link = ''
      try {
        link = readlinkSync(`/proc/${pid}/fd/${fd}`)
      } catch {}
      const port = listening.get(/^socket:\[(\d+)\]$/.exec(link)?.[1] ?? '')
      if (!port) continue
      try {
        const list = (await (await fetch(`http://127.0.0.1:${port}/json`, { signal: AbortSignal.timeout(1000) })).json()) as Target[]
        if (Array.isArray(list) && list.some((t) => t.id.startsWith('core:user:'))) return port
      } catch {}
    }
  }
  throw new Error('no workerd inspector found under the wrangler process')
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

/** Self time (ms) per function of `profile`, heaviest first; `(idle)` and `(program)` included as V8 names them. */
export function selfTimes(profile: CpuProfile): { fn: string; ms: number }[] {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]))
  const ms = new Map<string, number>()
  profile.samples.forEach((id, i) => {
    const f = byNode.get(id)?.callFrame
    if (!f) return
    const file = f.url.split('/').slice(-2).join('/')
    const key = `${f.functionName || '(anonymous)'} ${file}:${f.lineNumber + 1}`
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
      const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').slice(-2).join('/')}:${f.lineNumber + 1}`
      if (seen.has(key)) continue
      seen.add(key)
      ms.set(key, (ms.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000)
    }
  })
  return [...ms].map(([fn, t]) => ({ fn, ms: t })).sort((a, b) => b.ms - a.ms)
}
