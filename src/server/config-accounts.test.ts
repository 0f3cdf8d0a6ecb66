import { describe, expect, test } from 'bun:test'
import { parseServerEnv } from './config'

describe('account site defaults', () => {
  test('with no configuration the app uses the embedded account site at /accounts', () => {
    const env = parseServerEnv({})
    expect(env.ACCOUNT_URL).toBe('/accounts')
    expect(env.ACCOUNT_API_ORIGIN).toBe('/accounts')
  })

  test('unset account URLs follow ACCOUNT_ORIGIN; explicit ones win', () => {
    expect(parseServerEnv({ ACCOUNT_ORIGIN: '/id/' })).toMatchObject({ ACCOUNT_URL: '/id', ACCOUNT_API_ORIGIN: '/id' })
    expect(parseServerEnv({ ACCOUNT_URL: 'https://login.example.org', ACCOUNT_API_ORIGIN: 'https://account.example.org/' })).toMatchObject({ ACCOUNT_URL: 'https://login.example.org', ACCOUNT_API_ORIGIN: 'https://account.example.org' })
    expect(() => parseServerEnv({ ACCOUNT_API_ORIGIN: 'accounts' })).toThrow('ACCOUNT_API_ORIGIN')
  })
})
