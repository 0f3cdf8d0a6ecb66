import { describe, expect, test } from 'bun:test'
import { $auth } from '../../shared/stores/auth'
import { loginUrlFor, SIGN_IN_DELAY_MS, signIn } from './sign-in'

describe('sign-in flow (SPEC §2 "Sign-in")', () => {
  test('signs out locally at once, then navigates to the login after 100 ms', () => {
    $auth.set({ status: 'signed-in', user: 'u1', email: 'a@b.test' })
    const events: string[] = []
    let pending: { run: () => void; ms: number } | undefined
    signIn('/accounts?redirect=x', {
      setTimeout: (run, ms) => {
        pending = { run, ms }
      },
      navigate: (url) => events.push(`navigate ${url}`),
      clearCookie: () => events.push('clear cookie'),
    })
    // Before the timer fires: signed out locally, cookie view dropped, still on the page.
    expect($auth.get()).toEqual({ status: 'signed-out' })
    expect(events).toEqual(['clear cookie'])
    expect(pending?.ms).toBe(100)
    expect(SIGN_IN_DELAY_MS).toBe(100)
    pending?.run()
    expect(events).toEqual(['clear cookie', 'navigate /accounts?redirect=x'])
  })

  test('the login URL carries the current app URL as redirect', () => {
    expect(loginUrlFor('/accounts', 'http://127.0.0.1:8787/de/my-skins?x=1')).toBe('/accounts?redirect=http%3A%2F%2F127.0.0.1%3A8787%2Fde%2Fmy-skins%3Fx%3D1')
    expect(loginUrlFor('/accounts/login?lang=de', 'http://a.test/')).toBe('/accounts/login?lang=de&redirect=http%3A%2F%2Fa.test%2F')
  })
})
