/**
 * The build check's decisions (SPEC §7) with an injected clock and build source:
 * throttled to once a minute, stale once the deployed id differs, an unreadable answer changes
 * nothing. The reload in a real browser is tested in test/e2e/edge-client.test.ts.
 */
import { describe, expect, test } from 'bun:test'
import { BUILD_CHECK_INTERVAL_MS, createBuildCheck, isSameDocument } from './build-check'

function setup(deployed: () => Promise<string | undefined>) {
  let now = 1_000_000
  let asked = 0
  let staleCalls = 0
  const checker = createBuildCheck({
    pageBuild: 'aaa',
    latestBuild: () => (asked++, deployed()),
    now: () => now,
    onStale: () => staleCalls++,
  })
  return { checker, advance: (ms: number) => (now += ms), asked: () => asked, staleCalls: () => staleCalls }
}

describe('build check (SPEC §7)', () => {
  test('same build: not stale; asks again only after the interval', async () => {
    const s = setup(async () => 'aaa')
    expect(await s.checker.check()).toBe(false)
    expect(await s.checker.check()).toBe(false)
    expect(s.asked()).toBe(1)
    s.advance(BUILD_CHECK_INTERVAL_MS - 1)
    await s.checker.check()
    expect(s.asked()).toBe(1)
    s.advance(1)
    await s.checker.check()
    expect(s.asked()).toBe(2)
    expect(s.checker.stale).toBe(false)
  })

  test('a new build makes the page stale once; later checks ask nothing', async () => {
    let deployed = 'aaa'
    const s = setup(async () => deployed)
    expect(await s.checker.check()).toBe(false)
    deployed = 'bbb'
    s.advance(BUILD_CHECK_INTERVAL_MS)
    expect(await s.checker.check()).toBe(true)
    expect(s.checker.stale).toBe(true)
    s.advance(BUILD_CHECK_INTERVAL_MS)
    expect(await s.checker.check()).toBe(true)
    expect(s.asked()).toBe(2)
    expect(s.staleCalls()).toBe(1)
  })

  test('concurrent checks share one request; failures and empty answers change nothing', async () => {
    let release!: (id: string) => void
    const s = setup(() => new Promise((resolve) => (release = resolve)))
    const both = Promise.all([s.checker.check(), s.checker.check()])
    release('bbb')
    expect(await both).toEqual([true, true])
    expect(s.asked()).toBe(1)
    const failing = setup(async () => Promise.reject(new Error('offline')))
    expect(await failing.checker.check()).toBe(false)
    const empty = setup(async () => undefined)
    expect(await empty.checker.check()).toBe(false)
    expect(empty.checker.stale).toBe(false)
  })

  test('same-document links differ only in the fragment', () => {
    expect(isSameDocument('https://s.test/skins#main', 'https://s.test/skins')).toBe(true)
    expect(isSameDocument('https://s.test/skins?after=2#x', 'https://s.test/skins?after=1')).toBe(false)
    expect(isSameDocument('https://s.test/de/skins#x', 'https://s.test/skins#x')).toBe(false)
  })
})
