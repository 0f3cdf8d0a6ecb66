/**
 * Whoever reads a mailbox ends up with the only working credentials of its address
 * (docs/operations.md, "Account security"), over real HTTP and a real SQLite file:
 * - a stranger who signs up the owner's address — the ADMIN_EMAILS one included — never signs in,
 *   whichever of the two identical mails the owner opens; the owner's chosen password is the only one;
 * - a sign-up link from before passwords were chosen on the link's page never applies its password;
 * - a new-address link only takes effect in a browser signed in to the account that asked for it,
 *   and an ADMIN_EMAILS address is never moved onto an account;
 * - the ADMIN_EMAILS role needs the address confirmed;
 * - a reset request does the same work for every address (the timing itself: `bun run bench accounts`);
 * - deleting the account asks for the password.
 * @module
 */
import { afterAll, beforeEach, describe, expect, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { accountTokens, users } from '../api/store/schema'
import { issueLink } from './services/account-links'
import { hashPassword } from './services/users'
import { eventually } from '../../test/support/eventually'
import { PASSWORD, startAccountsHarness, type Jar } from './testing/accounts-harness'

const h = startAccountsHarness()
const { post, get, deps, store } = h
afterAll(() => h.close())

let ip = 0
beforeEach(() => {
  h.client.address = `10.6.${Math.floor(++ip / 250)}.${ip % 250}`
  deps.adminEmails = []
})

const OWNER_PASSWORD = 'the owner chose this one'
const STRANGER_PASSWORD = 'the stranger typed this'

/** The `/verify` links mailed to `email`, oldest first, as paths. */
const verifyLinks = (email: string) =>
  deps.mailer.sent
    .filter((m) => m.to === email)
    .map((m) => /https?:\/\/\S+\/accounts(\/verify\?\S+)/.exec(m.text)?.[1])
    .filter((l): l is string => l !== undefined)

/** Opens `link` (GET, must be 200) and sends its form with `fields` from `jar`. */
async function useLink(link: string, jar: Jar, fields: Record<string, string>) {
  const page = await get(link, jar)
  if (page.status !== 200) throw new Error(`${link} answered ${page.status}`)
  return post('/verify', { token: new URL(link, h.origin).searchParams.get('token')!, ...fields }, { jar })
}

/** Signs in with `password`: the answer's status and the jar. */
async function signInAs(email: string, password: string) {
  const jar: Jar = new Map()
  const res = await post('/sign-in', { email, password }, { jar, address: `192.0.2.${++ip % 250}` })
  return { status: res.status, jar }
}

const userRow = (email: string) => store.db.select().from(users).where(eq(users.email, email)).get()

describe('a sign-up someone else made can never be used to sign in', () => {
  for (const opened of ['the owner’s own', 'the stranger’s'] as const) {
    test(`fresh install, the ADMIN_EMAILS address: the owner opens ${opened} mail; only the owner's password signs in`, async () => {
      const email = h.newEmail()
      deps.adminEmails = [email]
      // The owner asks first, then a stranger (another address, a password field the form no longer has).
      expect((await post('/sign-up', { email })).status).toBe(200)
      expect((await post('/sign-up', { email, password: STRANGER_PASSWORD, name: 'Mallory' }, { address: '203.0.113.9' })).status).toBe(200)
      const mails = deps.mailer.sent.filter((m) => m.to === email)
      expect(mails).toHaveLength(2)
      // Two identical mails: the owner cannot tell them apart, and neither carries a password.
      const strip = (text: string) => text.replace(/token=[\w-]+/, 'token=…')
      expect(strip(mails[1]!.text)).toBe(strip(mails[0]!.text))
      expect(mails[1]!.subject).toBe(mails[0]!.subject)
      expect(userRow(email)).toBeUndefined()
      // Before the owner does anything, no password opens anything.
      expect((await signInAs(email, STRANGER_PASSWORD)).status).toBe(401)

      const links = verifyLinks(email)
      const chosen = opened === 'the owner’s own' ? links[0]! : links[1]!
      const owner: Jar = new Map()
      const done = await useLink(chosen, owner, { password: OWNER_PASSWORD })
      expect(done.status).toBe(303)
      expect(userRow(email)!.name).toBeNull() // the stranger's name went nowhere
      expect((await get('/admin', owner)).status).toBe(200)

      const stranger = await signInAs(email, STRANGER_PASSWORD)
      expect(stranger.status).toBe(401)
      expect((await get('/admin', stranger.jar)).status).toBe(403)
      expect((await signInAs(email, OWNER_PASSWORD)).status).toBe(303)
      // The other link is spent with the first: it cannot make a second account or set a password.
      const other = chosen === links[0] ? links[1]! : links[0]!
      expect((await get(other)).status).toBe(410)
      expect((await post('/verify', { token: new URL(other, h.origin).searchParams.get('token')!, password: STRANGER_PASSWORD })).status).toBe(410)
      expect((await signInAs(email, STRANGER_PASSWORD)).status).toBe(401)
    })
  }

  test('a sign-up link mailed before this change (its payload carries a password hash) asks the reader for a password and ignores the hash', async () => {
    const email = h.newEmail()
    const token = await issueLink(deps, { kind: 'signup', email, payload: { name: 'Mallory', passwordHash: await hashPassword(STRANGER_PASSWORD), redirect: null } })
    const page = await get(`/verify?token=${token}`)
    expect(await page.text()).toContain('Choose your password')
    expect((await post('/verify', { token, password: OWNER_PASSWORD }, { jar: new Map() })).status).toBe(303)
    expect((await signInAs(email, STRANGER_PASSWORD)).status).toBe(401)
    expect((await signInAs(email, OWNER_PASSWORD)).status).toBe(303)
  })

  test('the link of an address that meanwhile got an account says so, and changes nothing', async () => {
    const { email } = await h.signUp()
    const token = await issueLink(deps, { kind: 'signup', email, payload: { redirect: null } })
    const page = await get(`/verify?token=${token}`)
    expect(await page.text()).toContain('You already have an account')
    const sent = await post('/verify', { token, password: STRANGER_PASSWORD }, { jar: new Map() })
    expect(sent.status).toBe(409)
    expect((await signInAs(email, STRANGER_PASSWORD)).status).toBe(401)
    expect((await signInAs(email, PASSWORD)).status).toBe(303)
  })
})

describe('a new address takes effect only in a browser signed in to the account that asked', () => {
  test('opened signed out or as another account it changes nothing and says so; then it works where the account is signed in', async () => {
    const asker = await h.signUp()
    const other = await h.signUp()
    const target = h.newEmail()
    expect((await post('/manage/profile', { email: target, name: '', current: PASSWORD }, { jar: asker.jar })).status).toBe(303)
    const link = deps.mailer.link(target, '/verify')!
    const token = new URL(link, h.origin).searchParams.get('token')!

    const signedOut = await get(link)
    expect(signedOut.status).toBe(200)
    const signedOutText = await signedOut.text()
    expect(signedOutText).toContain('works only in a browser signed in to that account')
    // It offers to sign in and come back to the link.
    expect(signedOutText).toContain(`redirect=${encodeURIComponent(`/accounts/verify?lang=en&token=${token}`)}`)
    expect((await post('/verify', { token }, { jar: new Map() })).status).toBe(403)
    const elsewhere = await post('/verify', { token }, { jar: other.jar })
    expect(elsewhere.status).toBe(403)
    expect(await elsewhere.text()).toContain('another account than the one signed in here')
    expect(userRow(target)).toBeUndefined()
    expect(store.db.select().from(users).where(eq(users.id, asker.user.id)).get()!.email).toBe(asker.email)

    // The link was not spent: the asker, signed in, uses it.
    const done = await useLink(link, asker.jar, {})
    expect(done.status).toBe(303)
    expect(store.db.select().from(users).where(eq(users.id, asker.user.id)).get()!.email).toBe(target)
  })

  test('an ADMIN_EMAILS address is never moved onto an account: no link, a mail saying how to sign up, the same answer to the asker', async () => {
    const asker = await h.signUp()
    const admin = h.newEmail()
    const other = h.newEmail()
    deps.adminEmails = [admin]
    const asks = async (email: string) => {
      const res = await post('/manage/profile', { email, name: '', current: PASSWORD }, { jar: asker.jar })
      const page = await (await get(res.headers.get('location')!.replace('/accounts', ''), asker.jar)).text()
      return { location: res.headers.get('location'), page: page.replaceAll(email, '<email>').replace(/nonce="[^"]+"/g, '') }
    }
    expect(await asks(admin)).toEqual(await asks(other))
    await asks(admin)
    expect(deps.mailer.link(admin, '/verify')).toBeUndefined()
    expect(deps.mailer.last(admin)!.subject).toBe('This address cannot be moved to an account on localhost')
    expect(deps.mailer.link(admin, '/sign-up')).toBeDefined()
    // A link asked for before the address was listed is refused when used.
    deps.adminEmails = []
    await post('/manage/profile', { email: admin, name: '', current: PASSWORD }, { jar: asker.jar })
    const link = deps.mailer.link(admin, '/verify')!
    deps.adminEmails = [admin]
    const refused = await useLink(link, asker.jar, {})
    expect(refused.status).toBe(409)
    expect(await refused.text()).toContain('operator addresses')
    expect(store.db.select().from(users).where(eq(users.id, asker.user.id)).get()!.email).toBe(asker.email)
    expect((await get('/admin', asker.jar)).status).toBe(403)
  })

  test('an account holding an ADMIN_EMAILS address that was never confirmed gets no role', async () => {
    const legacy = await h.signUp()
    deps.adminEmails = [legacy.email]
    expect((await get('/admin', legacy.jar)).status).toBe(200)
    store.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, legacy.user.id)).run()
    expect((await get('/admin', legacy.jar)).status).toBe(403)
  })
})

describe('a reset request does the same work for every address', () => {
  /** The SQL statements a request prepares (parameters apart) and the mail sends it queues. */
  async function workOf(email: string) {
    const statements: string[] = []
    const prepare = store.sqlite.prepare.bind(store.sqlite)
    store.sqlite.prepare = ((sql: string, ...rest: unknown[]) => {
      statements.push(sql)
      return (prepare as (...a: unknown[]) => ReturnType<typeof prepare>)(sql, ...rest)
    }) as typeof store.sqlite.prepare
    const sends: (() => Promise<void>)[] = []
    const defer = deps.deferMail
    deps.deferMail = (send) => void sends.push(send)
    const before = deps.mailer.sent.length
    try {
      const res = await post('/forgot', { email })
      const html = (await res.text()).replaceAll(email, '<email>').replace(/nonce="[^"]+"/g, '')
      for (const send of sends) await send()
      return { status: res.status, html, statements, sends: sends.length, delivered: deps.mailer.sent.length - before, links: store.db.select().from(accountTokens).where(eq(accountTokens.email, email)).all().length }
    } finally {
      store.sqlite.prepare = prepare
      deps.deferMail = defer
    }
  }

  test('a confirmed account and an unknown address: the same statements, a link and a queued mail each; only the account gets it', async () => {
    const { email } = await h.signUp()
    const knownBefore = store.db.select().from(accountTokens).where(eq(accountTokens.email, email)).all().length
    const known = await workOf(email)
    const unknown = await workOf(h.newEmail())
    expect(unknown.statements).toEqual(known.statements)
    expect(known.statements.length).toBeGreaterThan(2)
    expect({ ...unknown, delivered: 0 }).toEqual({ ...known, delivered: 0, links: known.links - knownBefore })
    expect([known.delivered, unknown.delivered]).toEqual([1, 0])
  })

  test('by default the mail is sent after the answer, so how long sending takes is not in it', async () => {
    const { email } = await h.signUp()
    const defer = deps.deferMail
    deps.deferMail = undefined
    try {
      const before = deps.mailer.sent.length
      expect((await post('/forgot', { email })).status).toBe(200)
      expect(deps.mailer.sent.length).toBe(before)
      await eventually(() => deps.mailer.sent.length === before + 1, 'the reset mail sent after the answer')
      expect(deps.mailer.last(email)!.subject).toBe('Reset your password on localhost')
    } finally {
      deps.deferMail = defer
    }
  })
})

describe('deleting the account asks for the password', () => {
  test('a wrong password is a readable error and deletes nothing; the right one deletes', async () => {
    const { email, jar, user } = await h.signUp()
    const page = await (await get('/manage', jar)).text()
    expect(page).toContain('id="f-delete-current"')
    const wrong = await post('/manage/delete', { confirm: email, current: 'not my password' }, { jar })
    expect(wrong.status).toBe(401)
    const html = await wrong.text()
    expect(html).toContain('The current password is wrong.')
    expect(html).toContain(`value="${email}"`) // the typed address is kept
    expect(store.db.select().from(users).where(eq(users.id, user.id)).get()).toBeDefined()
    expect((await get('/manage', jar)).status).toBe(200)
    const done = await post('/manage/delete', { confirm: email, current: PASSWORD }, { jar })
    expect(done.status).toBe(200)
    expect(store.db.select().from(users).where(eq(users.id, user.id)).get()).toBeUndefined()
  })
})
