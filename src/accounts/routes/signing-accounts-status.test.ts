/**
 * What the signing-account page says about an account's state (docs/signing.md "Account status"), with
 * the real pool manager over SQLite and the states the pool really writes: "Needs sign-in" only for a
 * refused sign-in; "Resting" / "Out of rotation" after N errors in a row, with the reason in words —
 * in English and in other languages (plural forms included), and never a raw code.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createDbAccountPool, DEFAULT_ROTATION } from '../../api/signing/pool/db-account-pool'
import { putPoolAccount } from '../../api/signing/pool/pool-account-store'
import { createPoolManager } from '../../api/signing/pool/pool-manager'
import { createTokenBox } from '../../api/signing/pool/token-box'
import { openStore, type BunStore as Store } from '../../api/store/db'
import { users } from '../../api/store/schema'
import { createAccountsApp } from '../app'
import { createRefreshSession, REFRESH_COOKIE } from '../services/tokens'
import { testAccountsDeps } from '../testing/test-deps'

const APP = 'http://app.test'
const NOW = Date.UTC(2026, 10, 22, 12)
const ADA = 'a1'.repeat(16)
let dir: string
let store: Store
let app: ReturnType<typeof createAccountsApp>
let cookie = ''

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ssg-signing-status-'))
  store = openStore(dir)
  const box = await createTokenBox('s'.repeat(40))
  const rules = { ...DEFAULT_ROTATION, newAccountDelayMs: 0 }
  const accounts = [
    ['d'.repeat(32), 'RestingTwice'],
    ['e'.repeat(32), 'OutOfTurns'],
    ['f'.repeat(32), 'SignedOut'],
  ] as const
  for (const [id, name] of accounts) await putPoolAccount(store.sql, box, { id, name, type: 'microsoft', tokenSource: 'login_microsoft', accessToken: `token-${name}` }, 0)
  await store.sql.run('UPDATE accounts SET owner_user_id = ?', [ADA])
  // The outcomes the mojang signer reports: two 429s in a row; ten bad signatures in a row.
  const pool = createDbAccountPool({ sql: store.sql, box, rules })
  const fail = async (id: string, code: 'rate_limited' | 'invalid_signature', at: number) => {
    for (;;) {
      const a = (await pool.acquire(at))!
      if (a.id === id) return pool.release(a, { ok: false, cooldown: code === 'rate_limited', code, error: `(${code} as logged)`, now: at, changedAt: at })
      await pool.release(a, { ok: true, changedAt: at })
    }
  }
  for (let i = 0; i < 10; i++) await fail('e'.repeat(32), 'invalid_signature', NOW - 30 * 60_000 + i * 20_000)
  await fail('d'.repeat(32), 'rate_limited', NOW - 12 * 60_000)
  await fail('d'.repeat(32), 'rate_limited', NOW - 60_000)
  // Microsoft refused the saved sign-in, as token-renewal.ts records it.
  await store.sql.run('UPDATE accounts SET needs_sign_in_at = ?, last_error = ?, last_error_code = ?, last_error_at = ? WHERE id = ?', [NOW - 5000, 'Token renewal failed: invalid_grant', 'sign_in_revoked', NOW - 5000, 'f'.repeat(32)])

  const manager = createPoolManager({ sql: store.sql, box, auth: { flow: 'live', clientId: 'x', tenant: 'consumers', hosts: { live: 'http://127.0.0.1:9', msal: 'http://127.0.0.1:9', xboxUser: 'http://127.0.0.1:9', xsts: 'http://127.0.0.1:9', services: 'http://127.0.0.1:9' } }, now: () => NOW, rules })
  const deps = testAccountsDeps(store, { appOrigin: APP, now: () => NOW, pool: manager })
  app = createAccountsApp(deps)
  store.db.insert(users).values({ id: ADA, email: 'ada@example.test', createdAt: NOW }).run()
  cookie = `${REFRESH_COOKIE}=${(await createRefreshSession(deps, ADA)).token}`
})
afterAll(() => {
  store.close()
  rmSync(dir, { recursive: true, force: true })
})

/** The list page's text per account (tags dropped), in `lang`. */
async function items(lang: string): Promise<Record<string, string>> {
  const html = await (await app.fetch(new Request(`${APP}/signing-accounts?lang=${lang}`, { headers: { cookie } }))).text()
  const out: Record<string, string> = {}
  for (const m of html.matchAll(/<li[^>]*data-testid="signing-account"[^>]*>([\s\S]*?)<\/li>/g)) {
    const text = m[1]!.replace(/<[^>]+>/g, ' ').replace(/&#x27;/g, "'").replace(/\s+/g, ' ').trim()
    out[/RestingTwice|OutOfTurns|SignedOut/.exec(text)![0]] = text
  }
  return out
}

test('English: resting after 2 errors and out of rotation after 10, with the reason; needs sign-in only for the refused sign-in', async () => {
  const en = await items('en')
  expect(en.RestingTwice).toContain('Resting after 2 errors in a row until')
  expect(en.RestingTwice).toContain('Mojang refused the skin change because it came too soon (rate limit).')
  expect(en.OutOfTurns).toContain('Out of rotation after 10 errors in a row')
  expect(en.OutOfTurns).toContain("The signature from Mojang's session server did not verify, so the skin was not stored.")
  expect(en.OutOfTurns).toContain('Resume puts it back in the pool with its error count reset.')
  expect(en.OutOfTurns).toContain('Resume')
  expect(en.SignedOut).toContain('Needs sign-in')
  expect(en.SignedOut).toContain('Microsoft no longer accepts the saved sign-in')
  for (const name of ['RestingTwice', 'OutOfTurns']) expect(en[name]).not.toContain('sign-in')
  for (const text of Object.values(en)) expect(text).not.toMatch(/rate_limited|invalid_signature|sign_in_revoked|out_of_rotation|cooling_down|as logged/)
})

test('other languages: the same states in words, with the plural form the number takes', async () => {
  const ru = await items('ru')
  expect(ru.RestingTwice).toContain('после 2 ошибок подряд')
  expect(ru.RestingTwice).toContain('Mojang отклонил смену скина')
  expect(ru.OutOfTurns).toContain('Выведен из ротации')
  expect(ru.OutOfTurns).toContain('после 10 ошибок подряд')
  expect(ru.SignedOut).toContain('Нужен вход')
  const pl = await items('pl')
  expect(pl.RestingTwice).toContain('po 2 błędach z rzędu')
  expect(pl.OutOfTurns).toContain('Poza rotacją')
  const de = await items('de')
  expect(de.OutOfTurns).toContain('Aus der Rotation')
  expect(de.OutOfTurns).toContain('nach 10 Fehlern in Folge')
})
