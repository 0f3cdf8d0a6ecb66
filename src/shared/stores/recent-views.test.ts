/**
 * The browser's memory of counted views (once per skin per browser, the last 10 skins).
 */
import { beforeEach, describe, expect, test } from 'bun:test'
import { $recentViews, hasRecentView, RECENT_VIEWS_CAP, rememberView, withRecentView } from './recent-views'

const id = (n: number) => n.toString(16).padStart(32, '0')

describe('recent views', () => {
  beforeEach(() => $recentViews.set([]))

  test('a counted skin is remembered, newest first, without duplicates', () => {
    expect(hasRecentView(id(1))).toBe(false)
    rememberView(id(1))
    rememberView(id(2))
    rememberView(id(1))
    expect(hasRecentView(id(1))).toBe(true)
    expect($recentViews.get()).toEqual([id(1), id(2)])
  })

  test('only the last 10 skins are remembered: the 11th pushes the oldest out, so it counts again', () => {
    for (let n = 1; n <= RECENT_VIEWS_CAP + 1; n++) rememberView(id(n))
    expect(RECENT_VIEWS_CAP).toBe(10)
    expect($recentViews.get()).toHaveLength(10)
    expect(hasRecentView(id(1))).toBe(false)
    expect(hasRecentView(id(2))).toBe(true)
    expect(hasRecentView(id(11))).toBe(true)
  })

  test('withRecentView is pure and keeps the cap', () => {
    const full = Array.from({ length: 10 }, (_, i) => id(i))
    const next = withRecentView(full, id(99))
    expect(full).toHaveLength(10)
    expect(next[0]).toBe(id(99))
    expect(next).toHaveLength(10)
    expect(next).not.toContain(id(9))
  })
})
