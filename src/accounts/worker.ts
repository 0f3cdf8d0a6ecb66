/**
 * The account site as a Cloudflare Worker (wrangler.accounts.toml, Worker
 * `skin-signature-accounts`): the same app as on Bun (`createAccountsApp`), on the API Worker's D1
 * database, reached from the web Worker over its `ACCOUNTS` service binding under `/accounts`. What
 * differs from Bun is here only: the store is D1's, the anti-bot's spent proofs live in the API
 * Worker's Durable Object, the stylesheet comes from the build manifest in the static assets, mail is
 * written to the Worker's log (Workers cannot open SMTP connections), and the signing-account manager
 * opens the pool's sealed tokens with the `POOL_TOKEN_KEY` secret instead of a key file.
 * @module
 */
import type { DurableObjectNamespace, ExecutionContext, Fetcher, R2Bucket } from '@cloudflare/workers-types'
import { createAltchaVerifierWithSecret } from '../api/antibot/altcha'
import { apiConfigFromWorkerEnv } from '../api/config'
import { durableSpentProofStore } from '../api/cloudflare/durable-spent-proofs'
import type { SpentProofObject } from '../api/cloudflare/spent-proof-object'
import { openD1Store } from '../api/store/d1-store'
import type { D1DatabaseLike } from '../api/store/sql'
import { clientManifestSchema, MANIFEST_PATH, type ClientManifest } from '../shared/client-manifest'
import { oneLineError } from '../shared/log/one-line'
import { createAccountsApp } from './app'
import type { AccountsDeps } from './deps'
import { createLogMailer } from './mail/log-mailer'
import Argon2 from '@phi-ag/argon2'
import argon2Wasm from '@phi-ag/argon2/argon2.wasm'
import { useWasmArgon2 } from './services/passwords'
import { perOriginBuilds } from '../api/cloudflare/per-origin-builds'
import { publicOriginOf } from '../shared/public-origin'
import { createSigningPool } from '../api/signing/pool/signing-pool'
import { createTokenBox } from '../api/signing/pool/token-box'
import { textureKey } from '../api/blob/blob-store'
import { r2BlobStore } from '../api/cloudflare/r2-blob-store'
import { wardrobeFromConfig } from '../api/wear/wardrobe-from-config'
import { withEdgeClientAddress } from '../shared/edge-client-address'

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
  /** The site's public origin; links in mail and redirects use it (else the origin the visitor used, forwarded by the web Worker). */
  PUBLIC_URL?: string
  /** Admins by configuration, comma separated. */
  ADMIN_EMAILS?: string
  /** Secret: the API Worker's key of the signing pool's sealed tokens; without it `/signing-accounts` and `/minecraft` say they are not available here. */
  POOL_TOKEN_KEY?: string
  /** The API Worker's R2 bucket of skin PNGs: "wear this skin" uploads the stored texture (docs/wear.md). */
  BLOBS?: R2Bucket
  /** Producer of the API Worker's webhook queue `skin-webhooks`: the keys page's webhook settings and "Send a test event" (docs/webhooks.md). */
  WEBHOOKS?: { send(body: { deliveryId: string }): Promise<unknown> }
}

const secret = (env: AccountsWorkerEnv, name: 'API_SESSION_SECRET' | 'ALTCHA_HMAC_KEY'): string => {
  const value = env[name]
  if (!value || value.length < 32) throw new Error(`The account Worker needs the ${name} secret (at least 32 characters, the API Worker's): wrangler secret put ${name} -c wrangler.accounts.toml`)
  return value
}

/** argon2id for passwords: the bundle carries the module compiled; one instance per isolate. */
let argon2: Promise<void> | undefined

async function buildApp(env: AccountsWorkerEnv, appOrigin: string) {
  argon2 ??= WebAssembly.instantiate(argon2Wasm).then((instance) => useWasmArgon2(new Argon2(instance)))
  await argon2.catch((e: unknown) => {
    argon2 = undefined // the next build tries again
    throw e
  })
  const store = openD1Store(env.DB as D1DatabaseLike)
  // The API's configuration from the same variables (the anti-bot's counters, the signer, the pool's rules).
  const config = apiConfigFromWorkerEnv({ ...env, PUBLIC_URL: appOrigin })
  const { antibot } = config
  let manifest: Promise<ClientManifest> | undefined
  // Owners lend accounts to the pool here whichever signer signs, as on Bun; the tokens need the API Worker's key.
  const box = config.pool.tokenKey ? await createTokenBox(config.pool.tokenKey) : undefined
  const pool = box ? createSigningPool({ sql: store.sql, box, config: config.pool, now: Date.now, managerUrl: `${appOrigin}/accounts/signing-accounts` }).manager : undefined
  // Users' own linked Minecraft accounts: the same key seals their tokens; the skins' PNGs are in the API's bucket.
  const blobs = env.BLOBS ? r2BlobStore(env.BLOBS) : undefined
  const wardrobe =
    box && blobs
      ? wardrobeFromConfig(config, { sql: store.sql, db: store.db as AccountsDeps['db'], box, loadTexture: async (hash) => (await blobs.get(textureKey(hash)))?.bytes ?? null })
      : undefined
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
    adminEmails: config.adminEmails,
    ...(pool ? { pool } : {}),
    ...(wardrobe ? { wardrobe } : {}),
    // Webhooks: the platform refuses private addresses itself; a test event is one message on the API Worker's queue.
    // Webhook secrets are stored sealed only: without a token key the keys page offers no webhooks.
    ...(env.WEBHOOKS && box ? { webhooks: { rules: { platformBlocksPrivate: true }, wake: async (deliveryId: string) => void (await env.WEBHOOKS!.send({ deliveryId })), box } } : {}),
    siteStatus: {
      signer: { kind: config.signer, origin: config.signer === 'upstream' ? (config.upstream.origin ?? null) : null },
      storageBudgetBytes: config.storageBudgetBytes,
      backupsDir: null,
      lastBackup: () => null,
    },
  }
  return createAccountsApp(deps)
}

const appFor = perOriginBuilds(buildApp)

export default {
  async fetch(incoming: Request, env: AccountsWorkerEnv, ctx: ExecutionContext): Promise<Response> {
    const request = withEdgeClientAddress(incoming)
    // PUBLIC_URL names the site; without it, the origin the visitor used (forwarded by the web Worker).
    const origin = (env.PUBLIC_URL ?? publicOriginOf(request)).replace(/\/+$/, '')
    let app: Awaited<ReturnType<typeof buildApp>>
    try {
      app = await appFor(env, origin)
    } catch (e) {
      // A missing secret or a bad variable: say what to set (the next request builds again).
      console.error(`[accounts-worker] ${oneLineError(e)}`)
      return Response.json({ success: false, errors: [{ code: 'accounts_not_configured', message: e instanceof Error ? e.message : String(e) }] }, { status: 503 })
    }
    // The site sees the URL the visitor used (its own origin, links, avatar URLs), not the binding's.
    // The execution context keeps a mail written after the answer alive (`waitUntil`, mail/send-account-mail.ts).
    const url = new URL(request.url)
    return app.fetch(url.origin === origin ? request : new Request(origin + url.pathname + url.search, request), env, ctx)
  },
}
