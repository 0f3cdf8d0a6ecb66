/**
 * Where the footer links and the external route rules point (SPEC §2 footer). A self-hosted
 * instance overrides them with `SITE_LINKS_JSON` (see README); internal pages use app paths.
 * @module
 */
import { z } from 'zod'

const PROJECT = 'https://github.com/skin-signature-generator/skin-signature-generator'

/** Every footer target, validated so an operator's override cannot break the page. */
export const siteLinksSchema = z.object({
  chat: z.string().default(`${PROJECT}/discussions`),
  source: z.string().default(PROJECT),
  blog: z.string().default(`${PROJECT}/releases`),
  translate: z.string().default(`${PROJECT}/tree/main/locales`),
  accountManager: z.string().default('/account'),
  apiKeys: z.string().default('/apikey'),
  status: z.string().default('/api/v2/stats'),
  docs: z.string().default(`${PROJECT}#readme`),
  apiReference: z.string().default(`${PROJECT}/blob/main/README.md#api`),
  apiReferenceV1: z.string().default('https://docs.mineskin.org/docs/v1/'),
  classic: z.string().default('https://classic.mineskin.org'),
  imprint: z.string().default(`${PROJECT}#imprint`),
  privacy: z.string().default(`${PROJECT}#privacy`),
  terms: z.string().default(`${PROJECT}#terms`),
  cookies: z.string().default(`${PROJECT}#cookies`),
  cdn: z.string().default('https://www.cloudflare.com'),
  monitoring: z.string().default('https://opentelemetry.io'),
  hosting: z.string().default('https://bun.sh'),
})
/** The resolved footer targets. */
export type SiteLinks = z.infer<typeof siteLinksSchema>

/** Defaults used when no override is configured. */
export const DEFAULT_SITE_LINKS: SiteLinks = siteLinksSchema.parse({})
