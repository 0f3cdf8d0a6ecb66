import { describe, expect, test } from 'bun:test'
import { makeSkinPng } from '../image/fixtures'
import { decodePngDataUrl, isPngDataUrl, MAX_DATA_URL_LENGTH } from './index'

const toDataUrl = (bytes: Uint8Array) => `data:image/png;base64,${Buffer.from(bytes).toString('base64')}`

describe('PNG data URLs (reference mineskin-api.md §1.5)', () => {
  test('decodes to the original bytes', () => {
    const png = makeSkinPng(9)
    expect(isPngDataUrl(toDataUrl(png))).toBe(true)
    expect(decodePngDataUrl(toDataUrl(png))).toEqual(png)
  })

  test('a 20 000-byte PNG fits the length limit, anything longer is refused', () => {
    expect(decodePngDataUrl(toDataUrl(new Uint8Array(20_000)))).toHaveLength(20_000)
    expect(MAX_DATA_URL_LENGTH).toBe(26_668)
    expect(() => decodePngDataUrl(toDataUrl(new Uint8Array(20_010)))).toThrow(/limit is 26668/)
  })

  test.each([
    ['data:image/jpeg;base64,AAAA', /expected a data:image\/png;base64 URL/],
    ['data:image/png;base64,@@@@', /not valid base64/],
    ['data:image/png;base64,A', /not valid base64/],
    // Padding where the length is no multiple of 4: admitted by the pattern, refused by atob (found by test/fuzz/v1.test.ts).
    ['data:image/png;base64,/=', /not valid base64/],
    ['data:image/png;base64,AB=', /not valid base64/],
  ])('refuses %s', (url, reason) => {
    expect(() => decodePngDataUrl(url)).toThrow(reason)
    try {
      decodePngDataUrl(url)
    } catch (e) {
      expect(e).toMatchObject({ code: 'invalid_image_url', status: 400 })
    }
  })
})
