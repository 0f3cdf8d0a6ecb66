/**
 * `bun run dev`: builds the client, keeps rebuilding it on changes, and runs the server with
 * `bun --watch` so server changes restart it. One command, embedded defaults (README).
 * @module
 */
import { join } from 'node:path'

const ROOT = join(import.meta.dir, '../..')
const env = { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'development' }

const build = Bun.spawnSync(['bun', 'src/islands/build.ts'], { cwd: ROOT, stdout: 'inherit', stderr: 'inherit', env })
if (build.exitCode !== 0) process.exit(build.exitCode ?? 1)

const children = [
  Bun.spawn(['bun', 'src/islands/build.ts', '--watch', '--skip-initial'], { cwd: ROOT, stdout: 'inherit', stderr: 'inherit', env }),
  Bun.spawn(['bun', '--watch', 'src/server/bun.ts'], { cwd: ROOT, stdout: 'inherit', stderr: 'inherit', env }),
]
const stop = () => {
  for (const child of children) child.kill()
  process.exit(0)
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
await Promise.race(children.map((child) => child.exited))
stop()
