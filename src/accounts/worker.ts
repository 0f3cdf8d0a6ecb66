/**
 * The account site as a Cloudflare Worker (issue 24 point 1; wrangler.accounts.toml, Worker
 * `skin-signature-accounts`): the same app as on Bun (`createAccountsApp`), on the API Worker's D1
 * database, reached from the web Worker over its `ACCOUNTS` service binding under `/accounts`. What
 * differs from Bun is here only: the store is D1's, the anti-bot's spent proofs live in the API
 * Worker's Durable Object, the stylesheet comes from the build manifest in the static assets, and
 * mail is written to the Worker's log (Workers cannot open SMTP connections).
 * @module
 */
import type { DurableObjectNamespace, Fetcher } from '@cloudflare/workers-types'
import { createAltchaVerifierWithSecret } from '../api/antibot/altcha'
import { apiConfigFromEnv } from '../api/config'
import { durableSpentProofStore } from '../api/cloudflare/durable-spent-proofs'
import type { SpentProofObject } from '../api/cloudflare/spent-proof-object'
import { openD1Store } from '../api/store/d1-store'
import type { D1DatabaseLike } from '../api/store/sql'
import { clientManifestSchema, MANIFEST_PATH, type ClientManifest } from '../shared/client-manifest'
import { oneLineError } from '../shared/log/one-line'
import { createAccountsApp } from './app'
import type { AccountsDeps } from './deps'
import { createLogMailer } from './mail/log-mailer'

/** Bindings, variables and secrets of the account Worker. */
export interface AccountsWorkerEnv {
  /** The API Worker's D1 database: users, sessions, keys, credits, notifications live there. */
  DB: unknown
  /** The API Worker's Durable Object of spent anti-bot proofs (`script_name`). */
  SPENT_PROOFS: DurableObjectNamespace<SpentProofObject>
  /** The client build (dist/client): its manifest names the stylesheet and icons. */
  ASSETS: Fetcher
  /** Secret: the API's session key, shared, so the `ssg_api` cookie minted here is accepted there. */
  API_SESSION_SECRET?: string
  /** Secret: HMAC key of anti-bot challenges, the API Worker's. */
  ALTCHA_HMAC_KEY?: string
  /** The site's public origin; links in mail and redirects use it (else the request's origin). */
  PUBLIC_URL?: string
  /** Admins by configuration, comma separated (issue 22). */
  ADMIN_EMAILS?: string
}

const secret = (env: AccountsWorkerEnv, name: 'API_SESSION_SECRET' | 'ALTCHA_HMAC_KEY'): string => {
  const value = env[name]
  if (!value || value.length < 32) throw new Error(`The account Worker needs the ${name} secret (at least 32 characters, the API Worker's): wrangler secret put ${name} -c wrangler.accounts.toml`)
  return value
}

function buildApp(env: AccountsWorkerEnv, origin: string) {
  const store = openD1Store(env.DB as D1DatabaseLike)
  // The API's configuration from the same variables, for the anti-bot's counters (the API Worker's).
  const vars: Record<string, string> = {}
  for (const [k, v] of Object.entries(env)) if (typeof v === 'string') vars[k] = v
  const { antibot } = apiConfigFromEnv(vars)
  let manifest: Promise<ClientManifest> | undefined
  const appOrigin = (env.PUBLIC_URL ?? origin).replace(/\/+$/, '')
  const deps: AccountsDeps = {
    db: store.db as AccountsDeps['db'],
    sql: store.sql,
    sessionSecret: secret(env, 'API_SESSION_SECRET'),
    appOrigin,
    basePath: '/accounts',
    secureCookies: appOrigin.startsWith('https:'),
    manifest: () =>
      (manifest ??= (env.ASSETS.fetch(`https://assets.invalid${MANIFEST_PATH}`) as unknown as Promise<Response>).then(async (r) => {
        if (!r.ok) throw new Error('manifest.json missing from the assets: build the client first (bun src/islands/build.ts)')
        return clientManifestSchema.parse(await r.json())
      })),
    mailer: createLogMailer((line) => console.log(`[accounts-worker] ${line}`)),
    antibot: createAltchaVerifierWithSecret({ secret: secret(env, 'ALTCHA_HMAC_KEY'), spent: durableSpentProofStore(env.SPENT_PROOFS), minCounter: antibot.minCounter, maxCounter: antibot.maxCounter }),
    adminEmails: (env.ADMIN_EMAILS ?? '').split(',').map((e) => e.trim().toLowerCase()).filter(Boolean),
  }
  return createAccountsApp(deps)
}

let cached: { env: AccountsWorkerEnv; app: ReturnType<typeof buildApp> } | undefined

export default {
  async fetch(request: Request, env: AccountsWorkerEnv): Promise<Response> {
    try {
      if (!cached || cached.env !== env) cached = { env, app: buildApp(env, new URL(request.url).origin) }
    } catch (e) {
      console.error(`[accounts-worker] ${oneLineError(e)}`)
      return Response.json({ success: false, errors: [{ code: 'accounts_not_configured', message: e instanceof Error ? e.message : String(e) }] }, { status: 503 })
    }
    return cached.app.fetch(request)
  },
}
