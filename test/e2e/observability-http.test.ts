/**
 * What an operator sees of the real Bun server (docs/operations.md "Health and metrics", "Logs"),
 * in-process with LOG_FORMAT=json and METRICS_TOKEN, its lines collected: every answer carries its
 * request id, also on the error page; one JSON line per request with exactly the documented fields
 * and the route pattern (never the path); `/metrics` needs the token on the public port and none on
 * METRICS_PORT, parses as the Prometheus text format and counts the requests made; `/healthz`,
 * `/readyz`. Then a fuzz run: 10 000 requests to random paths, each carrying an API key, session
 * cookies, an e-mail address and a webhook secret — the metrics keep a bounded number of series and no
 * secret reaches any of the 10 000 log lines.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { sql } from 'drizzle-orm'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { makeSkinPng } from '../../src/api/image/fixtures'
import { createBunServer } from '../../src/server/bun'
import { parseExposition, sampleValue, samplesOf } from '../support/prometheus-text'
import { freePort } from '../support/bun-server'
import { documentedFamilies } from '../docs/metrics-table'

const TOKEN = 'metrics-token-for-tests-0123456789'
let origin: string
let metricsOrigin: string
let dataDir: string
let http: ReturnType<typeof Bun.serve>
let stop: () => Promise<void>
let server: Awaited<ReturnType<typeof createBunServer>>
const lines: string[] = []

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'ssg-observe-'))
  const [port, metricsPort] = [freePort(), freePort()]
  server = await createBunServer(
    { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, DEMO_SKINS: '2', LOG_FORMAT: 'json', METRICS_TOKEN: TOKEN, METRICS_PORT: String(metricsPort) },
    { logWrite: (line) => lines.push(line) },
  )
  http = await server.start()
  stop = () => server.stop()
  origin = `http://127.0.0.1:${port}`
  metricsOrigin = `http://127.0.0.1:${metricsPort}`
}, 60_000)

afterAll(async () => {
  http?.stop(true)
  await stop?.()
  rmSync(dataDir, { recursive: true, force: true })
})

/** The request lines written since `from`. */
const requestLines = (from = 0) =>
  lines
    .slice(from)
    .map((l) => JSON.parse(l) as Record<string, unknown>)
    .filter((l) => l.event === 'request')

const scrape = async (headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }) => {
  const res = await fetch(`${origin}/metrics`, { headers })
  return { res, text: res.status === 200 ? await res.text() : '' }
}

describe('request ids, request lines and metrics on the Bun server', () => {
  test('every answer has its request id; a well-formed one it came with is kept; the error page shows it', async () => {
    const home = await fetch(`${origin}/`)
    expect(home.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
    const kept = await fetch(`${origin}/api/v2/skins?size=1`, { headers: { 'x-request-id': 'lb-7f3a9c1e-0001' } })
    expect(kept.headers.get('x-request-id')).toBe('lb-7f3a9c1e-0001')
    const replaced = await fetch(`${origin}/api/v2/skins?size=1`, { headers: { 'x-request-id': 'bad id <script>' } })
    expect(replaced.headers.get('x-request-id')).not.toContain('<')
    const missing = await fetch(`${origin}/no/such/page/here`)
    expect(missing.status).toBe(404)
    const id = missing.headers.get('x-request-id')!
    expect(await missing.text()).toContain(`Request id: ${id}`)
    // The account site's error pages too, in the visitor's language.
    const accounts = await fetch(`${origin}/accounts/no-such-page`, { headers: { 'accept-language': 'de' } })
    expect(accounts.status).toBe(404)
    expect(await accounts.text()).toContain(`Anfrage-ID: ${accounts.headers.get('x-request-id')}`)
    // The facts the apps told the observer never leave the server.
    expect(missing.headers.get('x-ssg-route')).toBeNull()
    expect(kept.headers.get('x-ssg-tier')).toBeNull()
  })

  test('one JSON line per request: time, request id, method, route pattern, status, duration, tier — nothing else', async () => {
    const from = lines.length
    const skins = (await (await fetch(`${origin}/api/v2/skins?size=2`)).json()) as { skins: { uuid: string }[] }
    const uuid = skins.skins[0]!.uuid
    await (await fetch(`${origin}/skins/${uuid}?from=somewhere`)).text()
    await (await fetch(`${origin}/de/skins`)).text()
    await (await fetch(`${origin}/accounts/sign-in`)).text()
    const css = (await (await fetch(`${origin}/`)).text()).match(/href="(\/assets\/[^"]+\.css)"/)![1]!
    await (await fetch(`${origin}${css}`)).text()
    const got = requestLines(from)
    expect(got.map((l) => [l.method, l.route, l.status])).toEqual([
      ['GET', '/api/v2/skins', 200],
      ['GET', '/skins/:skin', 200],
      ['GET', '/:locale/skins', 200],
      ['GET', '/accounts/sign-in', 200],
      ['GET', '/', 200],
      ['GET', 'static', 200],
    ])
    for (const l of got) {
      expect(Object.keys(l).sort()).toEqual(expect.arrayContaining(['duration_ms', 'event', 'level', 'method', 'request_id', 'route', 'status', 'time']))
      expect(Object.keys(l).every((k) => ['duration_ms', 'event', 'level', 'method', 'request_id', 'route', 'status', 'time', 'tier'].includes(k))).toBe(true)
      expect(typeof l.duration_ms).toBe('number')
      expect(new Date(l.time as string).toISOString()).toBe(l.time as string)
    }
    // The API says who called: an anonymous caller here.
    expect(got[0]!.tier).toBe('anonymous')
    expect(JSON.stringify(got)).not.toContain(uuid)
    expect(JSON.stringify(got)).not.toContain('somewhere')
  })

  test('one JSON line per finished job: id, status, kind, wait and run times, attempts — never its input', async () => {
    const from = lines.length
    const form = () => {
      const f = new FormData()
      f.set('file', new File([makeSkinPng(7301)], 'secret-name-of-my-file.png', { type: 'image/png' }))
      return f
    }
    const queued = (await (await fetch(`${origin}/api/v2/queue`, { method: 'POST', body: form() })).json()) as { job: { id: string } }
    await fetch(`${origin}/api/v2/queue/${queued.job.id}?wait=10000`)
    // The same file again: a duplicate, finished as it is stored.
    const again = (await (await fetch(`${origin}/api/v2/queue`, { method: 'POST', body: form() })).json()) as { job: { id: string } }
    const jobs = () => lines.slice(from).map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.event === 'job')
    for (let i = 0; i < 50 && jobs().length < 2; i++) await Bun.sleep(20)
    expect(jobs().map((l) => [l.job_id, l.status, l.kind])).toEqual([
      [queued.job.id, 'completed', 'upload'],
      [again.job.id, 'completed', 'upload'],
    ])
    expect(jobs()[0]).toMatchObject({ level: 'info', attempts: 1 })
    expect(typeof jobs()[0]!.wait_ms).toBe('number')
    expect(typeof jobs()[0]!.run_ms).toBe('number')
    expect(lines.slice(from).join('\n')).not.toContain('secret-name-of-my-file')
  })

  test('/metrics needs the token on the public port and none on METRICS_PORT; it parses and counts the requests made', async () => {
    expect((await scrape({})).res.status).toBe(401)
    expect((await scrape({ authorization: 'Bearer wrong-token-wrong-token' })).res.status).toBe(401)
    const before = parseExposition((await scrape()).text)
    const count = (e: ReturnType<typeof parseExposition>) => sampleValue(e, 'ssg_http_requests_total', { route: '/api/v2/skins', method: 'GET', status: '200' }) ?? 0
    for (let i = 0; i < 3; i++) await (await fetch(`${origin}/api/v2/skins?size=1`)).text()
    const after = parseExposition((await scrape()).text)
    expect(count(after) - count(before)).toBe(3)
    expect(sampleValue(after, 'ssg_http_request_duration_seconds_count', { route: '/api/v2/skins', method: 'GET' })).toBeGreaterThanOrEqual(3)
    expect(sampleValue(after, 'process_resident_memory_bytes')).toBeGreaterThan(1_000_000)
    expect(sampleValue(after, 'ssg_event_loop_lag_seconds')).toBeGreaterThanOrEqual(0)
    // The metrics port: no token, and only the operator endpoints.
    const local = await fetch(`${metricsOrigin}/metrics`)
    expect(local.status).toBe(200)
    expect(local.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8')
    parseExposition(await local.text())
    expect((await fetch(`${metricsOrigin}/`)).status).toBe(404)
  })

  test('every family docs/operations.md documents is in the scrape (the pool\'s only with SIGNER=mojang)', async () => {
    const text = (await scrape()).text
    const written = new Set([...text.matchAll(/^# TYPE (\S+) /gm)].map((m) => m[1]!))
    const missing = [...documentedFamilies()].filter((name) => !written.has(name))
    expect(missing.sort()).toEqual(['ssg_pool_account_errors_total', 'ssg_pool_accounts'])
  })

  test('with LOG_FORMAT=json the console writes JSON too, redacted', () => {
    const from = lines.length
    console.error('[app] GET /accounts/x failed for ada@example.org with Bearer abc.def')
    const [line] = lines.slice(from).map((l) => JSON.parse(l) as Record<string, unknown>)
    expect(line).toMatchObject({ level: 'error', event: 'log', message: '[app] GET /accounts/x failed for [email] with Bearer [secret]' })
  })

  test('/healthz answers while the process does; /readyz says ready with each check', async () => {
    const health = await fetch(`${origin}/healthz`)
    expect([health.status, await health.json()]).toEqual([200, { ok: true }])
    const ready = await fetch(`${metricsOrigin}/readyz`)
    expect(ready.status).toBe(200)
    expect(((await ready.json()) as { ready: boolean }).ready).toBe(true)
  })

  test('/readyz turns unready, naming the database and SQLite\'s reason, while the database takes no writes; ready again after', async () => {
    const db = server.embedded!.db
    db.run(sql.raw('PRAGMA query_only = ON'))
    try {
      const res = await fetch(`${origin}/readyz`)
      expect(res.status).toBe(503)
      const body = (await res.json()) as { ready: boolean; checks: Record<string, { ok: boolean; reason?: string }> }
      expect(body.ready).toBe(false)
      expect(body.checks.database).toMatchObject({ ok: false })
      expect(body.checks.database!.reason).toMatch(/readonly|read-only/i)
      expect(body.checks.blobs!.ok && body.checks.signer!.ok).toBe(true)
    } finally {
      db.run(sql.raw('PRAGMA query_only = OFF'))
    }
    expect((await fetch(`${origin}/readyz`)).status).toBe(200)
  })

  test('10 000 random paths carrying secrets: a bounded number of series, and no secret in any log line', async () => {
    const secrets = {
      key: `ssg_${'ab12'.repeat(16)}`,
      session: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZGEifQ.c2lnbmF0dXJl',
      refresh: 'refresh-0123456789abcdef0123456789abcdef',
      email: 'ada.lovelace@example.org',
      webhook: 'whsec_QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo=',
    }
    const from = lines.length
    const random = (n: number) => Math.random().toString(36).slice(2, 2 + n)
    const shapes = [
      () => `/${random(6)}/${random(8)}/${random(4)}?email=${secrets.email}`,
      () => `/api/v2/${random(10)}?key=${secrets.key}`,
      () => `/skins/${random(32)}?token=${secrets.webhook}`,
      () => `/accounts/${random(7)}/${encodeURIComponent(secrets.email)}`,
      () => `/${random(12)}`,
      () => `/de/${random(5)}/${random(5)}`,
    ]
    for (let i = 0; i < 10_000; i += 50) {
      await Promise.all(
        Array.from({ length: 50 }, (_, j) =>
          fetch(`${origin}${shapes[(i + j) % shapes.length]!()}`, {
            method: (i + j) % 7 === 0 ? 'POST' : 'GET',
            headers: { authorization: `Bearer ${secrets.key}`, cookie: `ssg_api=${secrets.session}; ssg_session=${secrets.refresh}`, 'x-user-email': secrets.email },
            ...((i + j) % 7 === 0 ? { body: `email=${secrets.email}&secret=${secrets.webhook}` } : {}),
          }).then((r) => r.arrayBuffer()),
        ),
      )
    }
    const written = lines.slice(from)
    // Every line is one JSON object (the console's own lines too), and each request has its line.
    for (const l of written) expect(typeof JSON.parse(l)).toBe('object')
    expect(requestLines(from).length).toBeGreaterThanOrEqual(10_000)
    const all = written.join('\n')
    for (const secret of Object.values(secrets)) expect(all).not.toContain(secret)
    const series = samplesOf(parseExposition((await scrape()).text), 'ssg_http_requests_total')
    expect(series.length).toBeLessThan(80)
    expect(new Set(series.map((s) => s.labels.route)).size).toBeLessThan(40)
  }, 120_000)
})
