/**
 * How each minecraftservices answer becomes a refusal (docs/wear.md): what the user is told, when to
 * try again, and that nothing of Mojang's answer body reaches them.
 */
import { describe, expect, test } from 'bun:test'
import { profileApi } from './profile-api'
import { WearError } from './wear-errors'

const NOW = Date.UTC(2026, 10, 28, 12)
const answering = (res: () => Response | Promise<Response>) => profileApi({ servicesBase: 'http://mc.test', now: () => NOW, fetch: (async () => res()) as unknown as typeof fetch })
const refusal = async (api: ReturnType<typeof profileApi>) => {
  try {
    await api.uploadSkin('token', new Uint8Array([1]), 'classic')
  } catch (e) {
    if (e instanceof WearError) return e
    throw e
  }
  throw new Error('expected a refusal')
}

describe('minecraftservices answers → refusals', () => {
  test('429 with Retry-After (seconds or a date) gives the time to try again', async () => {
    expect((await refusal(answering(() => new Response('{}', { status: 429, headers: { 'retry-after': '30' } })))).retryAt).toBe(NOW + 30_000)
    const date = new Date(NOW + 90_000).toUTCString()
    expect((await refusal(answering(() => new Response('{}', { status: 429, headers: { 'retry-after': date } })))).retryAt).toBe(NOW + 90_000)
    const bare = await refusal(answering(() => new Response('{}', { status: 429 })))
    expect(bare.code).toBe('wear_rate_limited')
    expect(bare.retryAt).toBeUndefined()
  })

  test('401/403 ask for the sign-in, 400 is the image, 5xx and no answer are Mojang down', async () => {
    expect((await refusal(answering(() => new Response('', { status: 401 })))).code).toBe('link_needs_sign_in')
    expect((await refusal(answering(() => new Response('', { status: 403 })))).code).toBe('link_needs_sign_in')
    expect((await refusal(answering(() => new Response('', { status: 502 })))).code).toBe('minecraft_unavailable')
    expect((await refusal(answering(() => new Response('not json', { status: 200 })))).code).toBe('minecraft_unavailable')
    expect((await refusal(answering(() => Promise.reject(new TypeError('connection refused'))))).code).toBe('minecraft_unavailable')
    const bad = await refusal(answering(() => Response.json({ errorMessage: 'Secret upstream detail' }, { status: 400 })))
    expect(bad.code).toBe('invalid_skin')
    // The log keeps Mojang's words; the caller gets ours only.
    expect(bad.message).toContain('Secret upstream detail')
    expect(bad.publicMessage).not.toContain('Secret upstream detail')
    expect(bad.publicMessage).not.toContain('HTTP')
  })
})
