/**
 * The commands the README and docs/ tell a reader to type exist: every
 * `bun run <script>` is a script of package.json, every `bun <file>` a file of the repository. A
 * renamed script or a moved file otherwise leaves instructions that fail on the reader's machine.
 */
import { describe, expect, test } from 'bun:test'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

const ROOT = join(import.meta.dir, '../..')
const PAGES = ['README.md', ...readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)]
const scripts = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts

describe('commands in the README and docs/', () => {
  for (const page of PAGES) {
    test(`${page}: every bun run script and bun file exists`, () => {
      const text = readFileSync(join(ROOT, page), 'utf8')
      const missing = [
        ...[...text.matchAll(/\bbun run ([\w:.-]+)/g)].map((m) => m[1]!).filter((name) => !(name in scripts)).map((name) => `bun run ${name}`),
        ...[...text.matchAll(/\bbun ((?:src|test)\/[\w./-]+\.tsx?)/g)].map((m) => m[1]!).filter((file) => !existsSync(join(ROOT, file))).map((file) => `bun ${file}`),
      ]
      expect(missing).toEqual([])
    })
  }
})

/**
 * Where each `bun run <script>` of the docs is really run (every command in the docs
 * is run by a test or by CI): the file named runs it as the docs write it. A script the docs start
 * naming fails here until a test runs it and is added.
 */
const RUN_BY: Record<string, string> = {
  test: '.ci/run',
  build: 'test/run.ts',
  typecheck: 'test/run.ts',
  'test:unit': 'test/run.ts',
  dev: 'test/e2e/readme-commands.test.ts',
  start: 'test/e2e/readme-commands.test.ts',
  seed: 'test/e2e/readme-commands.test.ts',
  bench: 'test/e2e/readme-commands.test.ts',
  'worker:dev': 'test/worker/wrangler-dev.ts',
  'worker:size': 'test/worker/bundle-size.test.ts',
  'docs:config': 'test/docs/configuration-doc.test.ts',
  accounts: 'src/api/users/services/cli.test.ts',
  backup: 'test/support/backup-cli.ts',
  pool: 'test/e2e/readme-commands.test.ts',
  deploy: 'src/deploy/deploy.test.ts',
  wrangler: 'test/worker/api-worker-stack.ts',
}

/**
 * `bun run wrangler <command>` lines of the docs: the local ones run under test/worker; the creating
 * ones are steps `bun run deploy` takes, run by src/deploy/deploy.test.ts against its wrangler stand-in
 * (there is no Cloudflare account and no internet here). `null`: only a person with an account can run
 * it — `login` opens Cloudflare's sign-in in a browser, `secret put` writes into a live Worker.
 */
const WRANGLER_COMMANDS: Record<string, string | null> = {
  dev: 'test/worker/wrangler-dev.ts',
  'd1 migrations apply': 'test/worker/api-worker-stack.ts',
  'd1 create': 'src/deploy/deploy.test.ts',
  'r2 bucket create': 'src/deploy/deploy.test.ts',
  'queues create': 'src/deploy/deploy.test.ts',
  deploy: 'src/deploy/deploy.test.ts',
  login: null,
  'secret put': null,
}

/**
 * `bun <file>` commands of the docs and the file that runs each; `null` with the reason where none does.
 */
const FILES_RUN_BY: Record<string, string | null> = {
  'src/islands/build.ts': 'package.json',
  'src/api/store/d1-migrations.ts': 'src/api/store/d1-migrations.test.ts',
  'test/durations.ts': 'test/durations.test.ts',
  // Named in docs/performance.md as what `bun run bench pages` runs (about 6 of the bench's 12 minutes).
  'test/bench/pages.bench.ts': null,
}

describe('every command of the docs is run by a test or by CI', () => {
  const text = PAGES.map((page) => readFileSync(join(ROOT, page), 'utf8')).join('\n')

  test('each `bun run <script>` names the file that runs it, and that file runs that script', () => {
    const named = [...new Set([...text.matchAll(/\bbun run ([\w:.-]+)/g)].map((m) => m[1]!))]
    expect(named.filter((script) => !(script in RUN_BY))).toEqual([])
    const unproven = named.filter((script) => {
      const runner = readFileSync(join(ROOT, RUN_BY[script]!), 'utf8')
      return !runner.includes(`'${script}'`) && !runner.includes(`bun run ${script}`)
    })
    expect(unproven).toEqual([])
  })

  test('each `bun <file>` names the file that runs it, and that file runs it', () => {
    const named = [...new Set([...text.matchAll(/\bbun ((?:src|test)\/[\w./-]+\.tsx?)/g)].map((m) => m[1]!))]
    expect(named.filter((file) => !(file in FILES_RUN_BY))).toEqual([])
    const unproven = named.filter((file) => FILES_RUN_BY[file] && !readFileSync(join(ROOT, FILES_RUN_BY[file]!), 'utf8').includes(file))
    expect(unproven).toEqual([])
  })

  test('each `bun run wrangler <command>` is one a test runs', () => {
    const commands = [...text.matchAll(/\bbun run wrangler ((?:[a-z0-9]+ ?){1,3})/g)].map((m) => m[1]!.trim())
    const unknown = commands.filter((command) => !Object.keys(WRANGLER_COMMANDS).some((known) => command === known || command.startsWith(`${known} `)))
    expect(unknown).toEqual([])
    for (const [command, file] of Object.entries(WRANGLER_COMMANDS)) {
      if (file === null) continue
      const words = command.split(' ')
      const runner = readFileSync(join(ROOT, file), 'utf8')
      expect(words.every((word) => runner.includes(`'${word}'`)), `${file} runs wrangler ${command}`).toBe(true)
    }
  })
})
