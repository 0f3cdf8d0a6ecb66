/** What a log line never carries (./redact.ts), and what it keeps. */
import { describe, expect, test } from 'bun:test'
import { redact } from './redact'

describe('redact', () => {
  test('addresses, tokens, keys, secrets and cookie values become markers', () => {
    const key = `ssg_${'0f'.repeat(32)}`
    expect(redact(`user ada.lovelace+mc@example.co.uk failed`)).toBe('user [email] failed')
    expect(redact(`Authorization: Bearer ${key}`)).toBe('Authorization: Bearer [secret]')
    expect(redact(`key ${key} revoked`)).toBe('key [api-key] revoked')
    expect(redact('secret whsec_QUJDREVGR0g= rotated')).toBe('secret [webhook-secret] rotated')
    expect(redact('jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig-nature_x')).toBe('jwt [jwt]')
    expect(redact('cookie ssg_session=abc123; ssg_api=def; password=hunter2')).toBe('cookie ssg_session=[secret]; ssg_api=[secret]; password=[secret]')
  })

  test('route patterns, metric names and ordinary words stay as they are', () => {
    for (const text of ['/api/v2/queue/:jobId', 'ssg_http_requests_total', 'ssg_client cookie issued', 'job 0123abcd failed: invalid_image']) expect(redact(text)).toBe(text)
  })
})
