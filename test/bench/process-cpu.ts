/**
 * CPU time of a process and everything it started, from /proc (Linux): what workers.bench.ts reads of the
 * `wrangler dev` tree to tell a latency that waits on the runtime's single thread from one that waits on
 * the network or a queue. Zero where /proc cannot be read.
 * @module
 */
import { readdirSync, readFileSync } from 'node:fs'

/** Clock ticks per second of /proc/<pid>/stat's utime and stime (USER_HZ, 100 on Linux). */
const TICKS_PER_S = 100

/** The CPU seconds (user + system) used so far by `root` and its descendants, each process once. */
export function treeCpuSeconds(root: number): number {
  const procs = new Map<number, { ppid: number; ticks: number }>()
  let pids: string[] = []
  try {
    pids = readdirSync('/proc').filter((d) => /^\d+$/.test(d))
  } catch {
    return 0
  }
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
      // Fields after the parenthesised name: state(3) ppid(4) … utime(14) stime(15).
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      procs.set(Number(pid), { ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) })
    } catch {
      // Gone meanwhile.
    }
  }
  const inTree = new Set([root])
  for (let grew = true; grew; ) {
    grew = false
    for (const [pid, p] of procs) if (!inTree.has(pid) && inTree.has(p.ppid)) (inTree.add(pid), (grew = true))
  }
  let ticks = 0
  for (const pid of inTree) ticks += procs.get(pid)?.ticks ?? 0
  return ticks / TICKS_PER_S
}
