/**
 * How the deploy talks to wrangler: one function from arguments to exit code and
 * output, so the deploy steps are tested against a stand-in (deploy.test.ts) and run against the real
 * CLI here. wrangler runs under the Node 22 that the `node` devDependency installs (reference/stack.md
 * §0: never under the Bun runtime), with its usage metrics off.
 * @module
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'

/** One wrangler run: its exit code and what it printed. */
export interface WranglerResult {
  code: number
  stdout: string
  stderr: string
}

/** Runs wrangler with `args` (e.g. `['d1', 'list', '--json']`). */
export type Wrangler = (args: string[]) => Promise<WranglerResult>

/** stdout and stderr together, for messages and for output wrangler prints on either stream. */
export const outputOf = (r: WranglerResult): string => `${r.stdout}\n${r.stderr}`.trim()

/**
 * The real wrangler of the checkout at `root`, with the process environment (CLOUDFLARE_API_TOKEN,
 * CLOUDFLARE_ACCOUNT_ID and wrangler's own login are read by wrangler itself). The output of the long
 * steps (deploys, migrations) is passed to `echo` line by line as it arrives, so they show progress;
 * look-ups (lists, whoami) stay quiet.
 */
export function realWrangler(root: string, env: Record<string, string | undefined> = process.env, echo?: (line: string) => void): Wrangler {
  const node = join(root, 'node_modules/.bin/node')
  const cli = join(root, 'node_modules/wrangler/bin/wrangler.js')
  return async (args) => {
    const show = echo && (args[0] === 'deploy' || args.includes('migrations')) ? echo : undefined
    if (!existsSync(cli)) return { code: 127, stdout: '', stderr: `wrangler is not installed in ${root}: run bun install` }
    const child = Bun.spawn([existsSync(node) ? node : 'node', cli, ...args], {
      cwd: root,
      env: { ...env, WRANGLER_SEND_METRICS: 'false', FORCE_COLOR: '0' },
      stdin: 'ignore',
      stdout: 'pipe',
      stderr: 'pipe',
    })
    const read = async (stream: ReadableStream<Uint8Array>) => {
      let all = ''
      let line = ''
      const decoder = new TextDecoder()
      const reader = stream.getReader()
      for (;;) {
        const { done, value } = await reader.read()
        if (done) break
        const chunk = decoder.decode(value, { stream: true })
        all += chunk
        if (!show) continue
        const lines = (line + chunk).split('\n')
        line = lines.pop() ?? ''
        for (const l of lines) show(l)
      }
      if (show && line) show(line)
      return all
    }
    const [stdout, stderr, code] = await Promise.all([read(child.stdout), read(child.stderr), child.exited])
    return { code, stdout, stderr }
  }
}
