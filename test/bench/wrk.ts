/**
 * wrk, the native HTTP load generator: the Bun load generator this replaced
 * capped the hello baseline at about half of what wrk measures, which flattered every ratio.
 * {@link ensureWrk} installs Debian's package when missing and running as root (like test/run.ts
 * does for Chromium); {@link runWrk} runs it and parses its `--latency` report.
 * @module
 */

/** What one wrk run measured. Latencies in ms. */
export interface WrkResult {
  url: string
  requests: number
  rps: number
  p50: number
  p75: number
  p90: number
  p99: number
  /** "Non-2xx or 3xx responses" (wrk counts 3xx as fine; the bench's URLs never redirect). */
  non2xx: number
  socketErrors: number
}

/** Load shape shared by every target of a run, so ratios compare like with like. */
export interface WrkShape {
  threads: number
  connections: number
  seconds: number
  headers?: Record<string, string>
}

/** Path of wrk; installs it with apt-get when missing and root, else exits with what to run. */
export function ensureWrk(): string {
  const found = Bun.which('wrk')
  if (found) return found
  const root = process.getuid?.() === 0
  if (!root || !Bun.which('apt-get')) {
    console.error('wrk is missing. Install Debian\'s package (sudo apt-get install -y wrk) and run the bench again.')
    process.exit(1)
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  for (const cmd of [['apt-get', 'update'], ['apt-get', 'install', '-y', '--no-install-recommends', 'wrk']]) {
    console.log(`$ ${cmd.join(' ')}`)
    if (Bun.spawnSync(cmd, { stdout: 'inherit', stderr: 'inherit', env }).exitCode !== 0) {
      console.error('Installing wrk with apt-get failed.')
      process.exit(1)
    }
  }
  const installed = Bun.which('wrk')
  if (!installed) throw new Error('wrk still missing after apt-get install')
  return installed
}

/** "758.00us" / "2.66ms" / "1.02s" / "2.00m" → ms. */
export function wrkDurationMs(text: string): number {
  const m = /^([\d.]+)(us|ms|s|m)$/.exec(text.trim())
  if (!m) return NaN
  const n = Number(m[1])
  return m[2] === 'us' ? n / 1000 : m[2] === 'ms' ? n : m[2] === 's' ? n * 1000 : n * 60_000
}

/** Parses wrk's `--latency` report. */
export function parseWrk(url: string, out: string): WrkResult {
  const pct = (p: number) => wrkDurationMs(new RegExp(`^\\s*${p}%\\s+(\\S+)`, 'm').exec(out)?.[1] ?? '')
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out)
  return {
    url,
    requests: Number(/(\d+) requests in/.exec(out)?.[1] ?? NaN),
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? NaN),
    p50: pct(50),
    p75: pct(75),
    p90: pct(90),
    p99: pct(99),
    non2xx: Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0),
    socketErrors: socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0,
  }
}

/** Runs wrk against `url` (asynchronously, so a server in this process keeps serving). */
export async function runWrk(wrk: string, url: string, shape: WrkShape): Promise<WrkResult> {
  const headerArgs = Object.entries(shape.headers ?? {}).flatMap(([k, v]) => ['-H', `${k}: ${v}`])
  const child = Bun.spawn([wrk, `-t${shape.threads}`, `-c${shape.connections}`, `-d${shape.seconds}s`, '--latency', ...headerArgs, url], { stdout: 'pipe', stderr: 'pipe' })
  const [out, err] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text()])
  if ((await child.exited) !== 0) throw new Error(`wrk failed on ${url}: ${err || out}`)
  return parseWrk(url, out)
}
