import { describe, expect, test } from 'bun:test'
import { ifNoneMatchHits, renderEtag } from './etag'

const key = { view: 'head', texture: 'abcdef12', scale: 10, overlay: true, slim: false } as const

describe('renderEtag', () => {
  test('is a strong, quoted tag that changes with every option that changes the pixels', () => {
    const tag = renderEtag(key)
    expect(tag).toMatch(/^"[^"]+"$/)
    const others = [
      renderEtag({ ...key, view: 'face' }),
      renderEtag({ ...key, texture: 'abcdef13' }),
      renderEtag({ ...key, scale: 9 }),
      renderEtag({ ...key, overlay: false }),
      renderEtag({ ...key, view: 'body', slim: true }),
      renderEtag({ ...key, view: 'body' }),
    ]
    expect(new Set([tag, ...others]).size).toBe(7)
  })

  test('ignores slim for the views without arms', () => {
    expect(renderEtag({ ...key, slim: true })).toBe(renderEtag(key))
  })
})

describe('ifNoneMatchHits (RFC 9110 §13.1.2)', () => {
  const tag = renderEtag(key)
  test('matches the tag itself, a W/ form, a list member and *', () => {
    expect(ifNoneMatchHits(tag, tag)).toBe(true)
    expect(ifNoneMatchHits(`W/${tag}`, tag)).toBe(true)
    expect(ifNoneMatchHits(`"x", ${tag}`, tag)).toBe(true)
    expect(ifNoneMatchHits('*', tag)).toBe(true)
  })

  test('does not match another tag, an unquoted tag or no header', () => {
    expect(ifNoneMatchHits('"x"', tag)).toBe(false)
    expect(ifNoneMatchHits(tag.slice(1, -1), tag)).toBe(false)
    expect(ifNoneMatchHits(undefined, tag)).toBe(false)
  })
})
