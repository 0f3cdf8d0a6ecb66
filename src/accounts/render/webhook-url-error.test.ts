/**
 * The keys page's words for each refused webhook URL (./webhook-url-error.ts), from the checker's own
 * problems: each says what is wrong with this URL, naming the host or address where there is one.
 */
import { describe, expect, test } from 'bun:test'
import de from '../../../locales/de.json'
import en from '../../../locales/en.json'
import { checkWebhookUrl, WebhookUrlError } from '../../api/webhooks/webhook-url'
import { createTranslator } from '../../shared/i18n/translator'
import { webhookUrlErrorText } from './webhook-url-error'

const resolve = async (host: string) => {
  if (host === 'intranet.example') return ['93.184.215.14', '192.168.1.20']
  if (host === 'nowhere.example') throw new Error('ENOTFOUND')
  if (host === 'empty.example') return []
  return ['93.184.215.14']
}

/** The text the keys page shows for `url` in `table`'s language. */
async function refusal(url: string, table: Record<string, unknown> = en, locale: 'en' | 'de' = 'en'): Promise<string> {
  try {
    await checkWebhookUrl(url, { resolve })
  } catch (e) {
    if (e instanceof WebhookUrlError) return webhookUrlErrorText(createTranslator(locale, table), e.problem)
    throw e
  }
  throw new Error(`${url} was accepted`)
}

describe('why a webhook URL was refused, in words', () => {
  test('each problem is named, with its host or address', async () => {
    expect(await refusal('https://intranet.example/hook')).toBe('intranet.example points to 192.168.1.20, a private, local or reserved address. Webhooks are sent only to public addresses.')
    expect(await refusal('https://[::1]/hook')).toBe('[::1] is a private, local or reserved address. Webhooks are sent only to public addresses.')
    expect(await refusal('https://nowhere.example/hook')).toContain('The host nowhere.example could not be found.')
    expect(await refusal('https://empty.example/hook')).toBe('The host empty.example has no address to send to.')
    expect(await refusal('ftp://example.com/hook')).toBe('Webhooks are sent over https only; this URL uses ftp.')
    expect(await refusal(`https://example.com/${'x'.repeat(300)}`)).toBe('This URL is 320 characters long; at most 256 are allowed.')
    expect(await refusal('https://user:pw@example.com/')).toContain('Remove the user name and password')
    expect(await refusal('example.com/hook')).toContain('This is not a web address.')
  })

  test('in the page’s language', async () => {
    expect(await refusal('http://example.com/hook', de, 'de')).toBe('Webhooks werden nur über https gesendet; diese URL verwendet http.')
  })
})
