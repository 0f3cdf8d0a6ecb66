/**
 * test/support/browser.ts drops what Playwright's client throws for an event about an object it has
 * already disposed (the cause of three failed clean-clone runs of the skin viewer test), and nothing else: a
 * reply to a call nobody made still throws.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import type { Browser } from 'playwright-core'
import { launchChromium } from '../support/browser'

let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
})

const connection = () => (browser as unknown as { _connection: { dispatch(message: object): void } })._connection

test('an event for an object the client no longer has is dropped', async () => {
  const context = await browser.newContext()
  const guid = (context as unknown as { _guid: string })._guid
  // A "requestFinished" naming a request the client has already disposed, as after a close.
  const late = { guid, method: 'requestFinished', params: { request: { guid: 'request@gone' }, responseEndTiming: 1 } }
  expect(() => connection().dispatch(late)).not.toThrow()
  // A message on a pipe that is gone.
  expect(() => connection().dispatch({ guid: 'jsonPipe@gone', method: 'message', params: {} })).not.toThrow()
  await context.close()
})

test('a reply to an unknown call still throws, and the browser still works', async () => {
  expect(() => connection().dispatch({ id: 987_654_321, result: {} })).toThrow(/Cannot find command to respond/)
  const page = await browser.newPage()
  await page.setContent('<p>still here</p>')
  expect(await page.textContent('p')).toBe('still here')
  await page.close()
})
