import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { openStore } from '../../store/db'
import { accountSessions, users } from '../../store/schema'
import { createCreditLedger } from './credits'
import { listNotifications } from './notifications'
import { validSubscriptions } from './subscription-grants'

const ROOT = join(import.meta.dir, '../../../..')
const USER = 'ef'.repeat(16)
let dir: string

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'ssg-accounts-cli-'))
  const store = openStore(dir)
  store.db.insert(users).values({ id: USER, email: 'ada@example.test', createdAt: Date.now() }).run()
  store.close()
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function run(...args: string[]) {
  const p = Bun.spawnSync(['bun', 'run', 'accounts', '--', ...args], { cwd: ROOT, env: { ...process.env, DATA_DIR: dir } })
  return { code: p.exitCode, out: p.stdout.toString(), err: p.stderr.toString() }
}

const read = async <T>(f: (store: ReturnType<typeof openStore>) => T | Promise<T>): Promise<T> => {
  const store = openStore(dir)
  try {
    return await f(store)
  } finally {
    store.close()
  }
}

describe('bun run accounts', () => {
  test('grant, credits, subscribe and notify change the database and say what they did', async () => {
    const g = run('grant', 'Ada@example.test', 'ad_free')
    expect(g.code).toBe(0)
    expect(g.out).toContain('Granted ad_free = true')
    expect(run('grant', 'ada@example.test', 'per_minute', '30').code).toBe(0)
    expect(await read((s) => JSON.parse(s.db.select().from(users).where(eq(users.id, USER)).get()!.grants!))).toEqual({ ad_free: true, per_minute: 30 })

    const c = run('credits', 'ada@example.test', '100', 'paid', 'month')
    expect(c.code).toBe(0)
    expect(c.out).toContain('balance now 100')
    expect(await read(async (s) => (await createCreditLedger(s.db).summary(USER, Date.now())).current)).toEqual({ type: 'paid', balance: 100, total: 100 })

    expect(run('subscribe', 'ada@example.test', 'feat_pack').code).toBe(0)
    expect(await read(async (s) => (await validSubscriptions(s.db, USER, Date.now())).map((x) => [x.productGroup, x.status]))).toEqual([['feat_pack', 'active']])

    expect(run('notify', 'ada@example.test', 'Hello', 'Welcome', 'aboard').code).toBe(0)
    expect(await read(async (s) => (await listNotifications(s.db, USER)).map((n) => [n.title, n.message]))).toEqual([['Hello', 'Welcome aboard']])
  })

  test('bad input exits non-zero with a clear message and changes nothing', async () => {
    const cases: [string[], string][] = [
      [['grant', 'nobody@example.test', 'ad_free'], 'No user with the email'],
      [['grant', 'ada@example.test', 'flying'], 'Unknown grant "flying"'],
      [['grant', 'ada@example.test', 'per_minute', 'lots'], 'Invalid value "lots"'],
      [['credits', 'ada@example.test', '-5'], 'positive whole number'],
      [['credits', 'ada@example.test', '5', 'gold'], 'Unknown credit type "gold"'],
      [['subscribe', 'ada@example.test', 'vip'], 'Unknown product group "vip"'],
      [['notify', 'ada@example.test', 'Title only'], 'needs <title> and <message>'],
      [['launch'], 'Unknown command "launch"'],
    ]
    for (const [args, text] of cases) {
      const r = run(...args)
      expect(r.code).toBe(2)
      expect(r.err).toContain(text)
    }
    expect(await read(async (s) => (await createCreditLedger(s.db).summary(USER, Date.now())).all.total)).toBe(100)
  })

  test('lock ends the sessions and marks the account; unlock lifts it', async () => {
    await read((s) => s.db.insert(accountSessions).values({ id: 'lock-session', userId: USER, tokenHash: 'lock-hash', createdAt: Date.now(), expiresAt: Date.now() + 60_000 }).run())
    const locked = run('lock', 'ada@example.test')
    expect(locked.code).toBe(0)
    expect(locked.out).toContain('ended 1 session(s)')
    expect(await read((s) => s.db.select().from(users).where(eq(users.id, USER)).get()!.lockedAt)).toBeNumber()
    expect(await read((s) => s.db.select().from(accountSessions).where(eq(accountSessions.id, 'lock-session')).get()!.revokedAt)).toBeNumber()
    expect(run('unlock', 'ada@example.test').code).toBe(0)
    expect(await read((s) => s.db.select().from(users).where(eq(users.id, USER)).get()!.lockedAt)).toBeNull()
  })
})
