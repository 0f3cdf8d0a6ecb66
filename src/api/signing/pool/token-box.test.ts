import { expect, test } from 'bun:test'
import { accountTokenContext, createTokenBox, isSealed } from './token-box'

const SECRET = 'x'.repeat(40)

test('a sealed token opens with the same key and context, and holds none of its bytes', async () => {
  const box = await createTokenBox(SECRET)
  const token = 'eyJhbGciOi.secret-refresh-token-value'
  const sealed = await box.seal(token, accountTokenContext('a'.repeat(32), 'refresh'))
  expect(isSealed(sealed)).toBe(true)
  expect(sealed).not.toContain('secret-refresh')
  expect(await box.open(sealed, accountTokenContext('a'.repeat(32), 'refresh'))).toBe(token)
  // Fresh IV each time: the same token never seals to the same text.
  expect(await box.seal(token, 'c')).not.toBe(await box.seal(token, 'c'))
})

test('another key, another row or a tampered value does not open', async () => {
  const box = await createTokenBox(SECRET)
  const sealed = await box.seal('token', accountTokenContext('a'.repeat(32), 'access'))
  await expect((await createTokenBox('y'.repeat(40))).open(sealed, accountTokenContext('a'.repeat(32), 'access'))).rejects.toThrow()
  await expect(box.open(sealed, accountTokenContext('b'.repeat(32), 'access'))).rejects.toThrow()
  const tampered = sealed.slice(0, -2) + (sealed.endsWith('A') ? 'BB' : 'AA')
  await expect(box.open(tampered, accountTokenContext('a'.repeat(32), 'access'))).rejects.toThrow()
  await expect(box.open('plain-token', 'x')).rejects.toThrow('Not a sealed token')
  await expect(createTokenBox('short')).rejects.toThrow('at least 32')
})
