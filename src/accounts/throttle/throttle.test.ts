/**
 * The throttle rules (docs/operations.md "Account security") over real HTTP and a real SQLite file:
 * a burst of 200 concurrent guesses has at most 5 evaluated, the owner still signs in from another
 * address, the waits grow, an address guessing across accounts must prove work and is then blocked,
 * an account under a distributed attack asks everyone for a proof but never locks, sign-ups are
 * limited per address, and current-password checks count like sign-ins.
 * @module
 */
import { afterAll, beforeEach, describe, expect, test } from 'bun:test'
import type { Challenge } from 'altcha-lib'
import { solveProof } from '../testing/test-deps'
import { PASSWORD, startAccountsHarness } from '../testing/accounts-harness'
import { RULES } from './rules'

const h = startAccountsHarness()
const { post, signUp, clock } = h
afterAll(() => h.close())

let ip = 0
beforeEach(() => {
  h.client.address = `10.1.${Math.floor(++ip / 250)}.${ip % 250}`
})

/** A solved proof from the site's own challenge, as the page's script fills it in. */
const proof = async () => solveProof((await (await h.get('/challenge')).json()) as Challenge)

describe('sign-in throttling', () => {
  test('200 concurrent guesses from one address: at most 5 are evaluated, the right password among them does not get in', async () => {
    const { email } = await signUp()
    const guesses = Array.from({ length: 200 }, (_, i) => (i === 150 ? PASSWORD : `wrong guess ${i}`))
    const answers = await Promise.all(guesses.map((password) => post('/sign-in', { email, password })))
    const statuses = answers.map((r) => r.status)
    const evaluated = statuses.filter((s) => s === 401 || s === 303).length
    expect(evaluated).toBeLessThanOrEqual(5)
    expect(statuses.filter((s) => s === 303)).toEqual([])
    expect(statuses.filter((s) => s === 429).length).toBe(200 - evaluated)
    const refused = answers.find((r) => r.status === 429)!
    expect(Number(refused.headers.get('retry-after'))).toBe(15 * 60)
    expect(await refused.text()).toContain('Too many attempts. Try again in 15 minutes.')
    // The owner, from another address, is not locked out.
    expect((await post('/sign-in', { email, password: PASSWORD }, { address: '198.51.100.7' })).status).toBe(303)
  })

  test('the waits grow for the same address and account: 15 minutes, then 30, then an hour', async () => {
    const { email } = await signUp()
    for (let i = 0; i < 5; i++) expect((await post('/sign-in', { email, password: `wrong ${i}` })).status).toBe(401)
    const waits: number[] = []
    for (let round = 0; round < 3; round++) {
      const blocked = await post('/sign-in', { email, password: PASSWORD })
      expect(blocked.status).toBe(429)
      const wait = Number(blocked.headers.get('retry-after'))
      waits.push(wait)
      clock.now += wait * 1000
      // Past 5 failures this address also solves a proof for each try (the page's script does).
      expect((await post('/sign-in', { email, password: `late guess ${round}`, proof: await proof() })).status).toBe(401)
    }
    expect(waits).toEqual([900, 1800, 3600])
    // The right password after the wait signs in and forgets the run of this address at this account.
    clock.now += 2 * 3600_000
    expect((await post('/sign-in', { email, password: PASSWORD, proof: await proof() })).status).toBe(303)
    for (let i = 0; i < 5; i++) expect((await post('/sign-in', { email, password: `slip ${i}`, proof: await proof() })).status).toBe(401)
  })

  test('one address guessing across accounts must solve a proof after 5 failures and is blocked after 30', async () => {
    for (let i = 0; i < RULES.passwordAddress.proofAfter; i++) expect((await post('/sign-in', { email: h.newEmail(), password: 'guess' })).status).toBe(401)
    const unproven = await post('/sign-in', { email: h.newEmail(), password: 'guess' })
    expect(unproven.status).toBe(403)
    expect(await unproven.text()).toContain('needs a short browser check')
    for (let i = RULES.passwordAddress.proofAfter; i < RULES.passwordAddress.blockAfter; i++) {
      expect((await post('/sign-in', { email: h.newEmail(), password: 'guess', proof: await proof() })).status).toBe(401)
    }
    expect((await post('/sign-in', { email: h.newEmail(), password: 'guess', proof: await proof() })).status).toBe(429)
  })

  test('an account guessed at from many addresses asks every sign-in for a proof but never locks the owner out', async () => {
    const { email } = await signUp()
    for (let i = 0; i < RULES.passwordAccount.proofAfter; i++) {
      expect((await post('/sign-in', { email, password: `botnet ${i}` }, { address: `203.0.113.${i}` })).status).toBe(401)
    }
    const fresh = '192.0.2.200'
    const noProof = await post('/sign-in', { email, password: PASSWORD }, { address: fresh })
    expect(noProof.status).toBe(403)
    // A replayed proof counts once only.
    const solved = await proof()
    expect((await post('/sign-in', { email, password: PASSWORD, proof: solved }, { address: fresh })).status).toBe(303)
    expect((await post('/sign-in', { email, password: PASSWORD, proof: solved }, { address: fresh })).status).toBe(403)
  })

  test('an IPv6 client is counted by its /64: walking through its addresses does not reset the count', async () => {
    const { email } = await signUp()
    for (let i = 0; i < 5; i++) expect((await post('/sign-in', { email, password: `v6 ${i}` }, { address: `2001:db8:1:2::${i + 1}` })).status).toBe(401)
    expect((await post('/sign-in', { email, password: PASSWORD }, { address: '2001:db8:1:2::99' })).status).toBe(429)
    expect((await post('/sign-in', { email, password: PASSWORD }, { address: '2001:db8:1:3::1' })).status).toBe(303)
  })
})

describe('other credential forms', () => {
  test('sign-ups from one address: 3 freely, then with a proof, at most 10 (150 in 9 s were possible)', async () => {
    const results: number[] = []
    for (let i = 0; i < RULES.signUpAddress.blockAfter + 1; i++) {
      const withProof: Record<string, string> = i >= RULES.signUpAddress.proofAfter ? { proof: await proof() } : {}
      results.push((await post('/sign-up', { email: h.newEmail(), ...withProof })).status)
    }
    expect(results).toEqual([...Array(RULES.signUpAddress.blockAfter).fill(200), 429])
    expect((await post('/sign-up', { email: h.newEmail() })).status).toBe(429)
  })

  test('current-password guesses on the change form count like sign-ins', async () => {
    const { jar } = await signUp()
    for (let i = 0; i < 5; i++) expect((await post('/manage/password', { current: `guess ${i}`, next: 'a brand new secret' }, { jar })).status).toBe(401)
    const blocked = await post('/manage/password', { current: PASSWORD, next: 'a brand new secret' }, { jar })
    expect(blocked.status).toBe(429)
    expect(await blocked.text()).toContain('Too many attempts.')
  })

  test('reset requests: the same answer for every address, at most 5 mailed links an hour to one inbox', async () => {
    const { email } = await signUp()
    const before = h.deps.mailer.sent.length
    for (let i = 0; i < 8; i++) expect((await post('/forgot', { email }, { address: `198.18.0.${i}` })).status).toBe(200)
    // The sign-up confirmation already went to this inbox: 4 reset mails fill the 5 of the hour.
    expect(h.deps.mailer.sent.slice(before).filter((m) => m.to === email)).toHaveLength(RULES.mailRecipient.blockAfter - 1)
    clock.now += 2 * 3600_000
    expect((await post('/forgot', { email }, { address: '198.18.1.1' })).status).toBe(200)
    expect(h.deps.mailer.sent.slice(before).filter((m) => m.to === email)).toHaveLength(RULES.mailRecipient.blockAfter)
  })
})

describe('the rules', () => {
  test('no block outlasts the quiet time that ends a run, so an owner is never shut out for good', () => {
    for (const rule of Object.values(RULES)) expect(rule.maxBlockMs).toBeLessThan(rule.quietMs)
  })
})
