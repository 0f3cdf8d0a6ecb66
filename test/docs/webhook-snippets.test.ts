/**
 * The verification snippets of docs/webhooks.md work as written: each (JavaScript on Node, Java with
 * the JDK, Python 3) is cut out of the page, given a real delivery of a real job from the embedded
 * API to a receiver on 127.0.0.1, and must accept it, and refuse it with the body altered or another
 * secret. A snippet that drifts from what the server signs fails here.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { makeSkinPng } from '../../src/api/image/fixtures'
import { openStore } from '../../src/api/store/db'
import { startTestApi, uploadForm, type TestApi } from '../../src/api/testing/api-harness'
import { createApiKey } from '../../src/api/users/identity'
import { setKeyWebhook } from '../../src/api/webhooks/key-webhook'
import { startReceiver, type Received } from '../../src/api/webhooks/test-receiver'

const ROOT = join(import.meta.dir, '../..')
const page = readFileSync(join(ROOT, 'docs/webhooks.md'), 'utf8')
const section = page.slice(page.indexOf('## Verifying a delivery'))
/** The first fenced block of `lang` in the page's "Verifying a delivery" section. */
const snippet = (lang: string): string => {
  const m = section.match(new RegExp('```' + lang + '\\n([\\s\\S]*?)```'))
  if (!m) throw new Error(`docs/webhooks.md has no ${lang} snippet`)
  return m[1]!
}

/** What each driver is given: the secret, the three headers and the raw body. */
interface Case {
  secret: string
  headers: Record<string, string>
  body: string
}

const receiver = startReceiver()
let t: TestApi
let work: string
let delivery: Received
let secret: string

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'ssg-snippets-'))
  t = await startTestApi({ env: { FETCH_ALLOW_PRIVATE_HOSTS: receiver.hostPort } })
  // The snippets check the timestamp against the real clock (5 minutes), so the API's clock is the real one.
  t.clock.now = Date.now()
  const store = openStore(t.dir)
  let key: string
  try {
    const created = await createApiKey(store.db, { name: 'docs', userId: 'docs-user', now: t.clock.now })
    key = created.key
    const set = await setKeyWebhook(store.sql, { allowPrivateHosts: [receiver.hostPort] }, { userId: 'docs-user', keyId: created.id, url: receiver.url(), now: t.clock.now })
    if (!set.ok || !set.secret) throw new Error('no secret')
    secret = set.secret
  } finally {
    store.close()
  }
  await t.json('/v2/queue', { method: 'POST', body: uploadForm(makeSkinPng(3790)), headers: { 'user-agent': 'DocsTest/1.0', authorization: `Bearer ${key}` } })
  await t.api.idle()
  await t.api.webhooks.runDue()
  expect(receiver.received).toHaveLength(1)
  delivery = receiver.received[0]!
})
afterAll(async () => {
  await t.close()
  receiver.stop()
  rmSync(work, { recursive: true, force: true })
})

const headersOf = (r: Received) => ({ 'webhook-id': r.headers['webhook-id']!, 'webhook-timestamp': r.headers['webhook-timestamp']!, 'webhook-signature': r.headers['webhook-signature']! })
const cases = (): Case[] => [
  { secret, headers: headersOf(delivery), body: delivery.body },
  { secret, headers: headersOf(delivery), body: delivery.body.replace('job.completed', 'job.failed') },
  { secret: 'whsec_' + Buffer.alloc(32, 9).toString('base64'), headers: headersOf(delivery), body: delivery.body },
]

/** Runs `cmd`; its stdout's lines are the answers for the cases in order. */
function run(cmd: string[]): string[] {
  const p = Bun.spawnSync(cmd, { cwd: work, stdout: 'pipe', stderr: 'pipe' })
  if (p.exitCode !== 0) throw new Error(`${cmd.join(' ')}: ${p.stderr.toString()}`)
  return p.stdout.toString().trim().split('\n')
}

describe('docs/webhooks.md verification snippets', () => {
  beforeAll(() => writeFileSync(join(work, 'cases.json'), JSON.stringify(cases())))

  // Each runs where its tool is installed (this project's machines have all three); a missing one is reported as skipped.
  test.skipIf(!Bun.which('node'))('JavaScript (Node.js)', () => {
    writeFileSync(join(work, 'verify.mjs'), snippet('javascript'))
    writeFileSync(
      join(work, 'run.mjs'),
      `import { readFileSync } from 'node:fs'\nimport { verifyWebhook } from './verify.mjs'\nfor (const c of JSON.parse(readFileSync('cases.json', 'utf8'))) console.log(verifyWebhook(c.secret, c.headers, c.body))\n`,
    )
    expect(run(['node', 'run.mjs'])).toEqual(['true', 'false', 'false'])
  })

  test.skipIf(!Bun.which('python3'))('Python', () => {
    writeFileSync(join(work, 'verify.py'), snippet('python'))
    writeFileSync(join(work, 'run.py'), `import json\nfrom verify import verify_webhook\nfor c in json.load(open("cases.json")):\n    print(str(verify_webhook(c["secret"], c["headers"], c["body"])).lower())\n`)
    expect(run(['python3', 'run.py'])).toEqual(['true', 'false', 'false'])
  })

  test.skipIf(!Bun.which('javac') || !Bun.which('java'))('Java', () => {
    writeFileSync(join(work, 'WebhookVerifier.java'), snippet('java'))
    // The JDK has no JSON reader: the driver reads the cases as lines (secret, id, timestamp, signature, base64 body).
    const lines = cases().flatMap((c) => [c.secret, c.headers['webhook-id'], c.headers['webhook-timestamp'], c.headers['webhook-signature'], Buffer.from(c.body).toString('base64')])
    writeFileSync(join(work, 'cases.txt'), lines.join('\n') + '\n')
    writeFileSync(
      join(work, 'Run.java'),
      `import java.nio.file.*; import java.util.*;
public class Run { public static void main(String[] a) throws Exception {
  List<String> l = Files.readAllLines(Path.of("cases.txt"));
  for (int i = 0; i + 4 < l.size(); i += 5) {
    String body = new String(Base64.getDecoder().decode(l.get(i + 4)), java.nio.charset.StandardCharsets.UTF_8);
    System.out.println(WebhookVerifier.verify(l.get(i), l.get(i + 1), l.get(i + 2), l.get(i + 3), body));
  } } }
`,
    )
    run(['javac', '-d', '.', 'WebhookVerifier.java', 'Run.java'])
    expect(run(['java', '-cp', '.', 'Run'])).toEqual(['true', 'false', 'false'])
  })
})
