/**
 * What the keys page says about a refused webhook URL (src/api/webhooks/webhook-url.ts names the
 * problem): what is wrong with this URL and what to change, in the visitor's language. Literal
 * message keys, so the locale tests find each one.
 * @module
 */
import type { Translate } from '../../shared/i18n/translator'
import type { WebhookUrlProblem } from '../../api/webhooks/webhook-url'

/** The sentence for `problem`. */
export function webhookUrlErrorText(t: Translate, problem: WebhookUrlProblem): string {
  switch (problem.kind) {
    case 'tooLong':
      return t('accounts.webhooks.urlErrors.tooLong', { length: problem.length, max: problem.max })
    case 'notUrl':
      return t('accounts.webhooks.urlErrors.notUrl')
    case 'notHttps':
      return t('accounts.webhooks.urlErrors.notHttps', { scheme: problem.scheme.replace(/:$/, '') })
    case 'credentials':
      return t('accounts.webhooks.urlErrors.credentials')
    case 'noHost':
      return t('accounts.webhooks.urlErrors.noHost')
    case 'unresolvable':
      return t('accounts.webhooks.urlErrors.unresolvable', { host: problem.host })
    case 'noAddresses':
      return t('accounts.webhooks.urlErrors.noAddresses', { host: problem.host })
    case 'blocked':
      // An IP literal is its own address: say it once.
      if (problem.host === problem.address) return t('accounts.webhooks.urlErrors.blockedAddress', { address: problem.address })
      return t('accounts.webhooks.urlErrors.blocked', { host: problem.host, address: problem.address })
  }
}
