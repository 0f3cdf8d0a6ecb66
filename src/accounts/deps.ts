/**
 * What the account site needs: the API database (users, sessions, keys live there), the
 * session secret shared with the API, the allowed origins and an injectable clock for tests.
 * @module
 */
import type { AntiBotVerifier } from '../api/antibot/verifier'
import type { Db } from '../api/store/db'
import type { PoolManager } from '../api/signing/pool/pool-views'
import type { Wardrobe } from '../api/wear/wardrobe'
import type { SignerKind } from '../api/moderation/site-status'
import type { SqlClient } from '../api/store/sql'
import type { ClientManifest } from '../shared/client-manifest'
import type { Mailer } from './mail/mailer'
import type { WebhookUrlRules } from '../api/webhooks/webhook-url'
import type { TokenBox } from '../api/signing/pool/token-box'

/** Dependencies of {@link createAccountsApp}. */
export interface AccountsDeps {
  /** The API's Drizzle database (src/api/store/schema.ts: users, account_sessions, login_failures, …). */
  db: Db
  /** HS256 secret of `<DATA_DIR>/session-secret`, shared with the API's `ssg_api` check. */
  sessionSecret: string
  /**
   * The app's public origin, e.g. https://skins.example.org: "back to the app", redirect target, and
   * the origin of links in mail when `basePath` is a path (never the request's Host, which a
   * client sets: reset links must not be poisoned).
   */
  appOrigin: string
  /** Path (or absolute URL) under which the account site is served, e.g. `/accounts`. */
  basePath: string
  /** Extra origins a `redirect` may lead to (config allowlist). */
  extraRedirectOrigins?: string[]
  /** Marks cookies `Secure` (PUBLIC_URL is https). */
  secureCookies: boolean
  /** Loads the client build manifest (stylesheet, icon sprite). */
  manifest: () => Promise<ClientManifest>
  /** Sends the confirmation and recovery mails (SMTP, or the log when none is configured). */
  mailer: Mailer
  /** Checks the anti-bot proofs that credential forms need after repeated failures. */
  antibot: AntiBotVerifier
  /** How long a form body may take to arrive before 408 (`BODY_TIMEOUT_MS`, default 10 s). */
  bodyTimeoutMs?: number
  /**
   * The signing-account manager: users lend their Minecraft accounts to the signing
   * pool at `/signing-accounts`. Absent when the site runs without the API's pool; those pages then
   * answer 404 "not available on this server".
   */
  pool?: PoolManager
  /**
   * Users' own linked Minecraft accounts ("Wear it", docs/wear.md): `/minecraft` links one and
   * `/minecraft/wear` puts a skin on it. Absent where the pool's token key is not available; those
   * pages then say it is not available on this server.
   */
  wardrobe?: Wardrobe
  /**
   * Webhooks on the keys page (docs/webhooks.md): the URL rules of the API's fetcher (SSRF guard) and a
   * wake-up of the API's deliveries after "Send a test event" stored delivery `deliveryId` (Bun: the loop;
   * Workers: a message on the webhook queue). Absent: the keys page has no webhook parts.
   */
  webhooks?: {
    rules: WebhookUrlRules
    wake(deliveryId: string): void | Promise<void>
    /** Seals new secrets with the API's token key (src/api/webhooks/secret.ts); absent: stored as they are. */
    box?: TokenBox
  }
  /** E-mail addresses that are admins by configuration (`ADMIN_EMAILS`, lower-cased). */
  adminEmails?: string[]
  /**
   * The API's SQL client over the same database (the moderation services of src/api/moderation
   * run on it); on Bun it is made from `db` when absent.
   */
  sql?: SqlClient
  /**
   * What the console's site status (`/admin`) needs of the API's configuration: the
   * signer (`SIGNER`, and the upstream origin), `STORAGE_BUDGET_MB` in bytes and the folder `bun run
   * backup` writes to. Absent: the page says those parts are not reported by this server.
   */
  siteStatus?: {
    signer: { kind: SignerKind; origin?: string | null }
    storageBudgetBytes: number
    /** Null where the host makes no snapshots (Workers: D1 keeps its own history, Time Travel); the card then says it is not reported. */
    backupsDir: string | null
    /** The newest snapshot there (`latestSnapshot` of src/api/store/backup.ts on Bun): read by the host, so the site needs no file system (it runs on Workers too). */
    lastBackup: () => { at: number; file: string } | null
  }
  /**
   * Runs a mail's send. By default after the answer has gone (the next macrotask, kept alive with
   * `waitUntil` on Workers), so neither SMTP's time nor the log's shows in how long an answer takes;
   * tests run it at once, so the mail is there when the answer is.
   */
  deferMail?: (send: () => Promise<void>) => void
  /** The clock in ms; injected so session expiry and throttling are testable. */
  now?: () => number
}
