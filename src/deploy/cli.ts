/**
 * `bun run deploy [-- --generate-secrets] [--secrets-file <file.json>]`: deploys the API Worker, the
 * account Worker and the web Worker to Cloudflare with everything they need (deploy.ts). Exit 0 when
 * deployed, 2 without Cloudflare credentials, 3 when secrets are missing, 1 when a step failed; each
 * says what to do.
 * @module
 */
import { join } from 'node:path'
import { deploy } from './deploy'
import { realWrangler } from './wrangler'

const USAGE = 'usage: bun run deploy [-- --generate-secrets] [--secrets-file <file.json>]'
const root = join(import.meta.dir, '../..')
const args = process.argv.slice(2)
let generateSecrets = false
let secretsFile: string | undefined
for (let i = 0; i < args.length; i++) {
  const arg = args[i]!
  if (arg === '--generate-secrets') generateSecrets = true
  else if (arg === '--secrets-file' && args[i + 1]) secretsFile = args[++i]
  else if (arg.startsWith('--secrets-file=')) secretsFile = arg.slice('--secrets-file='.length)
  else {
    console.error(`${arg === '--help' || arg === '-h' ? '' : `unknown argument ${arg}\n`}${USAGE}`)
    process.exit(arg === '--help' || arg === '-h' ? 0 : 64)
  }
}
const echo = (line: string) => console.log(`  │ ${line}`)
process.exitCode = await deploy({ root, wrangler: realWrangler(root, process.env, echo), env: process.env, log: (line) => console.log(line), generateSecrets, ...(secretsFile ? { secretsFile } : {}) })
