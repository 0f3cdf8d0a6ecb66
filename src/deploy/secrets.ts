/**
 * The Workers' secrets: which the API Worker's configuration needs, which of them
 * the account Worker shares, which a Worker already has, and new values for the ones a first deploy
 * may generate. Which secret a setting needs is what src/api/cloudflare/worker-env.ts and
 * src/accounts/worker.ts refuse to start without.
 * @module
 */
import { z } from 'zod'
import { CONFIG } from './stack-config'
import { outputOf, type Wrangler } from './wrangler'

/** A secret a Worker needs, why, and how to make a value by hand. */
export interface NeededSecret {
  name: string
  why: string
  command: string
}

const random = (name: string, why: string): NeededSecret => ({ name, why, command: `openssl rand -hex 32 | bun run wrangler secret put ${name} -c ${CONFIG.api} --env stack` })

/**
 * What the token key seals, whatever the signer: webhook secrets (docs/webhooks.md), linked Minecraft
 * accounts' tokens (docs/wear.md) and, with SIGNER=mojang, the signing pool's. Without it the Workers
 * offer neither webhooks nor linking, rather than store those credentials as they are.
 */
const TOKEN_KEY_USE = 'sealing stored credentials: webhook secrets, linked Minecraft accounts’ tokens and the signing pool’s'

/** The secrets the API Worker's variables call for. */
export function neededSecrets(vars: Record<string, string>): NeededSecret[] {
  const signer = vars.SIGNER ?? 'local'
  const antibot = vars.ANTIBOT ?? 'altcha'
  return [
    random('API_SESSION_SECRET', 'session cookies'),
    ...(antibot === 'off' ? [] : [random('ALTCHA_HMAC_KEY', 'anti-bot challenges (ANTIBOT=altcha)')]),
    ...(signer === 'local'
      ? [
          {
            name: 'SIGNING_KEY_PEM',
            why: 'the local signer (SIGNER=local): PKCS#8 PEM of an RSA-4096 key',
            command: `bun run wrangler secret put SIGNING_KEY_PEM -c ${CONFIG.api} --env stack < .data/signing-key.pem`,
          },
        ]
      : []),
    random('POOL_TOKEN_KEY', TOKEN_KEY_USE),
  ]
}

/**
 * The secrets the account Worker needs, each the API Worker's value: its `ssg_api` session cookie
 * must pass the API's check, its anti-bot proofs are the API's challenges, and it seals webhook
 * secrets, linked accounts' tokens and the signing pool's tokens the API Worker opens. The anti-bot key is needed whatever ANTIBOT
 * says, as src/accounts/worker.ts refuses to start without it. `command` sets one by hand.
 */
export function sharedSecrets(_vars: Record<string, string>): NeededSecret[] {
  const shared = (name: string, why: string): NeededSecret => ({ name, why, command: `bun run wrangler secret put ${name} -c ${CONFIG.accounts} --env stack` })
  return [
    shared('API_SESSION_SECRET', 'session cookies'),
    shared('ALTCHA_HMAC_KEY', 'anti-bot challenges'),
    shared('POOL_TOKEN_KEY', TOKEN_KEY_USE),
  ]
}

/** What `wrangler secret list --format json` prints: one entry per secret, never its value. */
const secretListSchema = z.array(z.object({ name: z.string() }))

/**
 * The secret names the Worker `-c config --env stack` has; an empty list when the Worker does not
 * exist yet (a first deploy), or wrangler's message when it could not say.
 */
export async function existingSecrets(wrangler: Wrangler, config: string): Promise<{ names: string[] } | { error: string }> {
  const r = await wrangler(['secret', 'list', '-c', config, '--env', 'stack', '--format', 'json'])
  if (r.code === 0) {
    try {
      const parsed = secretListSchema.safeParse(JSON.parse(r.stdout.slice(r.stdout.indexOf('['))))
      if (parsed.success) return { names: parsed.data.map((s) => s.name) }
    } catch {
      // Not JSON: reported below with what wrangler printed.
    }
    return { error: `wrangler secret list printed no JSON list of secrets:\n${outputOf(r)}` }
  }
  // Cloudflare's "Worker not found" (code 10007): nothing deployed yet, so nothing set.
  if (/10007|does not exist|not found/i.test(outputOf(r))) return { names: [] }
  return { error: outputOf(r) }
}

/** A new value for `name`: 32 random bytes as hex, or an RSA-4096 PKCS#8 PEM for the signing key. */
export async function generateSecret(name: string): Promise<string> {
  if (name !== 'SIGNING_KEY_PEM') return Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('hex')
  const pair = await crypto.subtle.generateKey({ name: 'RSASSA-PKCS1-v1_5', modulusLength: 4096, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-1' }, true, ['sign', 'verify'])
  const der = Buffer.from(await crypto.subtle.exportKey('pkcs8', pair.privateKey)).toString('base64')
  return `-----BEGIN PRIVATE KEY-----\n${der.match(/.{1,64}/g)!.join('\n')}\n-----END PRIVATE KEY-----\n`
}
