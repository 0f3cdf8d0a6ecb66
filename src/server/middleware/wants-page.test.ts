import { describe, expect, test } from 'bun:test'
import { acceptedRanges, wantsPage } from './wants-page'

/** What clients send for a skin link, copied from their source or their network logs. */
const NAVIGATIONS: Record<string, { accept: string; secFetchDest?: string }> = {
  chromium: { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7', secFetchDest: 'document' },
  firefox: { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', secFetchDest: 'document' },
  // Safari before 16.4 sent no Fetch Metadata.
  'old safari': { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' },
  'an iframe': { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', secFetchDest: 'iframe' },
  googlebot: { accept: 'text/html,application/xhtml+xml,application/signed-exchange;v=b3,application/xml;q=0.9,*/*;q=0.8' },
  'plain text/html': { accept: 'text/html' },
}
const IMAGE_LOADERS: Record<string, { accept?: string; secFetchDest?: string }> = {
  // java.net.HttpURLConnection's default (sun.net.www.protocol.http.HttpURLConnection.acceptString).
  'java HttpURLConnection': { accept: 'text/html, image/gif, image/jpeg, *; q=.2, */*; q=.2' },
  // MineSkin's URL handler: axios with its global `Accept: application/json` (src/generator/Requests.ts).
  'mineskin url handler': { accept: 'application/json' },
  curl: { accept: '*/*' },
  axios: { accept: 'application/json, text/plain, */*' },
  'no accept': {},
  'an <img> in chromium': { accept: 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8', secFetchDest: 'image' },
  'fetch() in a page': { accept: 'text/html,application/xhtml+xml', secFetchDest: 'empty' },
  'html refused': { accept: 'text/html;q=0, */*' },
}

describe('page or PNG for a skin link', () => {
  for (const [name, signals] of Object.entries(NAVIGATIONS)) test(`${name} gets the page`, () => expect(wantsPage(signals)).toBe(true))
  for (const [name, signals] of Object.entries(IMAGE_LOADERS)) test(`${name} gets the PNG`, () => expect(wantsPage(signals)).toBe(false))

  test('accepted ranges drop q=0 and parameters', () => {
    expect(acceptedRanges('Text/HTML;q=0, image/png;q=0.5, */*')).toEqual(['image/png', '*/*'])
    expect(acceptedRanges(undefined)).toEqual([])
  })
})
