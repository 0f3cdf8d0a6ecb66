/** SPEC §9 monitoring rates and the DSN's origin for CSP. */
import { describe, expect, test } from 'bun:test'
import { monitoringConfig } from './monitoring'
import { monitoringOptions } from '../../islands/monitoring'
import { dsnOrigin, REPLAYS_ON_ERROR_SAMPLE_RATE, REPLAYS_SESSION_SAMPLE_RATE, tracesSampleRate } from '../../shared/monitoring'

describe('monitoring settings (SPEC §9)', () => {
  test('sample rates', () => {
    expect(tracesSampleRate('development')).toBe(1)
    expect(tracesSampleRate('production')).toBe(0.2)
    expect(REPLAYS_SESSION_SAMPLE_RATE).toBe(0.1)
    expect(REPLAYS_ON_ERROR_SAMPLE_RATE).toBe(0.2)
    expect(monitoringOptions({ dsn: 'https://k@o.example/1', environment: 'production' })).toEqual({
      dsn: 'https://k@o.example/1',
      environment: 'production',
      tracesSampleRate: 0.2,
      replaysSessionSampleRate: 0.1,
      replaysOnErrorSampleRate: 0.2,
    })
  })

  test('off without a DSN; the DSN origin for connect-src', () => {
    expect(monitoringConfig(undefined, false)).toBeUndefined()
    expect(monitoringConfig('  ', true)).toBeUndefined()
    expect(monitoringConfig('not a url', true)).toBeUndefined()
    expect(monitoringConfig('https://k@o.example/1', true)).toEqual({ dsn: 'https://k@o.example/1', environment: 'development' })
    expect(dsnOrigin('http://key@127.0.0.1:4321/7')).toBe('http://127.0.0.1:4321')
    expect(dsnOrigin('ftp://x@y/1')).toBeUndefined()
  })
})
