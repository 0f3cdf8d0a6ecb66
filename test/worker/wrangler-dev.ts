/**
 * Starts `wrangler dev` for test/worker the way test/worker/worker.test.ts does (reference/stack.md §6.3):
 * under the Node 22 in node_modules/.bin, never under Bun, offline (no cf.json fetch, no metrics), on
 * 127.0.0.1 and a free port; resolves once it answers, and stops the whole process group afterwards.
 * @module
 */
import { join } from 'node:path'
import { freePort, waitForHttp } from '../support/bun-server'

export const ROOT = join(import.meta.dir, '../..')
export const BIN = join(ROOT, 'node_modules/.bin')

/** A running `wrangler dev`. */
export interface WranglerDev {
  origin: string
  /** wrangler's inspector proxy (Chrome DevTools protocol): it shows the session's first Worker. */
  inspectorPort: number
  /** The wrangler process (workerd runs as its child): the bench reads the CPU time of the tree. */
  pid: number
  /** Everything wrangler printed so far (stdout and stderr). */
  output(): string
  /**
   * Resolves once wrangler has printed `text`, polling until `timeoutMs` (default 10 s): a Worker's
   * console line reaches wrangler's output some time after the answer that caused it.
   */
  waitForOutput(text: string, timeoutMs?: number): Promise<void>
  stop(): Promise<void>
}

/**
 * What wrangler is run with here, besides offline: `X_LOCAL_OBSERVABILITY=false` turns off wrangler dev's
 * local trace collector (wrangler's `getLocalObservabilityEnabledFromEnv`, on by default since 4.1xx,
 * passed to miniflare as `unsafeObservability`): it streams every invocation's spans — one per D1
 * query, R2 call and fetch — to a collector Worker for the local explorer's view, on the same workerd
 * thread as the Workers under test. Nothing reads that view here, and it cost about a third of the
 * session's CPU per generated skin (docs/performance.md "Workers figures"), so the tests and the bench
 * measure the Workers, not the collector. A caller's own `env` still wins.
 */
export const WRANGLER_TEST_ENV = { CLOUDFLARE_CF_FETCH_ENABLED: 'false', WRANGLER_SEND_METRICS: 'false', X_LOCAL_OBSERVABILITY: 'false' }

/** The command line and environment that run wrangler with Node; `args` follow `wrangler`. */
export function wranglerCommand(args: string[], env: Record<string, string> = {}) {
  return {
    cmd: [join(BIN, 'node'), join(ROOT, 'node_modules/wrangler/bin/wrangler.js'), ...args],
    env: { ...process.env, PATH: `${BIN}:${process.env.PATH}`, ...WRANGLER_TEST_ENV, CI: 'true', ...env },
  }
}

/** Why a `wrangler dev` that exited before answering is worth one more try: it lost a port race. */
const LOST_PORT = /EADDRINUSE|address already in use/i

/**
 * `wrangler dev <args>`; `env` is the process environment wrangler itself gets. Ports are probed free
 * just before wrangler binds them, so another process may take one in between: a start that fails on
 * a port in use is tried once more on fresh ports (any other failure is thrown with wrangler's output).
 */
export async function startWranglerDev(args: string[], env: Record<string, string> = {}, options: StartOptions = {}): Promise<WranglerDev> {
  try {
    return await startOnce(args, env, options)
  } catch (error) {
    if (!LOST_PORT.test(String(error))) throw error
    console.warn(`wrangler dev lost a port race, starting it again on fresh ports:\n${String(error).slice(-1500)}`)
    return await startOnce(args, env, options)
  }
}

/** How `startWranglerDev` starts wrangler. */
export interface StartOptions {
  /**
   * Start it as the docs tell a reader to (`bun run worker:dev <args>`: the client build, then
   * `wrangler dev --ip 127.0.0.1` under the Node 22 of node_modules/.bin) instead of calling wrangler
   * directly: every command of the docs is run by a test (test/docs/commands.test.ts).
   */
  viaScript?: boolean
}

async function startOnce(args: string[], env: Record<string, string>, options: StartOptions): Promise<WranglerDev> {
  const port = freePort()
  const origin = `http://127.0.0.1:${port}`
  const inspectorPort = freePort()
  const devArgs = ['--port', String(port), '--inspector-port', String(inspectorPort), '--show-interactive-dev-session=false', ...args]
  const direct = wranglerCommand(['dev', '--ip', '127.0.0.1', ...devArgs], env)
  // The script already passes `--ip 127.0.0.1`; `bun run` appends the rest to its command line.
  const { cmd, env: fullEnv } = options.viaScript ? { cmd: ['bun', 'run', 'worker:dev', ...devArgs], env: direct.env } : direct
  const child = Bun.spawn(cmd, { cwd: ROOT, env: fullEnv, stdout: 'pipe', stderr: 'pipe', detached: true })
  let text = ''
  const collect = async (stream: ReadableStream<Uint8Array>) => {
    const decoder = new TextDecoder()
    const reader = stream.getReader()
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) text += decoder.decode(chunk.value, { stream: true })
  }
  void collect(child.stdout)
  void collect(child.stderr)
  const stop = async () => {
    // wrangler starts workerd as its child: end the group so no workerd outlives the test.
    try {
      process.kill(-child.pid, 'SIGTERM')
    } catch {}
    await child.exited
  }
  try {
    await waitForHttp(`${origin}/robots.txt`, 120_000, () => child.exitCode === null)
  } catch (error) {
    await stop()
    throw new Error(`wrangler dev did not start: ${String(error)}\n${text.slice(-3000)}`)
  }
  const waitForOutput = async (wanted: string, timeoutMs = 10_000) => {
    const deadline = Date.now() + timeoutMs
    while (!text.includes(wanted)) {
      if (Date.now() > deadline) throw new Error(`wrangler did not print ${JSON.stringify(wanted)} within ${timeoutMs} ms; it printed:\n${text.slice(-3000)}`)
      await Bun.sleep(50)
    }
  }
  return { origin, inspectorPort, pid: child.pid, output: () => text, waitForOutput, stop }
}
