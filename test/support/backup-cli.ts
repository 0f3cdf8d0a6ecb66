/**
 * Runs `bun run backup` (src/api/store/backup-cli.ts) as an operator would, on a DATA_DIR.
 * @module
 */
import { join } from 'node:path'

const ROOT = join(import.meta.dir, '../..')

/** Runs the backup CLI with `args` on `dataDir`; resolves with what it printed and its exit code. */
export async function backupCli(dataDir: string, ...args: string[]) {
  const child = Bun.spawn(['bun', 'src/api/store/backup-cli.ts', ...args], { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir }, stdout: 'pipe', stderr: 'pipe' })
  const [stdout, stderr, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited])
  return { stdout, stderr, code }
}
