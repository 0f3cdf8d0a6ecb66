/**
 * CPU time of a process and everything it started, from /proc (Linux): what workers.bench.ts reads of the
 * `wrangler dev` tree to tell a latency that waits on the runtime's single thread from one that waits on
 * the network or a queue. Zero where /proc cannot be read.
 * @module
 */
import { readdirSync, readFileSync } from 'node:fs'

/** Clock ticks per second of /proc/<pid>/stat's utime and stime (USER_HZ, 100 on Linux). */
const TICKS_PER_S = 100

/** The fields of a /proc stat file after the parenthesised name (state, ppid, … utime is [11], stime [12]); null when gone. */
function statFields(path: string): string[] | null {
  try {
    const stat = readFileSync(path, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  } catch {
    return null
  }
}

/** Every process of /proc with its parent and CPU ticks so far. */
function processes(): Map<number, { ppid: number; ticks: number }> {
  const procs = new Map<number, { ppid: number; ticks: number }>()
  let pids: string[] = []
  try {
    pids = readdirSync('/proc').filter((d) => /^\d+$/.test(d))
  } catch {
    return procs
  }
  for (const pid of pids) {
    const f = statFields(`/proc/${pid}/stat`)
    if (f) procs.set(Number(pid), { ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) })
  }
  return procs
}

/** `root` and its descendants, of `procs`. */
function treePids(root: number, procs = processes()): Set<number> {
  const inTree = new Set([root])
  for (let grew = true; grew; ) {
    grew = false
    for (const [pid, p] of procs) if (!inTree.has(pid) && inTree.has(p.ppid)) (inTree.add(pid), (grew = true))
  }
  return inTree
}

/** The CPU seconds (user + system) used so far by `root` and its descendants, each process once. */
export function treeCpuSeconds(root: number): number {
  const procs = processes()
  let ticks = 0
  for (const pid of treePids(root, procs)) ticks += procs.get(pid)?.ticks ?? 0
  return ticks / TICKS_PER_S
}

/** CPU ticks so far of every thread of `root` and its descendants, by `pid/tid` (/proc/<pid>/task/<tid>/stat). */
export function threadTicks(root: number): Map<string, number> {
  const ticks = new Map<string, number>()
  for (const pid of treePids(root)) {
    let tids: string[] = []
    try {
      tids = readdirSync(`/proc/${pid}/task`)
    } catch {
      continue
    }
    for (const tid of tids) {
      const f = statFields(`/proc/${pid}/task/${tid}/stat`)
      if (f) ticks.set(`${pid}/${tid}`, Number(f[11]) + Number(f[12]))
    }
  }
  return ticks
}

/**
 * The CPU seconds of the busiest thread between two {@link threadTicks} readings: on `wrangler dev`, the
 * runtime's one thread that serves every Worker and simulator of the session, which bounds its throughput.
 */
export function busiestThreadSeconds(before: Map<string, number>, after: Map<string, number>): number {
  let most = 0
  for (const [thread, t] of after) most = Math.max(most, t - (before.get(thread) ?? 0))
  return most / TICKS_PER_S
}
