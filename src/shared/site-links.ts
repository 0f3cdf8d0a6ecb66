/**
 * Where the footer links and the external route rules point (SPEC §2 footer). The
 * footer states only what is true of this instance: the source code, documentation, API reference,
 * account and API-key links exist for every instance and have defaults; the chat community, blog,
 * status page, legacy API reference, classic site, imprint, privacy, terms, cookie preferences and
 * the CDN / monitoring / hosting credits exist only when the operator configures them
 * (`SITE_LINKS_JSON`, see docs/configuration.md) and are left out otherwise. Privacy and cookie links fall back to
 * the built-in privacy page.
 * @module
 */
import { z } from 'zod'

const PROJECT = 'https://github.com/skin-signature-generator/skin-signature-generator'

/**
 * Targets under this path are pages of the account site (src/accounts), not app pages: the footer
 * puts them under the configured account site (`ACCOUNT_ORIGIN`) in the page's language, as the app's
 * `/account` and `/apikey` redirects do, instead of adding a language prefix.
 */
export const ACCOUNT_SITE_PREFIX = '/accounts'

/** A link target: an absolute http(s) URL or an app path. */
const target = z
  .string()
  .trim()
  .regex(/^(https?:\/\/[^\s]+|\/[^\s]*)$/, 'an http(s) URL or a path starting with /')

/** A credit: who provides a service, and their site. */
const credit = z.object({ name: z.string().trim().min(1).max(60), url: target })
/** One credit. */
export type SiteCredit = z.infer<typeof credit>

/** Every footer target, validated so an operator's override cannot break the page. */
export const siteLinksSchema = z
  .object({
    source: target.default(PROJECT),
    docs: target.default(`${PROJECT}#readme`),
    /** The built-in reference page over `/api/openapi.json`. */
    apiReference: target.default('/api-reference'),
    /** The translations live in the source's `locales/` unless a translation project is configured. */
    translate: target.default(`${PROJECT}/tree/main/locales`),
    /** The signing-account manager: where users lend their Minecraft accounts to the signing pool. */
    accountManager: target.default(`${ACCOUNT_SITE_PREFIX}/signing-accounts`),
    apiKeys: target.default('/apikey'),
    chat: target.optional(),
    blog: target.optional(),
    status: target.optional(),
    /** The legacy v1 routes in the built-in reference. */
    apiReferenceV1: target.default('/api-reference#api-ref-Legacy'),
    classic: target.optional(),
    imprint: target.optional(),
    /** Unset: the built-in `/privacy` page. */
    privacy: target.optional(),
    terms: target.optional(),
    /** Unset: the cookie section of the built-in privacy page (this instance asks no consent: it sets no tracking cookies). */
    cookies: target.optional(),
    cdn: credit.optional(),
    monitoring: credit.optional(),
    hosting: credit.optional(),
  })
  .strict()
/** The resolved footer targets. */
export type SiteLinks = z.infer<typeof siteLinksSchema>
/** Keys of the plain link targets (not the credits). */
export type SiteLinkKey = Exclude<keyof SiteLinks, 'cdn' | 'monitoring' | 'hosting'>

/** Defaults used when no override is configured. */
export const DEFAULT_SITE_LINKS: SiteLinks = siteLinksSchema.parse({})
